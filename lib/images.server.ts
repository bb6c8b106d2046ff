import crypto from "node:crypto";
import sharp from "sharp";
import type { Storage } from "./storage-types";

export type StoredImage = { url: string; width: number; height: number };

/**
 * Widths of the WebP variants we keep for srcset. 768: a 360–412 px phone at DPR 2 showing
 * an image 90vw wide needs ~650–740 px; without it the browser took the 1024 file, a third
 * more bytes on mobile data.
 */
export const IMAGE_WIDTHS = [320, 640, 768, 1024] as const;

/**
 * Re-encodes an image to WebP in a few widths (never upscaled) and stores them.
 * Returns the variants, smallest first; the last one is the default `imageUrl`.
 * Every upload gets fresh random file names: two records with the same picture own
 * separate files, so replacing or deleting one never deletes the other's (and a
 * name is never reused, so the files can be cached as immutable).
 */
export async function storeImageVariants(storage: Storage, folder: string, input: Buffer): Promise<StoredImage[]> {
  const source = sharp(input, { animated: false }).rotate();
  const meta = await source.metadata();
  const sourceWidth = meta.width ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  const fitting = IMAGE_WIDTHS.filter((w) => w <= sourceWidth);
  const widths: number[] = fitting.length > 0 ? fitting : [sourceWidth];
  const base = crypto.randomBytes(12).toString("hex");
  const variants: StoredImage[] = [];
  for (const width of widths) {
    const { data, info } = await source
      .clone()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    const url = await storage.put(`${folder}/${base}-${info.width}.webp`, data, "image/webp");
    variants.push({ url, width: info.width, height: info.height });
  }
  return variants;
}

export function defaultVariant(variants: StoredImage[]): StoredImage | undefined {
  return variants[variants.length - 1];
}

/** Deletes a record's own image files; safe because every upload has names of its own. */
export async function removeImageFiles(storage: Storage, urls: (string | null | undefined)[]): Promise<void> {
  const unique = new Set(urls.filter((u): u is string => Boolean(u)));
  await Promise.all([...unique].map((u) => storage.remove(u)));
}
