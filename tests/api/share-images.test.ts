import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localStorage } from "../../lib/storage.server";
import { setProductImage } from "../../modules/catalog/admin.server";
import { setPostImage } from "../../modules/content/admin.server";
import { defaultShareImage, shareImage } from "../../modules/content/share-images.server";
import { createBlogPost, createProduct } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

// Link previews (issue 3): a 1200×630 JPEG made from the stored image, read through the storage module.
let t: TestContext;
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-share-"));
const storage = localStorage(uploads);
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

/** a square photo, as a shop's product pictures are */
const photo = (colour: string) =>
  sharp({ create: { width: 900, height: 900, channels: 3, background: colour } })
    .png()
    .toBuffer();

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => fs.rmSync(uploads, { recursive: true, force: true }));

const describeJpeg = async (jpeg: Buffer) => {
  const { width, height, format } = await sharp(jpeg).metadata();
  return { width, height, format };
};

describe("share images", () => {
  it("makes a 1200×630 JPEG from a product's stored (WebP) image, whole in the middle", async () => {
    const product = await createProduct(t.db);
    await setProductImage(t.db, storage, product.id, await photo("#a3435a"));
    const { jpeg, version } = await shareImage(t.db, storage, "products", product.id);
    expect(await describeJpeg(jpeg)).toEqual({ width: 1200, height: 630, format: "jpeg" });
    // the middle is the photo itself (the rose colour), not the branded default
    const { data } = await sharp(jpeg).extract({ left: 590, top: 305, width: 20, height: 20 }).raw().toBuffer({ resolveWithObject: true });
    expect(Math.abs(data[0]! - 0xa3)).toBeLessThan(12);
    expect(Math.abs(data[1]! - 0x43)).toBeLessThan(12);
    expect(jpeg.equals(await defaultShareImage())).toBe(false);
    expect(version).toMatch(/^[0-9a-f]{12}$/);
  });

  it("changes version when the image changes, so the long-cached URL changes too", async () => {
    const product = await createProduct(t.db);
    await setProductImage(t.db, storage, product.id, await photo("#53705b"));
    const before = await shareImage(t.db, storage, "products", product.id);
    await setProductImage(t.db, storage, product.id, await photo("#c9954c"));
    const after = await shareImage(t.db, storage, "products", product.id);
    expect(after.version).not.toBe(before.version);
  });

  it("uses a post's image too", async () => {
    const post = await createBlogPost(t.db);
    await setPostImage(t.db, storage, post.id, await photo("#53705b"));
    const { jpeg } = await shareImage(t.db, storage, "posts", post.id);
    expect(await describeJpeg(jpeg)).toEqual({ width: 1200, height: 630, format: "jpeg" });
    expect(jpeg.equals(await defaultShareImage())).toBe(false);
  });

  it("falls back to the branded picture for a record without an image, or whose file is gone", async () => {
    const branded = await defaultShareImage();
    expect(await describeJpeg(branded)).toEqual({ width: 1200, height: 630, format: "jpeg" });
    const bare = await createProduct(t.db, { imageUrl: null });
    expect((await shareImage(t.db, storage, "products", bare.id)).jpeg.equals(branded)).toBe(true);
    const lost = await createProduct(t.db, { imageUrl: "/uploads/products/gone-1024.webp" });
    expect((await shareImage(t.db, storage, "products", lost.id)).jpeg.equals(branded)).toBe(true);
  });

  it("answers not_found for an unknown record", async () => {
    await expect(shareImage(t.db, storage, "posts", NO_SUCH_ID)).rejects.toMatchObject({ kind: "not_found" });
  });
});

describe("storage.get", () => {
  it("reads a stored file by its public URL and never outside the upload folder", async () => {
    const url = await storage.put("notes/a.txt", Buffer.from("calm"), "text/plain");
    expect((await storage.get(url))?.toString()).toBe("calm");
    expect(await storage.get("/uploads/notes/missing.txt")).toBeNull();
    expect(await storage.get("/uploads/../secret")).toBeNull();
    expect(await storage.get("https://elsewhere.example/a.txt")).toBeNull();
  });
});
