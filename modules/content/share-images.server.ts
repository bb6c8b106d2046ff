import crypto from "node:crypto";
import sharp, { type Sharp } from "sharp";
import type { Db } from "../../db/client";
import type { Storage } from "../../lib/storage-types";
import { getCategory, getProduct } from "../catalog/service.server";
import { getPost } from "./posts.server";
import { SHARE_IMAGE, SHARE_IMAGE_DESIGN, shareImagePath, type ShareImageKind } from "./share-images";

type WithImage = { imageUrl: string | null; images: { url: string }[] };

/** The stored image a record is shared with: its largest variant. */
export const sourceImageUrl = (record: WithImage): string | null => record.images.at(-1)?.url ?? record.imageUrl;

/** Changes when the record's image does (stored names carry a content hash) or the design does. */
export function shareImageVersion(sourceUrl: string | null): string {
  return crypto
    .createHash("sha256")
    .update(`${SHARE_IMAGE_DESIGN}:${sourceUrl ?? ""}`)
    .digest("hex")
    .slice(0, 12);
}

/** A record's share picture's address on the shop (`/og/{kind}/{id}.jpg?v=…`), from its stored image. */
export const sharePathOf = (kind: ShareImageKind, record: WithImage & { id: string }) =>
  shareImagePath(kind, record.id, shareImageVersion(sourceImageUrl(record)));

const find: Record<ShareImageKind, (db: Db, id: string) => Promise<WithImage>> = {
  products: getProduct,
  posts: getPost,
  categories: getCategory,
};

export type ShareImageAnswer = { jpeg: Buffer } | { moved: string };

/**
 * What /og/{kind}/{id}.jpg?v=… answers. The current version's picture is drawn once (about
 * half a second of CPU) and kept in storage under its version, so every server reads it from
 * there; any other `v` (an old version, a made-up one, none) is sent to the current version's
 * URL instead of drawing anything. Not found for an unknown record.
 */
export async function shareImageFor(
  db: Db,
  storage: Storage,
  kind: ShareImageKind,
  id: string,
  requestedVersion: string | null,
): Promise<ShareImageAnswer> {
  const url = sourceImageUrl(await find[kind](db, id));
  const version = shareImageVersion(url);
  if (requestedVersion !== version) return { moved: shareImagePath(kind, id, version) };
  // the branded picture is made once per process: nothing to keep per record
  if (!url) return { jpeg: await defaultShareImage() };
  return {
    jpeg: await storedOnce(storage, `share/${kind}/${id}-${version}.jpg`, async () => {
      const source = await storage.get(url);
      return source ? { jpeg: await shareImageRenderer.draw(source), keep: true } : { jpeg: await defaultShareImage(), keep: false };
    }),
  };
}

// Requests for a picture not yet in storage share one drawing per key in this process.
const drawing = new Map<string, Promise<Buffer>>();

async function storedOnce(storage: Storage, key: string, draw: () => Promise<{ jpeg: Buffer; keep: boolean }>): Promise<Buffer> {
  const pending = drawing.get(key);
  if (pending) return pending;
  const work = (async () => {
    const stored = await storage.get(storage.url(key));
    if (stored) return stored;
    const { jpeg, keep } = await draw();
    // a record whose image file is gone shows the branded picture, but it is not kept as its own
    if (keep) await storage.put(key, jpeg, SHARE_IMAGE.type);
    return jpeg;
  })().finally(() => drawing.delete(key));
  drawing.set(key, work);
  return work;
}

const { width, height } = SHARE_IMAGE;
const MARGIN = 30;
const jpeg = (image: Sharp) => image.jpeg({ quality: 82, mozjpeg: true }).toBuffer();

/** The whole image (a product photo is square) centred on a blurred, darkened fill of itself. */
async function pictureOf(source: Buffer): Promise<Buffer> {
  const image = sharp(source, { animated: false }).rotate();
  const [fill, picture] = await Promise.all([
    image.clone().resize(width, height, { fit: "cover" }).blur(24).modulate({ brightness: 0.85 }).toBuffer(),
    image
      .clone()
      .resize(width - 2 * MARGIN, height - 2 * MARGIN, { fit: "inside" })
      .toBuffer(),
  ]);
  return jpeg(sharp(fill).composite([{ input: picture, gravity: "centre" }]));
}

// The brand's mark (app/components/layout/logo.tsx) and name on its colours.
const brandCard = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fbf6f0"/><stop offset="1" stop-color="#f7e1e3"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <g transform="translate(110 155) scale(8)">
    <circle cx="20" cy="20" r="20" fill="#f7e1e3"/>
    <path d="M20 9c4 4 5 9 0 17-5-8-4-13 0-17z" fill="#a3435a"/>
    <path d="M9 16c6 0 10 3 11 10-7 0-11-4-11-10z" fill="#c9954c"/>
    <path d="M31 16c-6 0-10 3-11 10 7 0 11-4 11-10z" fill="#53705b"/>
    <path d="M11 29h18" stroke="#84334a" stroke-width="2" stroke-linecap="round"/>
  </g>
  <text x="500" y="300" font-family="Fraunces, Georgia, 'DejaVu Serif', serif" font-size="84" font-weight="600" fill="#2d2424">Alafia</text>
  <text x="504" y="360" font-family="'Nunito Sans', 'DejaVu Sans', sans-serif" font-size="30" font-weight="700" letter-spacing="8" fill="#6b5753">SELF-CARE</text>
  <text x="504" y="440" font-family="'Nunito Sans', 'DejaVu Sans', sans-serif" font-size="28" fill="#2d2424">Gifts, journals and calm for women in Lagos</text>
</svg>`;

let defaultPicture: Promise<Buffer> | undefined;
/** The branded picture for records without an image and for every other page (made once per process). */
export function defaultShareImage(): Promise<Buffer> {
  defaultPicture ??= jpeg(sharp(Buffer.from(brandCard))).catch((e: unknown) => {
    defaultPicture = undefined;
    throw e;
  });
  return defaultPicture;
}

/** The drawing itself, kept apart so that tests can count how often it runs. */
export const shareImageRenderer = { draw: pictureOf };
