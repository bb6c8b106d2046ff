import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../lib/errors";
import { rejectNulText } from "../lib/nul-text";
import { MAX_UPLOAD_BYTES } from "../lib/uploads.server";
import { readJson } from "./http";

export type MultipartBody = { fields: Record<string, string>; file: Buffer | null };

/** Room for the text fields around a 10 MB file. */
export const MAX_MULTIPART_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;

export function isMultipart(c: Context): boolean {
  return (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/**
 * Reads a multipart form: text fields plus one image under `imageUrl` (the spec's
 * field name) or `image`. The body size is capped before this (server/app.ts).
 */
export async function readMultipart(c: Context): Promise<MultipartBody> {
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw new AppError("invalid", "The form could not be read.");
  }
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  for (const [key, value] of Object.entries(body)) {
    const v = Array.isArray(value) ? value[0] : value;
    if (key === "imageUrl" || key === "image") {
      if (typeof v === "string") {
        if (v !== "")
          throw new AppError("invalid", "Please choose an image file.", { fields: { imageUrl: "Please select an image to upload" } });
        continue;
      }
      if (v && v.size > MAX_UPLOAD_BYTES)
        throw new AppError("too_large", "The image is larger than 10MB.", { fields: { imageUrl: "The image must be at most 10MB" } });
      if (v && v.size > 0) file = Buffer.from(await v.arrayBuffer());
      continue;
    }
    if (typeof v === "string") fields[key] = v;
  }
  rejectNulText(fields);
  return { fields, file };
}

/** The one image of an image-only multipart update, or a 400 naming the field. */
export function requireFile(body: MultipartBody): Buffer {
  if (!body.file)
    throw new AppError("invalid", "Please select an image to upload", { fields: { imageUrl: "Please select an image to upload" } });
  return body.file;
}

/**
 * A create body (docs/product.md §7): a multipart form with an optional image, or JSON read by
 * `readJson` (malformed JSON and NUL text are a 400); either way validated by the schema.
 */
export async function readFormOrJson<S extends z.ZodType>(c: Context, schema: S): Promise<{ input: z.output<S>; file: Buffer | null }> {
  if (!isMultipart(c)) return { input: await readJson(c, schema), file: null };
  const body = await readMultipart(c);
  return { input: schema.parse(body.fields), file: body.file };
}
