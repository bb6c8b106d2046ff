import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { productChanges, products, type ProductFieldChange } from "../../db/schema";
import { withinDays } from "../../lib/day-range";
import { AppError } from "../../lib/errors";
import { koboToNaira } from "../../lib/money";
import { fullName } from "../accounts/types";
import type { ProductChangeField, ProductChangeView, RecentProductChange } from "./types";

// docs/product.md "Product history": who changed a product's price, sale price, stock, title,
// category, photo or pre-order day by hand, when, from what to what. Staff keep the catalogue, so these are what
// they can move; the owner reads it on the product's edit screen.

/** Who made a change: the signed-in member, or nobody (the demo data, a script). */
export type ChangeActor = { id: string; firstName: string; lastName: string } | null;

/**
 * What a save wrote, in the table's units (kobo, units; stock null: not tracked), the title, the
 * category's name and the photo's address (null: none); undefined: not written by this save.
 */
export type HistoryValues = {
  priceKobo?: number;
  discountKobo?: number;
  stock?: number | null;
  title?: string;
  category?: string | null;
  photo?: string | null;
  /** a pre-order's ship day, YYYY-MM-DD (docs/product.md "Pre-orders") */
  shipsFrom?: string | null;
};

/** Saves the edit screen shows, newest first. */
export const HISTORY_SHOWN = 10;

const NUMBER_FIELDS = ["price", "discount", "stock"] as const;
const TEXT_FIELDS = ["title", "category", "photo", "shipsFrom"] as const;
const valueOf = (v: HistoryValues, field: ProductChangeField) =>
  field === "price" ? v.priceKobo : field === "discount" ? v.discountKobo : v[field];

/**
 * Records a save in its transaction, after the product's row is locked (so the saves are numbered in
 * the order they were made): `before` null for a new product, whose price is kept, and its sale
 * price and stock when it has them. A field that did not move, or was not written, adds nothing.
 */
export async function recordProductChange(
  tx: Tx | Db,
  productId: string,
  before: HistoryValues | null,
  after: HistoryValues,
  actor: ChangeActor,
) {
  // a new product's history is its prices and stock (its title and category are the product itself)
  const fields: readonly ProductChangeField[] = before ? [...NUMBER_FIELDS, ...TEXT_FIELDS] : NUMBER_FIELDS;
  const changes = fields.flatMap((field): ProductFieldChange[] => {
    const value = valueOf(after, field);
    if (value === undefined) return [];
    if (before ? valueOf(before, field) === value : (field === "discount" && value === 0) || value === null) return [];
    return [{ field, before: before ? (valueOf(before, field) ?? null) : null, after: value } as ProductFieldChange];
  });
  if (!changes.length) return;
  await tx.insert(productChanges).values({
    productId,
    changes,
    added: !before,
    actorId: actor?.id ?? null,
    actorName: actor ? fullName(actor) : null,
  });
}

/** Prices in naira for the API and the screens; stock and text as they are. */
const inApiUnits = (c: ProductFieldChange): ProductFieldChange =>
  c.field === "price" || c.field === "discount"
    ? { field: c.field, before: c.before === null ? null : koboToNaira(c.before), after: c.after === null ? null : koboToNaira(c.after) }
    : c;

const view = (r: typeof productChanges.$inferSelect): ProductChangeView => ({
  at: r.createdAt.toISOString(),
  added: r.added,
  changes: r.changes.map(inApiUnits),
  by: r.actorName,
});

/** The last `limit` saves of one product, newest first, after the first `offset`. */
export async function productHistory(db: Db, productId: string, limit = HISTORY_SHOWN, offset = 0): Promise<ProductChangeView[]> {
  const rows = await db
    .select()
    .from(productChanges)
    .where(eq(productChanges.productId, productId))
    .orderBy(desc(productChanges.seq))
    .limit(limit)
    .offset(offset);
  return rows.map(view);
}

/** A page of one product's saves, newest first, and how many it has (`GET /api/products/{id}/history`); an unknown product is a 404. */
export async function productHistoryPage(db: Db, productId: string, { page, pageSize }: { page: number; pageSize: number }) {
  const [[product], [counted], items] = await Promise.all([
    db.select({ id: products.id }).from(products).where(eq(products.id, productId)),
    db.select({ total: count() }).from(productChanges).where(eq(productChanges.productId, productId)),
    productHistory(db, productId, pageSize, (page - 1) * pageSize),
  ]);
  if (!product) throw AppError.notFound("Product");
  return { items, total: counted?.total ?? 0 };
}

/** Saves the owner's dashboard shows. */
export const RECENT_CHANGES_SHOWN = 5;

/** The latest saves of every product, newest first, each with its product (the owner's dashboard). */
export async function recentProductChanges(db: Db, limit = RECENT_CHANGES_SHOWN): Promise<RecentProductChange[]> {
  const rows = await withProducts(db).orderBy(desc(productChanges.seq)).limit(limit);
  return rows.map(recentView);
}

/**
 * The saves of one Lagos day (YYYY-MM-DD) that moved a price, a sale price or a stock, in the order
 * they were made, at most `limit`, with those changes only (the owner's morning summary: money and
 * stock, as its WhatsApp template says).
 */
export async function priceAndStockChangesOn(db: Db, day: string, limit: number): Promise<RecentProductChange[]> {
  const rows = await withProducts(db)
    .where(
      and(
        ...withinDays(productChanges.createdAt, day, day),
        sql`exists (select 1 from jsonb_array_elements(${productChanges.changes}) c where c->>'field' in ('price', 'discount', 'stock'))`,
      ),
    )
    .orderBy(asc(productChanges.seq))
    .limit(limit);
  return rows.map(recentView).map((save) => ({ ...save, changes: save.changes.filter((c) => isPriceOrStock(c.field)) }));
}

const isPriceOrStock = (field: ProductChangeField) => (NUMBER_FIELDS as readonly string[]).includes(field);

const withProducts = (db: Db) =>
  db
    .select({ change: productChanges, title: products.title })
    .from(productChanges)
    .innerJoin(products, eq(products.id, productChanges.productId))
    .$dynamic();

const recentView = (r: { change: typeof productChanges.$inferSelect; title: string }): RecentProductChange => ({
  ...view(r.change),
  product: { id: r.change.productId, title: r.title },
});
