import { z } from "zod";
import { listParams } from "../../lib/form-fields";
import { lagosLocalToUtc } from "./lagos-time";

// Discount codes (docs/product.md "Discount codes"): the owner's payloads, money in naira at the
// API edge, start and end as Lagos wall-clock times. The shopper's code is in ./shopper-code.ts.

export const discountKinds = ["fixed", "percent", "free_delivery"] as const;
export const MAX_CODE_NAIRA = 20_000_000;

const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);
const asNumber = (v: unknown) => (typeof v === "string" ? Number(v.trim()) : v);

const naira = (label: string) =>
  z.preprocess(
    asNumber,
    z
      .number({ error: `${label} must be a number` })
      .refine(Number.isFinite, `${label} must be a number`)
      .refine((n) => n >= 0, `${label} cannot be negative`)
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} can have at most 2 decimals`)
      .refine((n) => n <= MAX_CODE_NAIRA, `${label} must be at most ₦20,000,000`),
  );

const optionalWhole = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => asNumber(blankToNull(v)),
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max.toLocaleString("en-NG")}`)
      .nullable(),
  );

/** A Lagos time (2027-02-14T09:00) → its UTC instant; blank is none. */
const lagosTime = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} must be a date and time` })
      .transform((s, ctx) => {
        const instant = lagosLocalToUtc(s);
        if (!instant) {
          ctx.addIssue({ code: "custom", message: `${label} must be a Lagos date and time like 2027-02-14T09:00` });
          return z.NEVER;
        }
        return instant;
      })
      .nullable(),
  );

const ids = (label: string) => z.array(z.uuid(`Choose ${label} from the list`), { error: `Choose ${label} from the list` }).max(200);

/** Every field an owner sets; a create names the code and its kind, an update only what changes. */
const fields = {
  code: z
    .string({ error: "Code is required" })
    .trim()
    .min(3, "Code must have 3 to 30 characters")
    .max(30, "Code must have 3 to 30 characters")
    .regex(/^[A-Za-z0-9_-]+$/, "Code can hold only letters, digits, - and _"),
  kind: z.enum(discountKinds, { error: "Choose fixed amount, percentage or free delivery" }),
  amount: z.preprocess(blankToNull, naira("Amount").nullable()),
  percent: optionalWhole("Percentage", 1, 100),
  minOrder: z.preprocess((v) => blankToNull(v) ?? 0, naira("Minimum order")),
  maxUses: optionalWhole("Total uses", 1, 1_000_000),
  maxUsesPerCustomer: optionalWhole("Uses per customer", 1, 1_000),
  startsAt: lagosTime("Starts"),
  endsAt: lagosTime("Ends"),
  productIds: ids("products"),
  categoryIds: ids("categories"),
  paused: z.boolean({ error: "Paused is true or false" }),
};

/** What a code must hold together, on a create and on an update once merged with what is stored. */
export type DiscountShape = {
  kind: (typeof discountKinds)[number];
  amount: number | null;
  percent: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
};

/** The field messages for a code that does not hold together: an amount for fixed, a percentage for percent, an end after the start. */
export function shapeErrors(d: DiscountShape): Record<string, string> {
  const errors: Record<string, string> = {};
  if (d.kind === "fixed" && !d.amount) errors.amount = "Enter the amount off in naira";
  if (d.kind === "percent" && !d.percent) errors.percent = "Enter the percentage off, from 1 to 100";
  if (d.startsAt && d.endsAt && d.endsAt <= d.startsAt) errors.endsAt = "Ends must be after Starts";
  return errors;
}

/** POST /api/discounts/create and /creatediscount. */
export const discountCreateInput = z
  .object({
    ...fields,
    amount: fields.amount.optional(),
    percent: fields.percent.optional(),
    minOrder: fields.minOrder.optional(),
    maxUses: fields.maxUses.optional(),
    maxUsesPerCustomer: fields.maxUsesPerCustomer.optional(),
    startsAt: fields.startsAt.optional(),
    endsAt: fields.endsAt.optional(),
    productIds: fields.productIds.default([]),
    categoryIds: fields.categoryIds.default([]),
    paused: fields.paused.default(false),
  })
  .strict();
export type DiscountCreateInput = z.input<typeof discountCreateInput>;
/** A create once parsed: naira numbers, UTC instants. */
export type DiscountCreateData = z.output<typeof discountCreateInput>;

/** PUT /api/discounts/{id} and /editdiscount/{id}: only the fields named change; `{ paused: true }` pauses. */
export const discountPatch = z.object(fields).partial().strict();
export type DiscountPatch = z.input<typeof discountPatch>;
export type DiscountPatchData = z.output<typeof discountPatch>;

/** GET /api/discounts and /discounttable: search by code, created between two days, paged. */
export const discountListQuery = z.object(listParams(10)).strict();
export type DiscountListQuery = z.input<typeof discountListQuery>;

/** The admin form's fields as the schemas take them: the scope pickers hold several values, Paused is a tick box. */
export function discountFormValues(form: FormData): Record<string, unknown> {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    code: text("code"),
    kind: text("kind"),
    amount: text("amount"),
    percent: text("percent"),
    minOrder: text("minOrder"),
    maxUses: text("maxUses"),
    maxUsesPerCustomer: text("maxUsesPerCustomer"),
    startsAt: text("startsAt"),
    endsAt: text("endsAt"),
    productIds: form.getAll("productIds").map(String),
    categoryIds: form.getAll("categoryIds").map(String),
    paused: form.get("paused") === "on",
  };
}

/** The field messages of an admin form, from its schema and the rules across fields, as the server gives them. */
export function discountFormErrors(values: Record<string, unknown>): Record<string, string> {
  const parsed = discountCreateInput.safeParse(values);
  const fields: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
  else
    Object.assign(
      fields,
      shapeErrors({
        ...parsed.data,
        amount: parsed.data.amount ?? null,
        percent: parsed.data.percent ?? null,
        startsAt: parsed.data.startsAt ?? null,
        endsAt: parsed.data.endsAt ?? null,
      }),
    );
  return fields;
}
