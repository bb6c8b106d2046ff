import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { categories, productImages, products } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { defaultVariant, removeImageFiles, storeImageVariants } from "../../lib/images.server";
import { containing } from "../../lib/like-pattern";
import { koboToNaira, nairaToKobo } from "../../lib/money";
import type { Storage } from "../../lib/storage-types";
import { checkImageUpload } from "../../lib/uploads.server";
import { withinDays } from "../../lib/day-range";
import { lagosNow } from "../../lib/lagos-calendar";
import {
  adminProductListQuery,
  newProductInput,
  productFieldIssues,
  productInput,
  productPatch,
  resolveStock,
  type AdminProductListQuery,
  type NewProductInput,
  type ProductInput,
  type ProductPatch,
} from "./admin-schemas";
import { isOwner, OWNER_ONLY_MSG } from "../accounts/roles";
import { writeProductCost } from "../pricing/costs.server";
import type { MailLinks } from "../orders/mails.server";
import { moveShipDay } from "../orders/ship-day.server";
import { recordProductChange, type ChangeActor } from "./product-history.server";
import { getProduct } from "./service.server";
import type { ProductView } from "./types";

// The back office's products: create, edit, images, delete, and the /producttable list.

function productValues(input: ProductInput) {
  const p = productInput.parse(input);
  const stock = resolveStock(p);
  return {
    title: p.title,
    description: p.description,
    priceKobo: nairaToKobo(p.price),
    discountKobo: nairaToKobo(p.discount),
    categoryId: p.categoryId,
    color: p.color,
    size: p.size,
    stock: "stock" in stock ? stock.stock : null,
    shipsFrom: p.shipsFrom ?? null,
  };
}

/** A pre-order's day set now must be after today (Lagos); one already stored is kept as it is, passed or not. */
function shipsFromIssue(shipsFrom: string | null | undefined, stored: string | null = null): Record<string, string> {
  return shipsFrom && shipsFrom !== stored && shipsFrom <= lagosNow(new Date()).date
    ? { shipsFrom: "A pre-order's ship day must be after today" }
    : {};
}

/** The category's name; one that does not exist is the form's field error. */
async function assertCategoryExists(db: Db | Tx, categoryId: string): Promise<string> {
  const [row] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, categoryId));
  if (!row)
    throw new AppError("invalid", "Please check the highlighted fields.", { fields: { categoryId: "That category does not exist" } });
  return row.name;
}

/**
 * The product's photo replaced (or removed: null), its old files deleted. `by`: a change by hand, kept
 * in the product's history (docs/product.md "Product history"); a new product's first photo is not.
 */
async function replaceProductImage(db: Db, storage: Storage, productId: string, image: Buffer | null, by?: { actor: ChangeActor }) {
  if (image) await checkImageUpload(image);
  const variants = image ? await storeImageVariants(storage, "products", image) : [];
  const imageUrl = defaultVariant(variants)?.url ?? null;
  // the product's row is locked first: the files replaced are the ones it holds when it is
  // written, a variant added meanwhile (modules/maintenance/image-variants.server.ts) too
  const replaced = await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, photo: products.imageUrl })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!product) return null;
    const old = await tx.delete(productImages).where(eq(productImages.productId, productId)).returning({ url: productImages.url });
    if (variants.length > 0) await tx.insert(productImages).values(variants.map((v) => ({ productId, ...v })));
    await tx.update(products).set({ imageUrl }).where(eq(products.id, productId));
    if (by) await recordProductChange(tx, productId, { photo: product.photo }, { photo: imageUrl }, by.actor);
    return old;
  });
  // the new variants have fresh names (lib/images.server.ts), so every old file can go
  await removeImageFiles(storage, replaced ? replaced.map((o) => o.url) : variants.map((v) => v.url));
  if (!replaced) throw AppError.notFound("Product");
  return imageUrl;
}

async function productExists(db: Db, id: string) {
  const [row] = await db.select({ id: products.id, imageUrl: products.imageUrl }).from(products).where(eq(products.id, id));
  if (!row) throw AppError.notFound("Product");
  return row;
}

/** docs/product.md §7 POST /api/products/create: fields plus an optional image. */
export async function createProduct(
  db: Db,
  storage: Storage,
  input: NewProductInput,
  image: Buffer | null = null,
  actor: (ChangeActor & { role?: string }) | null = null,
): Promise<ProductView> {
  const { cost, ...fields } = newProductInput.parse(input);
  const values = productValues(fields);
  // a cost price is the owner's alone (docs/product.md "Cost prices and profit")
  if (cost != null && !isOwner(actor?.role)) throw new AppError("forbidden", OWNER_ONLY_MSG);
  const late = shipsFromIssue(values.shipsFrom);
  if (Object.keys(late).length) throw new AppError("invalid", "Please check the highlighted fields.", { fields: late });
  if (image) await checkImageUpload(image);
  await assertCategoryExists(db, values.categoryId);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx.insert(products).values(values).returning({ id: products.id });
    await recordProductChange(tx, created!.id, null, values, actor);
    if (cost != null) await writeProductCost(tx, created!.id, cost, actor!.id);
    return created;
  });
  if (image) await replaceProductImage(db, storage, row!.id, image);
  return getProduct(db, row!.id);
}

/**
 * PUT /api/products/{id}: writes only the fields named; the rules between fields see the stored values
 * of the others. The row is locked while it is read and written, so the history's "from" is the
 * value this save replaced, however many members save at once. A pre-order day moved carries the
 * orders waiting on it along, and their buyers are told (docs/product.md "Pre-orders").
 */
