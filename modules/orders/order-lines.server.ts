import { inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { products } from "../../db/schema";
import { cartLines, lineProductColumns } from "../cart/service.server";

/** A line about to be bought: the product as it is now, and how many. */
export type OrderLine = Omit<Awaited<ReturnType<typeof cartLines>>[number], "id"> & { id: string | null };

/**
 * What an order is made of: a signed-in shopper's server cart, or the lines a guest's browser
 * kept (docs/product.md "Guest checkout"), read from the products as they are now. A guest's
 * unknown product drops out (her cart page showed it gone); one line per product.
 */
export async function linesToBuy(
  tx: Tx,
  from: { userId: string } | { lines: { productId: string; quantity: number }[] },
): Promise<OrderLine[]> {
  if ("userId" in from) return cartLines(tx, from.userId);
  const wanted = new Map<string, number>();
  for (const l of from.lines) if (!wanted.has(l.productId)) wanted.set(l.productId, l.quantity);
  if (!wanted.size) return [];
  const rows = await tx
    .select({
      productId: products.id,
      ...lineProductColumns,
      categoryId: products.categoryId,
    })
    .from(products)
    .where(inArray(products.id, [...wanted.keys()]));
  const byId = new Map(rows.map((r) => [r.productId, r]));
  return [...wanted].flatMap(([productId, quantity]) => {
    const p = byId.get(productId);
    return p ? [{ ...p, id: null, quantity }] : [];
  });
}
