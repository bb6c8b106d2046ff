import { eq } from "drizzle-orm";
import type { Db } from "./client";
import type { blogPosts, categories } from "./schema";
import { defaultVariant, imageFilesOf, removeImageFiles, storeImageVariants } from "../lib/images.server";
import type { Storage } from "../lib/storage-types";
import { checkImageUpload } from "../lib/uploads.server";

/** The tables that keep a picture's variants in a column of the record (a product has rows of its own). */
export type ImageColumnTable = typeof categories | typeof blogPosts;

/**
 * Stores a new picture for a category or a post and removes the files the record held when it was
 * written: the row is locked first, so a variant added meanwhile (modules/maintenance/image-variants.server.ts)
 * goes too. False, with the new files removed, when the record is gone.
 */
export async function replaceColumnImage(
  db: Db,
  storage: Storage,
  { table, folder }: { table: ImageColumnTable; folder: string },
  id: string,
  image: Buffer,
): Promise<boolean> {
  await checkImageUpload(image);
  const variants = await storeImageVariants(storage, folder, image);
  const replaced = await db.transaction(async (tx) => {
    const [old] = await tx
      .select({ imageVariants: table.imageVariants, imageUrl: table.imageUrl })
      .from(table)
      .where(eq(table.id, id))
      .for("update");
    if (!old) return null;
    await tx
      .update(table)
      .set({ imageVariants: variants, imageUrl: defaultVariant(variants)?.url ?? null })
      .where(eq(table.id, id));
    return imageFilesOf(old);
  });
  await removeImageFiles(storage, replaced ?? variants.map((v) => v.url));
  return replaced !== null;
}
