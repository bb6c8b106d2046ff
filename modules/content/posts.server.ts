import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts } from "../../db/schema";
import type { ImageVariant } from "../../db/schema/columns";
import { AppError } from "../../lib/errors";

/** A blog post as the API and the screens see it (docs/product.md §3 field names). */
export type PostView = {
  id: string;
  title: string;
  heading: string;
  text: string;
  imageUrl: string | null;
  images: ImageVariant[];
  createdAt: string;
};

const columns = {
  id: blogPosts.id,
  title: blogPosts.title,
  heading: blogPosts.heading,
  text: blogPosts.text,
  imageUrl: blogPosts.imageUrl,
  images: blogPosts.imageVariants,
  createdAt: blogPosts.createdAt,
};

const toView = (row: { createdAt: Date } & Omit<PostView, "createdAt">): PostView => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Newest first, paged. */
export async function listPosts(
  db: Db,
  { page = 1, pageSize = 12 }: { page?: number; pageSize?: number } = {},
): Promise<{ items: PostView[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(blogPosts)
      .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(blogPosts),
  ]);
  return { items: rows.map(toView), total: Number(total?.n ?? 0) };
}

export async function getPost(db: Db, id: string): Promise<PostView> {
  const [row] = await db.select(columns).from(blogPosts).where(eq(blogPosts.id, id));
  if (!row) throw AppError.notFound("Blog post");
  return toView(row);
}
