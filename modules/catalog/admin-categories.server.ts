import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { replaceColumnImage } from "../../db/image-columns";
import { categories, products } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { defaultVariant, imageFilesOf, removeImageFiles, storeImageVariants } from "../../lib/images.server";
import { containing } from "../../lib/like-pattern";
import type { Storage } from "../../lib/storage-types";
import { checkImageUpload } from "../../lib/uploads.server";
import { withinDays } from "../../lib/day-range";
import {
  categoryInput,
  categoryListQuery,
  categoryPatch,
  type categorySorts,
  type CategoryInput,
  type CategoryListQuery,
  type CategoryPatch,
} from "./admin-schemas";
import { getCategory, selectCategories } from "./service.server";
import type { CategoryView } from "./types";

// The back office's categories: create, rename, image, delete, and the searched list.

async function categoryRow(db: Db, id: string) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  if (!row) throw AppError.notFound("Category");
  return row;
}

async function assertNameFree(db: Db, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name})`);
  if (row && row.id !== exceptId)
    throw new AppError("conflict", "A category with this name already exists.", {
      fields: { name: "A category with this name already exists" },
    });
}

export async function createCategory(db: Db, storage: Storage, input: CategoryInput, image: Buffer | null = null): Promise<CategoryView> {
  const { name } = categoryInput.parse(input);
  if (image) await checkImageUpload(image);
  await assertNameFree(db, name);
  const variants = image ? await storeImageVariants(storage, "categories", image) : [];
  const [row] = await db
    .insert(categories)
    .values({ name, imageVariants: variants, imageUrl: defaultVariant(variants)?.url ?? null })
    .returning({ id: categories.id });
  return getCategory(db, row!.id);
}

/** PUT /api/categories/{id} (JSON): renames it when a name is given. */
export async function renameCategory(db: Db, id: string, input: CategoryPatch): Promise<CategoryView> {
  await categoryRow(db, id);
  const { name } = categoryPatch.parse(input);
  if (name !== undefined) {
    await assertNameFree(db, name, id);
    await db.update(categories).set({ name }).where(eq(categories.id, id));
  }
  return getCategory(db, id);
}

export async function setCategoryImage(db: Db, storage: Storage, id: string, image: Buffer): Promise<CategoryView> {
  await categoryRow(db, id);
  if (!(await replaceColumnImage(db, storage, { table: categories, folder: "categories" }, id, image))) throw AppError.notFound("Category");
  return getCategory(db, id);
}

/** A category that still holds products is refused with the count, never silently. */
export async function deleteCategory(db: Db, storage: Storage, id: string) {
  await categoryRow(db, id);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.categoryId, id));
  const n = count?.n ?? 0;
  if (n > 0) throw new AppError("conflict", `This category still has ${n} product${n === 1 ? "" : "s"}. Move or delete them first.`);
  const deleted = await db
    .delete(categories)
    .where(eq(categories.id, id))
    .returning({ imageVariants: categories.imageVariants, imageUrl: categories.imageUrl });
  await removeImageFiles(storage, deleted.flatMap(imageFilesOf));
}

const categoryOrder: Record<(typeof categorySorts)[number], SQL[]> = {
  name: [asc(categories.name), asc(categories.id)],
  newest: [desc(categories.createdAt), asc(categories.id)],
  oldest: [asc(categories.createdAt), asc(categories.name)],
};

/** /categorytable and GET /api/categories: searched by name, created between two days, sorted, paged when asked. */
export async function searchCategories(db: Db, input: CategoryListQuery = {}): Promise<{ items: CategoryView[]; total: number }> {
  const q = categoryListQuery.parse(input);
  const where: SQL[] = [];
  if (q.q) where.push(sql`${categories.name} ilike ${containing(q.q)}`);
  where.push(...withinDays(categories.createdAt, q.from, q.to));
  const cond = where.length ? and(...where) : undefined;
  const rows = selectCategories(db)
    .where(cond)
    .orderBy(...categoryOrder[q.sort]);
  const [items, total] = await Promise.all([
    q.pageSize ? rows.limit(q.pageSize).offset((q.page - 1) * q.pageSize) : rows,
    db.$count(categories, cond),
  ]);
  return { items, total };
}

export async function listCategoryOptions(db: Db): Promise<{ id: string; name: string }[]> {
  return db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name));
}
