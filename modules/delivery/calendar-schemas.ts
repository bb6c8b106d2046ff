import { z } from "zod";
import { dateParam, numberField, optionalNumberField } from "../../lib/form-fields";

// The shop-wide side of delivery dates (docs/product.md "Delivery on a chosen date"): days the owner
// marks (no deliveries, or a peak day with its own capacity and fee) and the time windows with their
// surcharge. Fees in naira, steps of ₦100 like the delivery charge.

const fee = (label: string) =>
  optionalNumberField(label, 0)
    .refine((n) => n >= 0, `${label} must be 0 or more`)
    .refine((n) => n % 100 === 0, `${label} must be in steps of ₦100`)
    .refine((n) => n <= 1_000_000, `${label} is too high`);

const blankToNull = (v: unknown) => (v === "" || v === undefined || (typeof v === "string" && v.trim() === "") ? null : v);

export const markedDayInput = z
  .object({
    day: dateParam.refine((d) => d !== undefined, "Date is required"),
    kind: z.enum(["blackout", "peak"], { error: "Choose no deliveries or peak day" }),
    note: z.string().trim().max(60, "Name must be at most 60 characters").default(""),
    capacity: z.preprocess(
      blankToNull,
      z.coerce
        .number({ error: "Capacity must be a number" })
        .int("Capacity must be a whole number")
        .min(1, "Capacity must be at least 1")
        .max(10_000, "Capacity must be at most 10000")
        .nullable(),
    ),
    fee: fee("Peak-day fee"),
  })
  .strict();
export type MarkedDayInput = z.input<typeof markedDayInput>;

const hour = (label: string) =>
  numberField(label).refine((n) => Number.isInteger(n) && n >= 0 && n <= 24, `${label} must be a whole hour from 0 to 24`);

export const deliveryWindowInput = z
  .object({
    startHour: hour("From"),
    endHour: hour("To"),
    surcharge: fee("Surcharge"),
  })
  .strict()
  .refine((w) => w.startHour < w.endHour, { message: "The window must end after it starts", path: ["endHour"] });
export type DeliveryWindowInput = z.input<typeof deliveryWindowInput>;
