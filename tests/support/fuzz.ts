// Hostile input for the fuzz tests (tests/api/fuzz.test.ts, tests/e2e/fuzz-pages.e2e.ts):
// a seeded generator, so a failing run is reproduced with FUZZ_SEED=<the printed seed>.
import crypto from "node:crypto";

/** The run's seed: FUZZ_SEED when given, a fresh one otherwise (printed by the tests). */
export function fuzzSeed(): number {
  const given = process.env.FUZZ_SEED;
  if (given !== undefined && given !== "") {
    const seed = Number(given);
    if (!Number.isInteger(seed) || seed < 0) throw new Error(`FUZZ_SEED must be a whole number, not ${given}`);
    return seed >>> 0;
  }
  return crypto.randomInt(2 ** 31);
}

/** mulberry32: small, fast and the same on every machine. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }
  /** a few distinct entries of the list */
  some<T>(list: readonly T[], most: number): T[] {
    const copy = [...list];
    const out: T[] = [];
    const n = this.int(1, Math.min(most, copy.length));
    for (let i = 0; i < n; i++) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]!);
    return out;
  }
}

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

const numbers = [
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
  "standardDeliveryKobo",
  "expressSurchargeKobo",
  "lowStockThreshold",
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

/** Percent-encodes any string; a lone surrogate (which encodeURIComponent refuses) becomes invalid UTF-8 on purpose. */
export function encodeAny(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return (
      value
        .replace(/[\ud800-\udfff]/g, "")
        .split("")
        .map((c) => encodeURIComponent(c))
        .join("") + "%ED%A0%80"
    );
  }
}

/** A query string of hostile values; some keep their raw, broken percent-encoding. */
export function hostileQuery(rng: Rng, names: readonly string[] = queryNames): string {
  const parts: string[] = [];
  for (const name of rng.some(names, 4)) {
    const raw = rng.chance(0.15) ? rng.pick(["%", "%zz", "%00", "%ff", "%c0%80", "%ed%a0%80", "a%2", "%%", "+", "%0a"]) : null;
    // long, but mostly within what a server takes in a URL (16 KB of headers in Node)
    const value = (rng.chance(0.2) ? rng.pick(hostileDates) : rng.chance(0.2) ? String(rng.pick(numbers)) : hostileString(rng)).slice(
      0,
      rng.chance(0.05) ? 20_000 : 2_000,
    );
    parts.push(`${encodeURIComponent(name)}=${raw ?? encodeAny(value)}`);
    // the same name twice
    if (rng.chance(0.1)) parts.push(`${encodeURIComponent(name)}=${encodeAny(hostileString(rng))}`);
  }
  return parts.join("&");
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

/** A JSON body built from a sample: fields replaced by hostile values, dropped, or joined by unknown ones. */
export function mutateBody(rng: Rng, sample: Record<string, unknown>): unknown {
  const body: Record<string, unknown> = { ...sample };
  const keys = Object.keys(body);
  for (const key of keys.length ? rng.some(keys, 3) : []) {
    if (rng.chance(0.2)) delete body[key];
    else body[key] = hostileValue(rng);
  }
  if (rng.chance(0.15)) body[rng.pick(fieldNames)] = hostileValue(rng);
  if (rng.chance(0.05)) return [body];
  return body;
}

/** A body of random known field names with hostile values. */
export function randomBody(rng: Rng): Record<string, unknown> {
  return Object.fromEntries(rng.some(fieldNames, 6).map((name) => [name, hostileValue(rng)]));
}

/** A multipart body: hostile fields, a file that is not an image, or a broken envelope. */
export function hostileMultipart(rng: Rng, sample: Record<string, unknown> = {}): { body: Uint8Array | string; contentType: string } {
  const boundary = `----fuzz${rng.int(0, 1e9)}`;
  const roll = rng.next();
  if (roll < 0.3) {
    // a broken envelope
    return rng.pick([
      { body: `--${boundary}\r\nnonsense`, contentType: `multipart/form-data; boundary=${boundary}` },
      { body: `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nx`, contentType: "multipart/form-data" },
      { body: "not multipart at all", contentType: `multipart/form-data; boundary=${boundary}` },
      {
        body: `--other\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--other--\r\n`,
        contentType: `multipart/form-data; boundary=${boundary}`,
      },
      {
        body: `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--${boundary}--\r\n`,
        contentType: `multipart/form-data; boundary=${boundary}`,
      },
      { body: "", contentType: `multipart/form-data; boundary=${boundary}` },
    ]);
  }
  const fields = roll < 0.65 ? (mutateBody(rng, sample) as Record<string, unknown>) : randomBody(rng);
  const parts: Buffer[] = [];
  const entries = Array.isArray(fields) ? [] : Object.entries(fields);
  for (const [name, value] of entries) {
    const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`));
  }
  if (rng.chance(0.6)) {
    const file = rng.pick([
      Buffer.from("not an image"),
      crypto.randomBytes(rng.int(1, 4096)),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="99999" height="99999"></svg>'),
      Buffer.alloc(0),
    ]);
    const name = rng.pick(["imageUrl", "image", "file"]);
    const filename = rng.pick(["a.png", "../../x.png", "a\u0000.png", "", "a.svg"]);
    const type = rng.pick(["image/png", "image/jpeg", "application/octet-stream", "text/html"]);
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
    );
    parts.push(file, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: new Uint8Array(Buffer.concat(parts)), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A url-encoded form of hostile values for the given (or random) field names. */
export function hostileForm(rng: Rng, names: readonly string[] = fieldNames): string {
  const form = new URLSearchParams();
  for (const name of rng.some(names, 8)) form.append(name, hostileString(rng));
  if (rng.chance(0.2)) form.append(rng.pick(fieldNames), hostileString(rng));
  return form.toString();
}

/** A server-side stack trace, or a file path, in an answer's body. */
export function leaksStack(body: string): boolean {
  return /\n\s+at [^\n]+:\d+:\d+|\bat [\w.<>$]+ \([^)]*:\d+:\d+\)|node_modules\/|file:\/\//.test(body) || body.includes(process.cwd());
}

/** Counts requests by role and kind, and prints them as a small table. */
export class Tally {
  readonly counts = new Map<string, Map<string, number>>();
  add(role: string, kind: string) {
    const row = this.counts.get(role) ?? new Map<string, number>();
    row.set(kind, (row.get(kind) ?? 0) + 1);
    this.counts.set(role, row);
  }
  get total(): number {
    let n = 0;
    for (const row of this.counts.values()) for (const v of row.values()) n += v;
    return n;
  }
  table(): string {
    const kinds = [...new Set([...this.counts.values()].flatMap((row) => [...row.keys()]))].sort();
    const lines = [["role", ...kinds, "total"].join("\t")];
    for (const [role, row] of this.counts) {
      const values = kinds.map((k) => row.get(k) ?? 0);
      lines.push([role, ...values, values.reduce((a, b) => a + b, 0)].join("\t"));
    }
    return lines.join("\n");
  }
}
