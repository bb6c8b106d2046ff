import sharp from "sharp";
import { AppError } from "./errors";

/** docs/product.md §2 hint 'PNG, JPG, GIF up to 10MB', now enforced. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export type ImageKind = "png" | "jpeg" | "gif" | "webp";

/** What the bytes are, whatever the file is called (magic numbers). */
export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "jpeg";
  if (buf.length >= 6 && (buf.subarray(0, 6).toString("latin1") === "GIF87a" || buf.subarray(0, 6).toString("latin1") === "GIF89a"))
    return "gif";
  if (buf.length >= 12 && buf.subarray(0, 4).toString("latin1") === "RIFF" && buf.subarray(8, 12).toString("latin1") === "WEBP")
    return "webp";
  return null;
}

const NOT_AN_IMAGE = "This file is not a PNG, JPG, GIF or WebP image. Please choose an image file.";

/** Refuses anything that is not a decodable PNG/JPG/GIF/WebP of at most 10 MB. */
export async function checkImageUpload(buf: Buffer, field = "imageUrl"): Promise<ImageKind> {
  if (buf.length > MAX_UPLOAD_BYTES)
    throw new AppError("too_large", "The image is larger than 10MB.", { fields: { [field]: "The image must be at most 10MB" } });
  const kind = sniffImage(buf);
  if (!kind) throw new AppError("invalid", NOT_AN_IMAGE, { fields: { [field]: NOT_AN_IMAGE } });
  try {
    const meta = await sharp(buf).metadata();
    if (!meta.width || !meta.height) throw new Error("no size");
    if (meta.width * meta.height > 50_000_000)
      throw new AppError("invalid", "The image is too large in pixels.", { fields: { [field]: "The image is too large in pixels" } });
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError("invalid", "This image could not be read. Please choose another file.", {
      fields: { [field]: "This image could not be read" },
    });
  }
  return kind;
}
