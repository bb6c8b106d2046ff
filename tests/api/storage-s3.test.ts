// Images in S3 (S3_BUCKET and the other S3_* variables), against a real S3-compatible server on
// loopback: uploads, their variants and the share images go to the bucket, nothing under
// DATA_DIR/uploads; addresses stored before the move are sent to the bucket; storage:copy moves
// an existing uploads folder; a picture in the bucket stored before a width gets it there.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as ogImageLoader } from "../../app/routes/seo/og-image";
import { productImages } from "../../db/schema";
import { createLogger } from "../../lib/logger.server";
import { copyUploads } from "../../lib/storage-copy.server";
import { s3Storage } from "../../lib/storage-s3.server";
import { localStorage, shopStorage, uploadDir } from "../../lib/storage.server";
import { shareImagePath } from "../../modules/content/share-images";
import { shareImageVersion } from "../../modules/content/share-images.server";
import { fillMissingVariants } from "../../modules/maintenance/image-variants.server";
import { createAdminUser, createCategory } from "../factories";
import { startS3Server, type TestS3 } from "../support/s3-server";
import { multipartForm } from "../support/multipart";
import { createTestContext, routerContext, type TestContext } from "../support/test-app";

let s3: TestS3;
let t: TestContext;
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestContext(s3.env);
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
});
afterAll(async () => {
  await s3.close();
});

const photo = () =>
  sharp({ create: { width: 900, height: 700, channels: 3, background: "#a3435a" } })
    .png()
    .toBuffer();
const bucketBase = () => `${s3.endpoint}/${s3.bucket}`;
/** A product created by the admin with a photo, as POST /api/products/create answers it. */
async function productWithPhoto(title: string) {
  const category = await createCategory(t.db);
  const form = multipartForm(
    { title, price: "3000", description: "A photo in the bucket", categoryId: category.id },
    { data: await photo(), name: "photo.png", type: "image/png" },
  );
  const res = await t.request("/api/products/create", { method: "POST", as: admin, body: form });
  return (await res.json()) as { id: string; imageUrl: string; images: { url: string; width: number }[] };
}

describe("S3 storage", () => {
  it("puts, reads and removes files in the bucket, path-style; a missing key reads as nothing", async () => {
    const storage = s3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    });
    const url = await storage.put("notes/calm.txt", Buffer.from("calm"), "text/plain");
    expect(url).toBe(`${bucketBase()}/notes/calm.txt`);
    expect(storage.url("notes/calm.txt")).toBe(url);
    expect((await storage.get(url))?.toString()).toBe("calm");
    // an address stored by the local storage before the move names the same key
    expect((await storage.get("/uploads/notes/calm.txt"))?.toString()).toBe("calm");
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await storage.get(`${bucketBase()}/notes/missing.txt`)).toBeNull();
    expect(await storage.get("https://elsewhere.example/notes/calm.txt")).toBeNull();
    expect(await storage.get(`${bucketBase()}/../secret`)).toBeNull();
    await storage.remove(url);
    expect(await storage.get(url)).toBeNull();
    await storage.remove(url); // already gone: not an error
  });

  it("uses S3_PUBLIC_URL (a CDN) for the addresses it hands out", async () => {
    const storage = s3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, region: "us-east-1", publicUrl: "https://cdn.alafia.example/" });
    expect(storage.url("products/a-640.webp")).toBe("https://cdn.alafia.example/products/a-640.webp");
  });
});

describe("with S3_BUCKET set", () => {
  it("an uploaded product image and its variants go to the bucket, nothing under DATA_DIR/uploads; the bucket serves them", async () => {
    const category = await createCategory(t.db);
    const form = multipartForm(
      { title: "Lavender journal", price: "5000", description: "A calm journal", categoryId: category.id },
      { data: await photo(), name: "journal.png", type: "image/png" },
    );
    const res = await t.request("/api/products/create", { method: "POST", as: admin, body: form });
    expect(res.status).toBe(201);
    const product = (await res.json()) as { imageUrl: string; images: { url: string }[] };
    const urls = [product.imageUrl, ...product.images.map((i) => i.url)];
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) {
      expect(url.startsWith(`${bucketBase()}/products/`)).toBe(true);
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
    }
    expect(s3.keys()).toEqual(expect.arrayContaining(urls.map((u) => u.slice(bucketBase().length + 1))));
    expect(fs.existsSync(uploadDir(t.env.DATA_DIR))).toBe(false);

    // the shop's pages may show the bucket's images: the CSP allows its origin
    const page = await t.request("/api/health");
    expect(page.headers.get("content-security-policy")).toContain(`img-src 'self' data: blob: ${s3.endpoint}`);
  });

  it("the share image of a product is drawn once and kept in the bucket", async () => {
    const product = await productWithPhoto("Calm cards");
    const version = shareImageVersion(product.images.at(-1)?.url ?? product.imageUrl);
    const url = new URL(shareImagePath("products", product.id, version), "http://localhost:3000");
    const answer = (await ogImageLoader({
      request: new Request(url),
      params: { kind: "products", file: `${product.id}.jpg` },
      context: routerContext(t, null),
    } as never)) as Response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/jpeg");
    expect(s3.keys()).toContain(`share/products/${product.id}-${version}.jpg`);
    expect(fs.existsSync(uploadDir(t.env.DATA_DIR))).toBe(false);
  });

  it("a picture in the bucket stored before the 480 px width gets it, in the bucket", async () => {
    const product = await productWithPhoto("Old journal");
    // as an upload before the width left it: no 480 row, no 480 file
    const old480 = product.images.find((i) => i.width === 480)!;
    await t.db.delete(productImages).where(eq(productImages.url, old480.url));
    const storage = shopStorage(t.env);
    await storage.remove(old480.url);

    expect(await fillMissingVariants(t.db, storage, createLogger("silent"))).toMatchObject({ products: 1, missingFiles: 0 });
    const [added] = await t.db
      .select({ url: productImages.url })
      .from(productImages)
      .where(and(eq(productImages.productId, product.id), eq(productImages.width, 480)));
    expect(added!.url.startsWith(`${bucketBase()}/products/`)).toBe(true);
    const served = await fetch(added!.url);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(480);
    expect(fs.existsSync(uploadDir(t.env.DATA_DIR))).toBe(false);
  });

  it("an address stored before the move (/uploads/…) is sent to the bucket", async () => {
    const res = await t.request("/uploads/products/old-640.webp");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`${bucketBase()}/products/old-640.webp`);
  });
});

describe("npm run storage:copy", () => {
  it("copies a local uploads folder into the bucket under the same keys, which the old addresses then find", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-uploads-"));
    const local = localStorage(dir);
    const oldUrl = await local.put(
      "categories/kept-320.webp",
      await sharp(await photo())
        .webp()
        .toBuffer(),
      "image/webp",
    );
    await local.put("posts/deep/note.txt", Buffer.from("calm"), "text/plain");
    const copied = await copyUploads(dir, shopStorage(t.env));
    expect(copied).toEqual(["categories/kept-320.webp", "posts/deep/note.txt"]);
    expect(s3.keys()).toEqual(expect.arrayContaining(copied));
    expect(await shopStorage(t.env).get(oldUrl)).toEqual(await local.get(oldUrl));
    const served = await fetch(`${bucketBase()}/categories/kept-320.webp`);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(await copyUploads(path.join(dir, "absent"), shopStorage(t.env))).toEqual([]);
  });
});
