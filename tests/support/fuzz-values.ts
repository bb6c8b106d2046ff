// Hostile values for the fuzz tests (tests/api/fuzz.test.ts, tests/e2e/fuzz-pages.e2e.ts):
// text no form would send, numbers at the edges, dates a database cannot hold, bad ids.
import type { Rng } from "./fuzz-rng";

const UUID_UNKNOWN = "00000000-0000-4000-8000-000000000000";

const strings = [
  "",
  " ",
  "\u0000",
  "calm\u0000journal",
  "%00",
  "%",
  "_",
  "%_%",
  "\\",
  "'",
  "' OR 1=1 --",
  "'; drop table users; --",
  '"',
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "..\\..\\windows",
  "\ud800",
  "\udfff\ud800",
  "🙂🌸",
  "ＡＢＣ１２３",
  "\u202egnp.exe",
  "\r\n\r\n",
  "\t",
  "\u0001\u0002\u001f\u007f",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "0",
  "1e309",
  "0x1f",
  "٣",
  "1,000",
  "₦5,000",
  "${7*7}",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "true",
  UUID_UNKNOWN,
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "123e4567-e89b-12d3-a456-42661417400",
  "a@b",
  "@",
  "ada@example.ng",
  "ada@example.ng\u0000",
  "ALF-0000",
  "ALF-\u0000",
] as const;

export const numbers = [
  0,
  -0,
  -1,
  1,
  1.5,
  0.001,
  0.005,
  1e-7,
  99.999,
  1e21,
  1e308,
  -1e308,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  999_999_999_999,
] as const;

export const hostileDates = [
  "0001-01-01",
  "0000-00-00",
  "0000-12-31",
  "9999-12-31",
  "10000-01-01",
  "+002026-01-01",
  "-000001-01-01",
  "2026-02-30",
  "2026-13-01",
  "2026-00-10",
  "2026-1-1",
  "2026/01/01",
  "2026-01-01T00:00:00Z",
  "1970-01-01",
  "1899-12-31",
  "3000-01-01",
  "yesterday",
  "2026-01-01\u0000",
] as const;

/** A string no form would send: control characters, huge, lone surrogates, SQL, paths. */
export function hostileString(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.08) return "x".repeat(rng.pick([101, 257, 5_001, 60_000]));
  if (roll < 0.1) return "\u0000".repeat(rng.int(1, 50));
  if (roll < 0.2) return rng.pick(hostileDates);
  if (roll < 0.25) return String(rng.pick(numbers));
  return rng.pick(strings);
}

/** Any JSON value of the wrong kind: strings, odd numbers, null, booleans, arrays, objects, deep nesting. */
export function hostileValue(rng: Rng, depth = 0): unknown {
  const roll = rng.next();
  if (roll < 0.45) return hostileString(rng);
  if (roll < 0.65) return rng.pick(numbers);
  if (roll < 0.72) return rng.pick([null, true, false]);
  if (roll < 0.8 && depth < 3) return Array.from({ length: rng.int(0, 3) }, () => hostileValue(rng, depth + 1));
  if (roll < 0.88 && depth < 3) return { [rng.pick(fieldNames)]: hostileValue(rng, depth + 1) };
  if (roll < 0.92) return nested(rng.pick([20, 33, 200]));
  return rng.pick([[], {}, "", 0]);
}

/** The field names the shop's forms and APIs use, and a few they do not. */
export const fieldNames = [
  "email",
  "password",
  "confirmPassword",
  "firstName",
  "lastName",
  "phone",
  "lga",
  "address",
  "role",
  "token",
  "title",
  "price",
  "discount",
  "description",
  "categoryId",
  "color",
  "size",
  "stock",
  "name",
  "heading",
  "text",
  "deliveryCharge",
  "status",
  "note",
  "shopName",
  "contactEmail",
  "contactPhone",
  "contactAddress",
  "vatRate",
  "usdRate",
  "standardDeliveryFee",
  "expressSurcharge",
  "lowStockThreshold",
  "freeDeliveryAboveKobo",
  "code",
  "kind",
  "amount",
  "percent",
  "minOrder",
  "maxUses",
  "maxUsesPerCustomer",
  "startsAt",
  "endsAt",
  "productIds",
  "categoryIds",
  "paused",
  "productId",
  "quantity",
  "userId",
  "lines",
  "street",
  "city",
  "state",
  "deliveryMethod",
  "reference",
  "rating",
  "comment",
  "message",
  "source",
  "communicationPlatform",
  "communicationCategory",
  "intent",
  "redirectTo",
  "imageUrl",
  "isAdmin",
  "__proto__",
  "constructor",
  "id",
] as const;

/** The query parameter names pages and lists read, and some they do not. */
export const queryNames = [
  "q",
  "page",
  "pageSize",
  "from",
  "to",
  "sort",
  "status",
  "categoryId",
  "promo",
  "lga",
  "deliveryMethod",
  "reference",
  "trxref",
  "productId",
  "redirectTo",
  "token",
  "v",
  "payment",
  "saved",
  "utm_source",
  "code",
  "role",
  "q[]",
  "page[0]",
  "__proto__",
] as const;

/** JSON text of an array nested `depth` levels deep (JSON.stringify itself overflows past a few thousand). */
export function nestedJson(depth: number): string {
  return "[".repeat(depth) + '"deep"' + "]".repeat(depth);
}

/** An array nested `depth` levels deep. */
export function nested(depth: number): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** A path segment that should name a record and does not. */
export function badId(rng: Rng): string {
  return rng.pick([
    "abc",
    "0",
    "-1",
    "1e10",
    "%00",
    "%ff",
    "%",
    "null",
    "undefined",
    "%27",
    "..%2F..%2Fetc",
    "x".repeat(300),
    UUID_UNKNOWN,
    "00000000-0000-0000-0000-000000000000",
    "123e4567-e89b-12d3-a456-426614174000",
    "123E4567-E89B-12D3-A456-426614174000",
    "123e4567-e89b-12d3-a456-426614174000%20",
    "123e4567e89b12d3a456426614174000",
    "%F0%9F%99%82",
  ]);
}

/** Text that is not JSON, or JSON meant to hurt: truncated, deep, huge numbers, escapes of NUL and lone surrogates. */
export function malformedJson(rng: Rng): string {
  return rng.pick([
    "",
    "{",
    "}",
    '{"a":',
    '{"a":1,}',
    "{'email':'a@b.ng'}",
    "nul",
    "\u0000",
    '{"email":"\\u0000"}',
    '{"title":"\\ud800"}',
    '{"__proto__":{"role":"admin"}}',
    '{"email":"a@b.ng","email":"c@d.ng"}',
    "\ufeff{}",
    "[".repeat(5_000),
    "[".repeat(60_000) + "]".repeat(60_000),
    '{"a":'.repeat(30_000) + "1" + "}".repeat(30_000),
    "1e999999",
    "-",
    '"' + "x".repeat(10_000),
    "NaN",
    '{"price": Infinity}',
    "undefined",
    "<xml/>",
  ]);
}
