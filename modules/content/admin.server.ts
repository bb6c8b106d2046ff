import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { replaceColumnImage } from "../../db/image-columns";
import { blogPosts } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { defaultVariant, imageFilesOf, removeImageFiles, storeImageVariants } from "../../lib/images.server";
import type { Storage } from "../../lib/storage-types";
import { checkImageUpload } from "../../lib/uploads.server";
import { containing } from "../../lib/like-pattern";
import { withinDays } from "../../lib/day-range";
import { postInput, postListQuery, postPatch, type postSorts, type PostInput, type PostListQuery, type PostPatch } from "./admin-schemas";

export type AdminPostView = {
  id: string;
  title: string;
  heading: string;
  text: string;
  imageUrl: string | null;
  images: { url: string; width: number; height: number }[];
  createdAt: string;
};

function toView(row: typeof blogPosts.$inferSelect): AdminPostView {
  return {
    id: row.id,
    title: row.title,
    heading: row.heading,
    text: row.text,
    imageUrl: row.imageUrl,
    images: row.imageVariants,
    createdAt: row.createdAt.toISOString(),
  };
}

async function postRow(db: Db, id: string) {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!row) throw AppError.notFound("Blog post");
  return row;
}

export async function getAdminPost(db: Db, id: string): Promise<AdminPostView> {
  return toView(await postRow(db, id));
}

/** Line endings are normalised so paragraphs (blank lines) survive every browser. */
const normaliseText = (text: string) => text.replace(/\r\n?/g, "\n");

export async function createPost(db: Db, storage: Storage, input: PostInput, image: Buffer | null = null): Promise<AdminPostView> {
  const data = postInput.parse(input);
  if (image) await checkImageUpload(image);
  const variants = image ? await storeImageVariants(storage, "blog", image) : [];
  const [row] = await db
    .insert(blogPosts)
    .values({ ...data, text: normaliseText(data.text), imageVariants: variants, imageUrl: defaultVariant(variants)?.url ?? null })
    .returning();
  return toView(row!);
}

/** Writes only the fields named. */
export async function updatePost(db: Db, id: string, input: PostPatch): Promise<AdminPostView> {
  const current = await postRow(db, id);
  const data = postPatch.parse(input);
  const values = { ...data, ...(data.text !== undefined && { text: normaliseText(data.text) }) };
  if (!Object.values(values).some((v) => v !== undefined)) return toView(current);
  const [row] = await db.update(blogPosts).set(values).where(eq(blogPosts.id, id)).returning();
  return toView(row!);
}

export async function setPostImage(db: Db, storage: Storage, id: string, image: Buffer): Promise<AdminPostView> {
  await postRow(db, id);
  if (!(await replaceColumnImage(db, storage, { table: blogPosts, folder: "blog" }, id, image))) throw AppError.notFound("Blog post");
  return toView(await postRow(db, id));
}

export async function deletePost(db: Db, storage: Storage, id: string) {
  await postRow(db, id);
  const deleted = await db
    .delete(blogPosts)
    .where(eq(blogPosts.id, id))
    .returning({ imageVariants: blogPosts.imageVariants, imageUrl: blogPosts.imageUrl });
  await removeImageFiles(storage, deleted.flatMap(imageFilesOf));
}

const postOrder: Record<(typeof postSorts)[number], SQL[]> = {
  newest: [desc(blogPosts.createdAt), desc(blogPosts.id)],
  oldest: [asc(blogPosts.createdAt), asc(blogPosts.id)],
  title: [asc(blogPosts.title), desc(blogPosts.createdAt)],
};

/** /blogtable and GET /api/posts: searched in title or heading, created between two days, sorted, paged. */
export async function searchPosts(db: Db, input: PostListQuery = {}): Promise<{ items: AdminPostView[]; total: number }> {
  const q = postListQuery.parse(input);
  const where: SQL[] = [];
  if (q.q) {
    const like = containing(q.q);
    where.push(sql`(${blogPosts.title} ilike ${like} or ${blogPosts.heading} ilike ${like})`);
  }
  where.push(...withinDays(blogPosts.createdAt, q.from, q.to));
  const cond = where.length ? and(...where) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(cond)
      .orderBy(...postOrder[q.sort])
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.$count(blogPosts, cond),
  ]);
  return { items: rows.map(toView), total };
}
