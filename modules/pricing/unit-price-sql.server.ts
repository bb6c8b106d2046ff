import { sql } from "drizzle-orm";
import { products } from "../../db/schema";

/**
 * `unitPrice` (price-order.ts) in SQL, for a product's row: the sale price when there is one, else
 * the price, in kobo. The catalogue sorts by it and the cost screen shows what a product sells for.
 */
export const unitPriceSql = sql<number>`case when ${products.discountKobo} > 0 then ${products.discountKobo} else ${products.priceKobo} end`;
