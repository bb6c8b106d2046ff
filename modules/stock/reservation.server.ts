import { and, asc, eq, gte, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { products, purchaseItems } from "../../db/schema";
import { AppError } from "../../lib/errors";

// The stock an order holds: taken when it is placed, given back when it is cancelled or deleted
// (docs/decisions/0005-checkout-money-path.md). Each runs inside the caller's transaction.

/** A line's stock as its reservation left it: `left` is null for a product whose stock is not tracked. */
export type TakenStock = { productId: string; title: string; quantity: number; left: number | null };

/**
 * Takes `quantity` units of each product or none at all: a conditional UPDATE
 * per line (never below 0, whatever runs at the same time), in product-id
 * order so two carts never lock each other. A shortfall names the product.
 * A product whose stock is not tracked (null) is always there: null - n stays null.
 * Answers what each line left (low-stock.server.ts reads it).
 */
export async function reserveStock(tx: Tx, lines: { productId: string; quantity: number; title: string }[]): Promise<TakenStock[]> {
  const taken: TakenStock[] = [];
  for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
    const [row] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}` })
      .where(and(eq(products.id, line.productId), or(isNull(products.stock), gte(products.stock, line.quantity))))
      .returning({ left: products.stock });
    if (row) taken.push({ productId: line.productId, title: line.title, quantity: line.quantity, left: row.left });
    else {
      const [p] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, line.productId));
      const left = p?.stock ?? 0;
      throw new AppError(
        "conflict",
        left > 0
          ? `Sorry, only ${left} left of ${line.title}. Please lower the quantity in your cart.`
          : `Sorry, ${line.title} is sold out. Please remove it from your cart.`,
      );
    }
  }
  return taken;
}

/**
 * Gives back the stock of the given purchases' items, in one statement (every cancel, and deleting an
 * order); untracked products are skipped, and so are the units a refund already put back.
 */
export async function releaseStock(tx: Tx, purchaseIds: string[]) {
  if (!purchaseIds.length) return;
  await tx.execute(sql`
    update ${products} set stock = ${products.stock} + s.qty
    from (select ${purchaseItems.productId} as product_id, sum(${purchaseItems.quantity} - ${purchaseItems.restockedQuantity})::int as qty
          from ${purchaseItems}
          where ${inArray(purchaseItems.purchaseId, purchaseIds)} and ${purchaseItems.productId} is not null
          group by ${purchaseItems.productId}) s
    where ${products.id} = s.product_id and ${products.stock} is not null`);
}

/** The products a set of purchases holds stock of. */
export async function productsOf(tx: Tx, purchaseIds: string[]): Promise<string[]> {
  if (!purchaseIds.length) return [];
  const rows = await tx
    .selectDistinct({ productId: purchaseItems.productId })
    .from(purchaseItems)
    .where(and(inArray(purchaseItems.purchaseId, purchaseIds), isNotNull(purchaseItems.productId)));
  return rows.map((r) => r.productId!);
}

/**
 * Locks the products' rows in id order before stock is released and reserved in
 * one transaction: two checkouts then always take their locks in the same order
 * and never wait on each other in a circle.
 */
export async function lockProducts(tx: Tx, productIds: string[]) {
  const ids = [...new Set(productIds)];
  if (ids.length)
    await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for("no key update");
}
