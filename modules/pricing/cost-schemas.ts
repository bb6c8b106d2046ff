import { z } from "zod";
import { blankToUndefined, hasCents } from "../../lib/form-fields";

// docs/product.md "Cost prices and profit": what one unit costs the shop, in naira at the API's
// edge as every price is. Blank or null takes the cost away.
export const productCostInput = z
  .object({
    cost: z.preprocess(
      (v) => {
        const b = blankToUndefined(v);
        return b === undefined ? null : typeof b === "string" ? Number(b.trim()) : b;
      },
      z
        .number({ error: "Cost price must be a number" })
        .refine(Number.isFinite, "Cost price must be a number")
        .refine((n) => n >= 0, "Cost price cannot be negative")
        .refine(hasCents, "Cost price can have at most 2 decimals")
        .refine((n) => n <= 10_000_000, "Cost price is too high")
        .nullable(),
    ),
  })
  .strict();
export type ProductCostInput = z.output<typeof productCostInput>;

/** A product's cost as the owner's screens and the API give it: naira, or null when none is set. */
export type ProductCost = { productId: string; cost: number | null; updatedAt: string | null };
