import crypto from "node:crypto";
import sharp from "sharp";
import type { Storage } from "./storage-types";

export type StoredImage = { url: string; width: number; height: number };

/**
 * Widths of the WebP variants we keep for srcset. 480: a card two to a row (46vw) on a 360–412 px
 * phone at DPR 2 needs ~330–380 px; without it the browser took the 640 file, about 40 % more
 * bytes on mobile data. 768: the same phones showing an image 90vw wide need ~650–740 px; without
 * it the browser took the 1024 file, a third more bytes.
 */
export const IMAGE_WIDTHS = [320, 480, 640, 768, 1024] as const;

/** One WebP variant of an image, encoded but not stored yet. */
export type EncodedImage = { width: number; height: number; data: Buffer };

/** What the variants' encoding depends on besides the picture: a cache of encoded variants keys on it. */
export const VARIANT_ENCODING = { widths: IMAGE_WIDTHS, webp: { quality: 78, effort: 4 }, libvips: sharp.versions.vips };

/**
 * Re-encodes an image to WebP in a few widths (never upscaled), smallest first: every width of
 * IMAGE_WIDTHS up to the picture's own, or only the `only` ones of them.
 */
export async function encodeImageVariants(input: Buffer, only?: readonly number[]): Promise<EncodedImage[]> {
  const source = sharp(input, { animated: false }).rotate();
  const meta = await source.metadata();
  const sourceWidth = meta.width ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  const fitting = IMAGE_WIDTHS.filter((w) => w <= sourceWidth);
  const widths: number[] = only ? fitting.filter((w) => only.includes(w)) : fitting.length > 0 ? fitting : [sourceWidth];
  const variants: EncodedImage[] = [];
  for (const width of widths) {
    const { data, info } = await source
      .clone()
      .resize({ width, withoutEnlargement: true })
      .webp(VARIANT_ENCODING.webp)
      .toBuffer({ resolveWithObject: true });
    variants.push({ width: info.width, height: info.height, data });
  }
  return variants;
}

/**
 * Stores encoded variants under fresh random file names: two records with the same picture own
 * separate files, so replacing or deleting one never deletes the other's (and a name is never
 * reused, so the files can be cached as immutable). Returns them smallest first; the last one
 * is the default `imageUrl`.
 */
export async function storeEncodedVariants(storage: Storage, folder: string, encoded: EncodedImage[]): Promise<StoredImage[]> {
  const base = crypto.randomBytes(12).toString("hex");
  const variants: StoredImage[] = [];
  for (const { width, height, data } of encoded) {
    const url = await storage.put(`${folder}/${base}-${width}.webp`, data, "image/webp");
    variants.push({ url, width, height });
  }
  return variants;
}

/** Re-encodes an image to WebP in a few widths and stores them (storeEncodedVariants). */
export async function storeImageVariants(storage: Storage, folder: string, input: Buffer): Promise<StoredImage[]> {
  return storeEncodedVariants(storage, folder, await encodeImageVariants(input));
}

export function defaultVariant(variants: StoredImage[]): StoredImage | undefined {
  return variants[variants.length - 1];
}

/**
 * The widths of IMAGE_WIDTHS a stored set lacks below its largest: the ones it would have, had it
 * been uploaded today (a width added to IMAGE_WIDTHS after the upload). Never above the largest,
 * which is as wide as the picture was, or 1024.
 */
export function missingWidths(stored: readonly number[]): number[] {
  const largest = Math.max(...stored);
  return IMAGE_WIDTHS.filter((w) => w < largest && !stored.includes(w));
}

/** Every file a record with images owns: its variants and its default image. */
export function imageFilesOf(row: { imageVariants: StoredImage[]; imageUrl: string | null }): (string | null)[] {
  return [...row.imageVariants.map((v) => v.url), row.imageUrl];
}

/** Deletes a record's own image files; safe because every upload has names of its own. */
export async function removeImageFiles(storage: Storage, urls: (string | null | undefined)[]): Promise<void> {
  const unique = new Set(urls.filter((u): u is string => Boolean(u)));
  await Promise.all([...unique].map((u) => storage.remove(u)));
}
