import { z } from "zod";
import { blankToUndefined, hasCents } from "../../lib/form-fields";

// docs/product.md "Cost prices and profit": what one unit costs the shop, in naira at the API's
// edge as every price is. Blank or null takes the cost away.
const costField = z.preprocess(
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
);

export const productCostInput = z.object({ cost: costField }).strict();
export type ProductCostInput = z.output<typeof productCostInput>;

/** The most cost prices one save writes: the /costprices screen shows 100 at a time. */
export const MAX_COSTS_AT_ONCE = 500;

/** PUT /api/product-costs and /costprices: several products' costs at once. */
export const productCostsInput = z
  .object({
    costs: z
      .array(z.object({ productId: z.uuid({ error: "Product id must be a product's id" }), cost: costField }).strict(), {
        error: "costs must be a list of {productId, cost}",
      })
      .min(1, "Give at least one cost price")
      .max(MAX_COSTS_AT_ONCE, `At most ${MAX_COSTS_AT_ONCE} cost prices at once`),
  })
  .strict();
export type ProductCostsInput = z.output<typeof productCostsInput>;

/** A product on the /costprices screen: what one sells for now (its sale price when it has one) and its cost (naira; null: none). */
export type CostRow = { id: string; title: string; sellsFor: number; cost: number | null };

/** The rows /costprices shows at once. */
export const COST_ROWS_SHOWN = 100;

/** GET /api/product-costs and /costprices: a title's words; the products without a cost come first. */
export const productCostListQuery = z.object({ q: z.string().trim().max(100).optional() }).strict();

/** A product's cost as the owner's screens and the API give it: naira, or null when none is set. */
export type ProductCost = { productId: string; cost: number | null; updatedAt: string | null };

/** What one unit earns at a price (naira; below 0, a loss), and its margin in whole percent of that price (null at a price of 0). */
export function unitProfit(cost: number, sellsFor: number): { profit: number; margin: number | null } {
  const profit = Math.round((sellsFor - cost) * 100) / 100;
  return { profit, margin: sellsFor > 0 ? Math.round((profit / sellsFor) * 100) : null };
}
