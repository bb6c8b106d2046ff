import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as ogImageLoader } from "../../app/routes/seo/og-image";
import { localStorage, shopStorage } from "../../lib/storage.server";
import type { Storage } from "../../lib/storage-types";
import { setProductImage } from "../../modules/catalog/admin-products.server";
import { setPostImage } from "../../modules/content/admin.server";
import type { ShareImageKind } from "../../modules/content/share-images";
import { defaultShareImage, shareImageFor, shareImageRenderer } from "../../modules/content/share-images.server";
import { createBlogPost, createProduct } from "../factories";
import { createTestContext, routerContext, type TestContext } from "../support/test-app";

// Link previews: a 1200×630 JPEG made from the stored image, read through the storage module.
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

/** The current version's picture, as /og/{kind}/{id}.jpg?v={current} answers it. */
async function shareImage(db: TestContext["db"], store: Storage, kind: ShareImageKind, id: string) {
  const moved = await shareImageFor(db, store, kind, id, null);
  if (!("moved" in moved)) throw new Error("a request without a version must be redirected");
  const version = new URL(moved.moved, "http://x").searchParams.get("v")!;
  const answer = await shareImageFor(db, store, kind, id, version);
  if (!("jpeg" in answer)) throw new Error("the current version must be answered with the picture");
  return { jpeg: answer.jpeg, version };
}

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

describe("GET /og/{kind}/{id}.jpg?v=…", () => {
  // the shop's own storage (DATA_DIR/uploads), as the route uses it
  const shop = () => shopStorage(t.env);
  const get = async (path: string) => {
    const url = new URL(path, "http://localhost:3000");
    const [, , kind, file] = url.pathname.split("/");
    try {
      return await ogImageLoader({
        request: new Request(url),
        params: { kind: kind!, file: file! },
        context: routerContext(t, null),
      } as never);
    } catch (e) {
      return e as { init: { status: number } };
    }
  };
  const draws = () => vi.mocked(shareImageRenderer.draw).mock.calls.length;
  const location = (res: unknown) => (res as Response).headers.get("Location");
  const versionIn = (path: string | null) => new URL(path!, "http://x").searchParams.get("v");
  afterEach(() => vi.restoreAllMocks());

  it("draws the current version once, keeps it in storage, and redirects any other v to it", async () => {
    const product = await createProduct(t.db);
    await setProductImage(t.db, shop(), product.id, await photo("#a3435a"));
    vi.spyOn(shareImageRenderer, "draw");
    const base = `/og/products/${product.id}.jpg`;

    // no version, or a made-up one: a redirect to the current version, nothing drawn
    const moved = await get(base);
    expect((moved as Response).status).toBe(302);
    const current = location(moved)!;
    expect(current).toMatch(new RegExp(`^${base}\\?v=[0-9a-f]{12}$`));
    expect(location(await get(`${base}?v=anything-${Math.random()}`))).toBe(current);
    expect(draws()).toBe(0);

    // the first requests for the current version arrive together: one drawing between them
    const [one, two] = (await Promise.all([get(current), get(current)])) as Response[];
    expect([one!.status, two!.status]).toEqual([200, 200]);
    expect(one!.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const jpeg = Buffer.from(await one!.arrayBuffer());
    expect(Buffer.from(await two!.arrayBuffer()).equals(jpeg)).toBe(true);
    expect(await describeJpeg(jpeg)).toEqual({ width: 1200, height: 630, format: "jpeg" });
    expect(draws()).toBe(1);

    // later requests (on this server or another sharing the storage) read the kept picture
    const again = (await get(current)) as Response;
    expect(Buffer.from(await again.arrayBuffer()).equals(jpeg)).toBe(true);
    expect(draws()).toBe(1);
    expect((await shop().get(shop().url(`share/products/${product.id}-${versionIn(current)}.jpg`)))?.equals(jpeg)).toBe(true);
  });

  it("moves to a new version when the image changes: the old v redirects there, the new one is drawn once", async () => {
    const product = await createProduct(t.db);
    await setProductImage(t.db, shop(), product.id, await photo("#53705b"));
    const base = `/og/products/${product.id}.jpg`;
    const before = location(await get(base))!;
    await get(before);
    await setProductImage(t.db, shop(), product.id, await photo("#c9954c"));
    vi.spyOn(shareImageRenderer, "draw");
    const after = location(await get(before))!;
    expect(after).not.toBe(before);
    expect(versionIn(after)).toMatch(/^[0-9a-f]{12}$/);
    expect(((await get(after)) as Response).status).toBe(200);
    expect(((await get(after)) as Response).status).toBe(200);
    expect(draws()).toBe(1);
  });

  it("answers a record without an image with the branded picture, drawing nothing per record", async () => {
    const bare = await createProduct(t.db, { imageUrl: null });
    vi.spyOn(shareImageRenderer, "draw");
    const res = (await get(location(await get(`/og/products/${bare.id}.jpg`))!)) as Response;
    expect(Buffer.from(await res.arrayBuffer()).equals(await defaultShareImage())).toBe(true);
    expect(draws()).toBe(0);
  });

  it("is a 404 for an unknown record, kind or file name", async () => {
    for (const path of [
      `/og/posts/${NO_SUCH_ID}.jpg?v=1`,
      `/og/users/${NO_SUCH_ID}.jpg`,
      "/og/products/nope.jpg",
      `/og/products/${NO_SUCH_ID}.png`,
    ])
      expect((await get(path)) as unknown).toMatchObject({ init: { status: 404 } });
  });
});
