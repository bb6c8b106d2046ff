import { asc, count, eq, ilike, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "../../db/client";
import { productCosts, products, purchaseItemCosts, purchaseItems } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { containing } from "../../lib/like-pattern";
import { koboToNaira, nairaToKobo } from "../../lib/money";
import { unitPriceSql } from "./unit-price-sql.server";
import { COST_ROWS_SHOWN, type CostRow, type ProductCost, type ProductCostsInput } from "./cost-schemas";

// docs/product.md "Cost prices and profit": what a product costs the shop, set by the owner on its
// page, kept with every line sold, and read by the sales report for the profit. The owner's alone:
// nothing here is read by the storefront, its caches or the staff's screens.

/** The product's cost, or a 404 for a product that is not there. */
export async function productCost(db: Queryable, productId: string): Promise<ProductCost> {
  const [row] = await db
    .select({ id: products.id, costKobo: productCosts.costKobo, updatedAt: productCosts.updatedAt })
    .from(products)
    .leftJoin(productCosts, eq(productCosts.productId, products.id))
    .where(eq(products.id, productId));
  if (!row) throw AppError.notFound("Product");
  return { productId, cost: row.costKobo === null ? null : koboToNaira(row.costKobo), updatedAt: row.updatedAt?.toISOString() ?? null };
}

/**
 * Sets what one unit of the product costs (naira; null takes it away). Orders placed from now on
 * keep it; lines sold before any cost was set are costed at the product's current one.
 */
export async function setProductCost(db: Db, productId: string, cost: number | null, actorId: string): Promise<ProductCost> {
  return db.transaction(async (tx) => {
    // the product is held while its cost is written, so a delete meanwhile is a 404, not a broken reference
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("share");
    if (!product) throw AppError.notFound("Product");
    await writeProductCost(tx, productId, cost, actorId);
    return productCost(tx, productId);
  });
}

/** Writes a product's cost (null: none) in the caller's transaction: its page's box, or a new product's form. */
export async function writeProductCost(tx: Tx, productId: string, cost: number | null, actorId: string) {
  if (cost === null) return tx.delete(productCosts).where(eq(productCosts.productId, productId));
  const costKobo = nairaToKobo(cost);
  await tx
    .insert(productCosts)
    .values({ productId, costKobo, updatedById: actorId })
    .onConflictDoUpdate({ target: productCosts.productId, set: { costKobo, updatedById: actorId, updatedAt: new Date() } });
}

/**
 * The products with their costs, those without one first, then by title (`q`: words of the title):
 * the first COST_ROWS_SHOWN, and how many match in all.
 */
export async function listProductCosts(db: Db, q?: string): Promise<{ items: CostRow[]; total: number }> {
  const where = q ? ilike(products.title, containing(q)) : undefined;
  const [rows, [all]] = await Promise.all([
    db
      .select({
        id: products.id,
        title: products.title,
        sellsForKobo: unitPriceSql,
        costKobo: productCosts.costKobo,
      })
      .from(products)
      .leftJoin(productCosts, eq(productCosts.productId, products.id))
      .where(where)
      .orderBy(sql`${isNull(productCosts.costKobo)} desc`, asc(products.title), asc(products.id))
      .limit(COST_ROWS_SHOWN),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      sellsFor: koboToNaira(Number(r.sellsForKobo)),
      cost: r.costKobo === null ? null : koboToNaira(r.costKobo),
    })),
    total: all?.n ?? 0,
  };
}

/**
 * Several products' costs in one transaction, in two statements (null takes one away; a product
 * named twice takes the last). A product deleted meanwhile is skipped and counted, so the others
 * are not lost with it.
 */
export async function setProductCosts(
  db: Db,
  costs: ProductCostsInput["costs"],
  actorId: string,
): Promise<{ saved: number; gone: number }> {
  const wanted = new Map(costs.map((c) => [c.productId, c.cost]));
  return db.transaction(async (tx) => {
    const present = await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, [...wanted.keys()]))
      .for("share");
    const kept = present.map((p) => ({ productId: p.id, cost: wanted.get(p.id) ?? null }));
    const removed = kept.filter((k) => k.cost === null).map((k) => k.productId);
    const set = kept.flatMap((k) =>
      k.cost === null ? [] : [{ productId: k.productId, costKobo: nairaToKobo(k.cost), updatedById: actorId }],
    );
    if (removed.length) await tx.delete(productCosts).where(inArray(productCosts.productId, removed));
    if (set.length)
      await tx
        .insert(productCosts)
        .values(set)
        .onConflictDoUpdate({
          target: productCosts.productId,
          set: { costKobo: sql`excluded.cost_kobo`, updatedById: actorId, updatedAt: new Date() },
        });
    return { saved: kept.length, gone: wanted.size - kept.length };
  });
}

/** Keeps each line of a new order with its product's cost as it is now, in the order's own transaction. */
export async function keepLineCosts(tx: Tx, purchaseId: string) {
  await tx
    .insert(purchaseItemCosts)
    .select(
      tx
        .select({ purchaseItemId: purchaseItems.id, costKobo: productCosts.costKobo })
        .from(purchaseItems)
        .innerJoin(productCosts, eq(productCosts.productId, purchaseItems.productId))
        .where(eq(purchaseItems.purchaseId, purchaseId)),
    );
}

/**
 * One unit of a line's cost in kobo: as kept when it was sold, else the product's cost now (null:
 * none). A bigint, so units × cost never overflows. Needs both tables joined (lineCostJoins).
 */
export const lineUnitCostKobo = sql<number | null>`coalesce(${purchaseItemCosts.costKobo}, ${productCosts.costKobo})::bigint`;

/** A query of order lines joined to their costs, for lineUnitCostKobo: `.leftJoin(...lineCostJoins.kept)`. */
export const lineCostJoins = {
  kept: [purchaseItemCosts, eq(purchaseItemCosts.purchaseItemId, purchaseItems.id)],
  current: [productCosts, eq(productCosts.productId, purchaseItems.productId)],
} as const;
