import { z } from "zod";
import { numberField, requiredText, sortParam, wholeListParams } from "../../lib/form-fields";
import { deliveryDateModes } from "./schedule";

/** A whole number in a range, or null when left blank (a form's empty box, or JSON null). */
const wholeOrBlank = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === null || (typeof v === "string" && v.trim() === "") ? null : typeof v === "string" ? Number(v.trim()) : v),
    z
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`)
      .nullable(),
  );

/**
 * docs/product.md "Delivery on a chosen date": an area's scheduling. Left out of a create they are
 * off, a lead time of 1 day, no cut-off and no limit (createDeliveryRate); an update keeps what it
 * does not name.
 */
export const deliveryScheduleFields = {
  dateMode: z.enum(deliveryDateModes, { error: "Delivery dates must be off, optional or required" }).optional(),
  leadDays: numberField("Lead time")
    .refine((n) => Number.isInteger(n) && n >= 0 && n <= 60, "Lead time must be a whole number of days from 0 to 60")
    .optional(),
  cutoffHour: wholeOrBlank("Cut-off hour", 1, 23).optional(),
  dailyCapacity: wholeOrBlank("Daily capacity", 1, 10_000).optional(),
};

// docs/product.md §5: LGA name required; charge required, a number, minimum 0, step 100 (naira).
export const deliveryRateInput = z
  .object({
    lga: requiredText("LGA Name", 60),
    deliveryCharge: numberField("Delivery Charge")
      .refine((n) => n >= 0, "Delivery Charge must be 0 or more")
      .refine((n) => n % 100 === 0, "Delivery Charge must be in steps of ₦100")
      .refine((n) => n <= 1_000_000, "Delivery Charge is too high"),
    ...deliveryScheduleFields,
  })
  .strict();
export type DeliveryRateInput = z.input<typeof deliveryRateInput>;
/** PUT /api/deliveryrates/{id}: the name, the charge or both; what is not named is kept. */
export const deliveryRatePatch = deliveryRateInput.partial();
export type DeliveryRatePatch = z.input<typeof deliveryRatePatch>;

export const deliveryRateSorts = ["lga", "charge_asc", "charge_desc"] as const;
/** /lga and GET /api/deliveryrates: the whole list by name unless a page is asked for (docs/product.md §7 "list"). */
export const deliveryRateListQuery = z.object({ ...wholeListParams(), sort: sortParam(deliveryRateSorts, "lga") }).strict();
export type DeliveryRateListQuery = z.input<typeof deliveryRateListQuery>;