export async function updateProduct(
  db: Db,
  id: string,
  input: ProductPatch,
  actor: ChangeActor,
  links: MailLinks,
): Promise<ProductView> {
  const patch = productPatch.parse(input);
  await db.transaction((tx) => writeProductPatch(tx, id, patch, actor, links));
  return getProduct(db, id);
}

async function writeProductPatch(tx: Tx, id: string, patch: z.output<typeof productPatch>, actor: ChangeActor, links: MailLinks) {
  const [current] = await tx
    .select({
      priceKobo: products.priceKobo,
      discountKobo: products.discountKobo,
      stock: products.stock,
      shipsFrom: products.shipsFrom,
      title: products.title,
      // the category's name as it is now: the history keeps names, which outlive a category
      category: sql<string | null>`(select ${categories.name} from ${categories} where ${categories.id} = ${products.categoryId})`,
    })
    .from(products)
    .where(eq(products.id, id))
    .for("update");
  if (!current) throw AppError.notFound("Product");
  const priceKobo = patch.price === undefined ? current.priceKobo : nairaToKobo(patch.price);
  const discountKobo = patch.discount === undefined ? current.discountKobo : nairaToKobo(patch.discount);
  const fields = {
    ...productFieldIssues({ price: koboToNaira(priceKobo), discount: koboToNaira(discountKobo) }),
    ...shipsFromIssue(patch.shipsFrom, current.shipsFrom),
  };
  const stock = resolveStock(patch, current.stock);
  if ("error" in stock) fields.stock = stock.error;
  if (Object.keys(fields).length) throw new AppError("invalid", "Please check the highlighted fields.", { fields });
  const category = patch.categoryId !== undefined ? await assertCategoryExists(tx, patch.categoryId) : undefined;
  const values: Partial<typeof products.$inferInsert> = {
    ...(patch.title !== undefined && { title: patch.title }),
    ...(patch.description !== undefined && { description: patch.description }),
    ...(patch.price !== undefined && { priceKobo }),
    ...(patch.discount !== undefined && { discountKobo }),
    ...(patch.categoryId !== undefined && { categoryId: patch.categoryId }),
    ...(patch.color !== undefined && { color: patch.color }),
    ...(patch.size !== undefined && { size: patch.size }),
    ...(patch.shipsFrom !== undefined && { shipsFrom: patch.shipsFrom }),
    // the stock is written only when named: a checkout may have taken some since it was read
    ...((patch.trackStock !== undefined || patch.stock !== undefined) && "stock" in stock && { stock: stock.stock }),
  };
  if (Object.keys(values).length) await tx.update(products).set(values).where(eq(products.id, id));
  if (patch.shipsFrom !== undefined && patch.shipsFrom !== current.shipsFrom) await moveShipDay(tx, id, patch.shipsFrom, links);
  await recordProductChange(
    tx,
    id,
    current,
    { priceKobo, discountKobo, stock: values.stock, title: values.title, category, shipsFrom: values.shipsFrom },
    actor,
  );
}

export async function setProductImage(
  db: Db,
  storage: Storage,
  id: string,
  image: Buffer,
  actor: ChangeActor = null,
): Promise<ProductView> {
  await productExists(db, id);
  await checkImageUpload(image);
  await replaceProductImage(db, storage, id, image, { actor });
  return getProduct(db, id);
}

export async function removeProductImage(db: Db, storage: Storage, id: string, actor: ChangeActor = null): Promise<ProductView> {
  await productExists(db, id);
  await replaceProductImage(db, storage, id, null, { actor });
  return getProduct(db, id);
}

/** Deletes a product and its image files; order lines keep their snapshot. */
export async function deleteProduct(db: Db, storage: Storage, id: string) {
  await productExists(db, id);
  const images = await db.transaction(async (tx) => {
    await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for("update");
    const gone = await tx.delete(productImages).where(eq(productImages.productId, id)).returning({ url: productImages.url });
    await tx.delete(products).where(eq(products.id, id));
    return gone;
  });
  await removeImageFiles(
    storage,
    images.map((i) => i.url),
  );
}

export type AdminProductRow = {
  id: string;
  title: string;
  imageUrl: string | null;
  price: number;
  discount: number;
  /** null: not tracked */
  stock: number | null;
  categoryId: string;
  categoryName: string;
  createdAt: string;
};

/** /producttable: search on title or category name, createdAt between dates, newest first. */
export async function listAdminProducts(db: Db, input: AdminProductListQuery = {}): Promise<{ items: AdminProductRow[]; total: number }> {
  const q = adminProductListQuery.parse(input);
  const where: SQL[] = [];
  if (q.q) where.push(sql`(${products.title} ilike ${containing(q.q)} or ${categories.name} ilike ${containing(q.q)})`);
  where.push(...withinDays(products.createdAt, q.from, q.to));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: products.id,
        title: products.title,
        imageUrl: products.imageUrl,
        priceKobo: products.priceKobo,
        discountKobo: products.discountKobo,
        stock: products.stock,
        categoryId: products.categoryId,
        categoryName: categories.name,
        createdAt: products.createdAt,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(cond)
      .orderBy(desc(products.createdAt), asc(products.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(cond),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      imageUrl: r.imageUrl,
      price: r.priceKobo / 100,
      discount: r.discountKobo / 100,
      stock: r.stock,
      categoryId: r.categoryId,
      categoryName: r.categoryName,
      createdAt: r.createdAt.toISOString(),
    })),
    total: count?.n ?? 0,
  };
}
