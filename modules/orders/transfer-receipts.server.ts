import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "../../db/client";
import { purchases, transferReceipts } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { checkImageUpload } from "../../lib/uploads.server";

// docs/product.md "Paying" ("I have sent it"): the picture of her transfer receipt (a screenshot of
// her bank's app, most often) she may send with her word. Checked as any upload (a real PNG, JPG,
// GIF or WebP of at most 10 MB), then re-encoded: a small WebP without the file's metadata, kept in
// the database (never the public uploads) and shown only to the team.

/** The longest side a receipt is kept at: a phone's screenshot stays readable, a camera's photo shrinks. */
export const RECEIPT_MAX_SIDE = 1600;

/** The form's and the service's field for the picture. */
export const RECEIPT_FIELD = "receipt";

/** The picture as kept: WebP bytes and their size; a file that is not a picture is a 400 naming `receipt`. */
export async function receiptPicture(file: Buffer): Promise<{ image: Buffer; width: number; height: number }> {
  await checkImageUpload(file, RECEIPT_FIELD);
  const { data, info } = await sharp(file, { animated: false })
    .rotate()
    .resize({ width: RECEIPT_MAX_SIDE, height: RECEIPT_MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer({ resolveWithObject: true });
  return { image: data, width: info.width, height: info.height };
}

/** The picture sent with the order's latest "I have sent it", for the team's page; not found when none. */
export async function latestReceipt(db: Db, purchaseId: string): Promise<Buffer> {
  const [row] = await db
    .select({ image: transferReceipts.image })
    .from(purchases)
    .innerJoin(transferReceipts, eq(transferReceipts.id, purchases.transferReceiptId))
    .where(eq(purchases.id, purchaseId));
  if (!row) throw AppError.notFound("Receipt");
  return row.image;
}
