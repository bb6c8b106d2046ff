import { z } from "zod";
import { normalizeNigerianPhone } from "./phone";

// Form fields arrive as strings (multipart, FormData) or as JSON values; these
// helpers accept both so one schema serves the API, the form and the tests.

/** A blank field ("" or null) counts as one not sent, for an optional field. */
export const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** A required number; "" or a missing value is "{label} is required". */
export const numberField = (label: string) =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === "string" ? Number(b.trim()) : b;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) })
      .refine(Number.isFinite, `${label} must be a number`),
  );

/** A whole number from `min` to `max` (a form's text or JSON): numberField's words, then the range's. */
export const wholeNumberField = (label: string, min: number, max: number) =>
  numberField(label).pipe(
    z
      .number()
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min.toLocaleString("en-NG")}`)
      .max(max, `${label} must be at most ${max.toLocaleString("en-NG")}`),
  );

/** An optional number that defaults to `fallback` when blank. */
export const optionalNumberField = (label: string, fallback: number) =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return b === undefined ? fallback : typeof b === "string" ? Number(b.trim()) : b;
    },
    z.number({ error: `${label} must be a number` }).refine(Number.isFinite, `${label} must be a number`),
  );

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Optional free text; blank becomes null. */
export const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : (v ?? null)),
    z.string().trim().max(max, `${label} must be at most ${max} characters`).nullable(),
  );

/** Has at most two decimals (docs/product.md §5: step 0.01). */
export const hasCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

// A day the database can hold and a shop can mean: year 0001 (or 0000) is outside what
// PostgreSQL's timestamps take once shifted to Lagos time; 2026-02-31 is not a day at all.
export const FIRST_DAY = "1900-01-01";
export const LAST_DAY = "2999-12-31";
const isRealDay = (s: string) => {
  const time = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === s;
};

/** Admin list paging and date filters (YYYY-MM-DD, inclusive): the one date parser of the API's and the pages' lists. */
export const dateParam = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Use a date like 2026-01-31", abort: true })
    .refine(isRealDay, { message: "Use a real date", abort: true })
    .refine((s) => s >= FIRST_DAY && s <= LAST_DAY, "Use a date between 1900 and 2999")
    .optional(),
);

const pageSizeParam = z.coerce.number().int().min(1).max(100);

/** q, from, to, page: what every admin list takes (docs/architecture.md "API"). */
const filterParams = {
  q: z.string().trim().max(100).optional(),
  from: dateParam,
  to: dateParam,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
};

export const listParams = (defaultPageSize: number) => ({ ...filterParams, pageSize: pageSizeParam.default(defaultPageSize) });

/** For a list the spec shows whole (GET /api/categories, /api/deliveryrates): paged only when a page size is asked for. */
export const wholeListParams = () => ({ ...filterParams, pageSize: pageSizeParam.optional() });

/** `sort`: one of the list's orders; a wrong one is a 400 that says which exist. */
export const sortParam = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.enum(values, { error: `Sort must be one of ${values.join(", ")}` }).default(fallback);

/** A Nigerian phone number in any usual spelling, kept in +234 form (lib/phone.ts). */
export const nigerianPhone = (label = "Phone") =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(30, `${label} is too long`)
    .transform((value, ctx) => {
      const phone = normalizeNigerianPhone(value);
      if (!phone) {
        ctx.addIssue({ code: "custom", message: "Enter a Nigerian phone number, like 0803 555 0142" });
        return z.NEVER;
      }
      return phone;
    });

/** The same, optional: blank is none. */
export const optionalNigerianPhone = (label: string) => z.preprocess(blankToUndefined, nigerianPhone(label).optional());

/** A tick box: true from a form's "on" or "true" (or JSON true); unticked, a box sends nothing. */
export const tick = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");
