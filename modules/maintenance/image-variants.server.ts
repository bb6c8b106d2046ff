import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { ImageColumnTable } from "../../db/image-columns";
import { blogPosts, categories, productImages, products } from "../../db/schema";
import { encodeImageVariants, missingWidths, removeImageFiles, storeEncodedVariants, type StoredImage } from "../../lib/images.server";
import type { Logger } from "../../lib/logger.server";
import type { Storage } from "../../lib/storage-types";

// A picture stored before a width joined IMAGE_WIDTHS (480, for cards two to a row on a phone)
// lacks that variant, and the browser takes the next wider file. At start each such set is
// completed from its own largest file, one picture at a time beside the requests. The owner's
// writes win: a set replaced or deleted meanwhile is left as the owner made it, and the files made
// for it are removed.

/** The pictures whose variants are completed: where their sets are read and written. */
type Kind = {
  name: "products" | "categories" | "posts";
  /** the storage folder its uploads go to */
  folder: string;
  /** every record's variants, to find the sets lacking a width */
  all(db: Db): Promise<{ id: string; variants: StoredImage[] }[]>;
  /** one record's variants now; null when it is gone */
  one(db: Db, id: string): Promise<StoredImage[] | null>;
  /** adds the variants when the record still holds exactly `seen`; false otherwise */
  add(db: Db, id: string, seen: StoredImage[], added: StoredImage[]): Promise<boolean>;
};

const sameSet = (a: StoredImage[], b: StoredImage[]) => a.length === b.length && a.every((v) => b.some((w) => w.url === v.url));
const bySize = (a: StoredImage, b: StoredImage) => a.width - b.width;

const productSets: Kind = {
  name: "products",
  folder: "products",
  async all(db) {
    const rows = await db
      .select({ productId: productImages.productId, url: productImages.url, width: productImages.width, height: productImages.height })
      .from(productImages)
      .orderBy(asc(productImages.productId), asc(productImages.width));
    const sets = new Map<string, StoredImage[]>();
    for (const { productId, ...variant } of rows) sets.set(productId, [...(sets.get(productId) ?? []), variant]);
    return [...sets].map(([id, variants]) => ({ id, variants }));
  },
  async one(db, id) {
    const rows = await db
      .select({ url: productImages.url, width: productImages.width, height: productImages.height })
      .from(productImages)
      .where(eq(productImages.productId, id));
    return rows.length > 0 ? rows : null;
  },
  async add(db, id, seen, added) {
    return db.transaction(async (tx) => {
      // the product's row, as an image upload or a delete locks it first (modules/catalog/admin-products.server.ts)
      const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for("update");
      if (!product) return false;
      const now = await tx
        .select({ url: productImages.url, width: productImages.width, height: productImages.height })
        .from(productImages)
        .where(eq(productImages.productId, id));
      if (!sameSet(now, seen)) return false;
      await tx.insert(productImages).values(added.map((v) => ({ productId: id, ...v })));
      return true;
    });
  },
};

/** Categories and blog posts keep their variants in a column, written only where it still holds what was read. */
function variantsColumn(name: "categories" | "posts", table: ImageColumnTable, folder: string): Kind {
  return {
    name,
    folder,
    async all(db) {
      const rows = await db.select({ id: table.id, variants: table.imageVariants }).from(table);
      return rows.filter((r) => r.variants.length > 0);
    },
    async one(db, id) {
      const [row] = await db.select({ variants: table.imageVariants }).from(table).where(eq(table.id, id));
      return row ? row.variants : null;
    },
    async add(db, id, seen, added) {
      const written = await db
        .update(table)
        .set({ imageVariants: [...seen, ...added].sort(bySize) })
        .where(and(eq(table.id, id), sql`${table.imageVariants} = ${JSON.stringify(seen)}::jsonb`))
        .returning({ id: table.id });
      return written.length > 0;
    },
  };
}

const KINDS: Kind[] = [productSets, variantsColumn("categories", categories, "categories"), variantsColumn("posts", blogPosts, "blog")];

export type FilledCounts = Record<Kind["name"], number> & { missingFiles: number };

/**
 * Completes every stored set of variants that lacks a width of IMAGE_WIDTHS below its largest.
 * Safe beside the owner's writes and on several servers at once (each set is read again before
 * its encoding and written only if unchanged). `stopped` is asked between pictures.
 */
export async function fillMissingVariants(
  db: Db,
  storage: Storage,
  logger: Logger,
  stopped: () => boolean = () => false,
): Promise<FilledCounts> {
  const counts: FilledCounts = { products: 0, categories: 0, posts: 0, missingFiles: 0 };
  for (const kind of KINDS) {
    // a random order: servers started together mostly take different pictures first
    const lacking = (await kind.all(db)).filter((r) => missingWidths(r.variants.map((v) => v.width)).length > 0);
    for (const { id } of lacking.sort(() => Math.random() - 0.5)) {
      if (stopped()) return counts;
      const seen = await kind.one(db, id);
      const widths = seen ? missingWidths(seen.map((v) => v.width)) : [];
      if (!seen || widths.length === 0) continue;
      const largest = [...seen].sort(bySize).at(-1)!;
      const source = await storage.get(largest.url);
      if (!source) {
        counts.missingFiles++;
        logger.warn({ kind: kind.name, id, url: largest.url }, "image variants: the largest file is missing; left as it is");
        continue;
      }
      const added = await storeEncodedVariants(storage, kind.folder, await encodeImageVariants(source, widths));
      if (await kind.add(db, id, seen, added)) counts[kind.name]++;
      else
        await removeImageFiles(
          storage,
          added.map((v) => v.url),
        );
    }
  }
  return counts;
}

/** Runs the fill once, soon after start, beside the requests. Returns a stop function that waits for the picture in hand. */
export function startVariantFill(db: Db, storage: Storage, logger: Logger, { delayMs = 5_000 } = {}): () => Promise<void> {
  let stop = false;
  let running: Promise<void> = Promise.resolve();
  const timer = setTimeout(() => {
    running = fillMissingVariants(db, storage, logger, () => stop)
      .then((counts) => {
        const filled = counts.products + counts.categories + counts.posts;
        if (filled > 0 || counts.missingFiles > 0) logger.info(counts, "image variants completed");
      })
      .catch((err: unknown) => logger.error({ err }, "image variants: fill failed"));
  }, delayMs);
  timer.unref();
  return async () => {
    stop = true;
    clearTimeout(timer);
    await running;
  };
}
