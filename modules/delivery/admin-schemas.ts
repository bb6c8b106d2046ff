import { z } from "zod";
import { numberField, requiredText, sortParam, wholeListParams } from "../../lib/form-fields";

// docs/product.md §5: LGA name required; charge required, a number, minimum 0, step 100 (naira).
export const deliveryRateInput = z
  .object({
    lga: requiredText("LGA Name", 60),
    deliveryCharge: numberField("Delivery Charge")
      .refine((n) => n >= 0, "Delivery Charge must be 0 or more")
      .refine((n) => n % 100 === 0, "Delivery Charge must be in steps of ₦100")
      .refine((n) => n <= 1_000_000, "Delivery Charge is too high"),
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
