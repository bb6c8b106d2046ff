import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blogPosts, categories, productImages } from "../../db/schema";
import { createLogger } from "../../lib/logger.server";
import { shopStorage, uploadDir } from "../../lib/storage.server";
import type { Storage } from "../../lib/storage-types";
import { fillMissingVariants, startVariantFill } from "../../modules/maintenance/image-variants.server";
import { createAdminUser, createCategory } from "../factories";
import { multipartForm as form } from "../support/multipart";
import { createTestContext, type TestContext } from "../support/test-app";

// Pictures stored before the 480 px variant (IMAGE_WIDTHS) get it at start, from their own largest
// file; the owner's uploads and deletes made meanwhile win, and no file is left behind.

let t: TestContext;
let admin: { id: string; role: "admin" };
let storage: Storage;
const logger = createLogger("silent");
beforeAll(async () => {
  t = await createTestContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
  storage = shopStorage(t.env);
});

type Image = { url: string; width: number };
type WithImages = { id: string; imageUrl: string | null; images: Image[] };

const png = async () => ({
  data: await sharp({ create: { width: 900, height: 700, channels: 3, background: "#c98b6b" } })
    .png()
    .toBuffer(),
  name: "photo.png",
  type: "image/png",
});
const onDisk = (url: string) => path.join(uploadDir(t.env.DATA_DIR), url.replace(/^\/uploads\//, ""));
const filesIn = (folder: string) => fs.readdirSync(path.join(uploadDir(t.env.DATA_DIR), folder)).map((f) => `/uploads/${folder}/${f}`);
const widthOf = async (url: string) => (await sharp(onDisk(url)).metadata()).width;
const send = async (url: string, method: string, body: FormData) =>
  (await (await t.request(url, { method, as: admin, body })).json()) as WithImages;
const widths = (images: Image[]) => images.map((i) => i.width);

/** A product uploaded before 480 was a width: its 480 row and file removed, as an upload of then left it. */
async function oldProduct(category: string): Promise<WithImages> {
  const p = await send(
    "/api/products/create",
    "POST",
    form({ title: "Old photo", price: "5000", description: "d", categoryId: category }, await png()),
  );
  const w480 = p.images.find((i) => i.width === 480)!;
  await t.db.delete(productImages).where(eq(productImages.url, w480.url));
  fs.rmSync(onDisk(w480.url));
  return { ...p, images: p.images.filter((i) => i.width !== 480) };
}
async function oldCategory(name: string): Promise<WithImages> {
  const c = await send("/api/categories/create", "POST", form({ name }, await png()));
  const kept = c.images.filter((i) => i.width !== 480);
  fs.rmSync(onDisk(c.images.find((i) => i.width === 480)!.url));
  const [row] = await t.db.select().from(categories).where(eq(categories.id, c.id));
  await t.db
    .update(categories)
    .set({ imageVariants: row!.imageVariants.filter((v) => v.width !== 480) })
    .where(eq(categories.id, c.id));
  return { ...c, images: kept };
}
const productNow = async (id: string) => (await (await t.request(`/api/products/${id}`)).json()) as WithImages;
const categoryNow = async (id: string) => (await (await t.request(`/api/categories/${id}`)).json()) as WithImages;

/** Every file in the folders is one a record holds: none left behind. */
async function noStrayFiles() {
  const held = new Set([
    ...(await t.db.select({ url: productImages.url }).from(productImages)).map((r) => r.url),
    ...(await t.db.select().from(categories)).flatMap((r) => r.imageVariants.map((v) => v.url)),
    ...(await t.db.select().from(blogPosts)).flatMap((r) => r.imageVariants.map((v) => v.url)),
  ]);
  for (const folder of ["products", "categories", "blog"])
    if (fs.existsSync(path.join(uploadDir(t.env.DATA_DIR), folder))) expect(filesIn(folder).filter((f) => !held.has(f))).toEqual([]);
}

describe("completing pictures stored before a width", () => {
  it("adds the 480 variant to products, categories and blog posts, served in their srcset, once", async () => {
    const category = await createCategory(t.db);
    const product = await oldProduct(category.id);
    const cat = await oldCategory("Journals of old");
    const post = await send("/api/posts/create", "POST", form({ title: "Old post", heading: "h", text: "t" }, await png()));
    const [postRow] = await t.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    fs.rmSync(onDisk(postRow!.imageVariants.find((v) => v.width === 480)!.url));
    await t.db
      .update(blogPosts)
      .set({ imageVariants: postRow!.imageVariants.filter((v) => v.width !== 480) })
      .where(eq(blogPosts.id, post.id));
    const storedWidths = await t.db
      .select({ width: productImages.width })
      .from(productImages)
      .where(eq(productImages.productId, product.id));
    expect(storedWidths.map((r) => r.width).sort((a, b) => a - b)).toEqual([320, 640, 768]);

    const counts = await fillMissingVariants(t.db, storage, logger);
    expect(counts).toEqual({ products: 1, categories: 1, posts: 1, missingFiles: 0 });

    const p = await productNow(product.id);
    expect(widths(p.images)).toEqual([320, 480, 640, 768]);
    // the other variants and the default image are the ones uploaded
    expect(p.images.filter((i) => i.width !== 480)).toEqual(product.images);
    expect(p.imageUrl).toBe(product.imageUrl);
    const added = p.images.find((i) => i.width === 480)!;
    expect(await widthOf(added.url)).toBe(480);
    const served = await t.request(added.url);
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/webp"]);
    expect(widths((await categoryNow(cat.id)).images)).toEqual([320, 480, 640, 768]);
    const [postAfter] = await t.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(widths(postAfter!.imageVariants)).toEqual([320, 480, 640, 768]);
    expect(await widthOf(postAfter!.imageVariants.find((v) => v.width === 480)!.url)).toBe(480);

    // done once: a second start finds nothing to add
    expect(await fillMissingVariants(t.db, storage, logger)).toEqual({ products: 0, categories: 0, posts: 0, missingFiles: 0 });
    await noStrayFiles();
  });

  it("leaves a picture whose largest file is gone as it is, and goes on with the others", async () => {
    const category = await createCategory(t.db);
    const lost = await oldProduct(category.id);
    const kept = await oldProduct(category.id);
    fs.rmSync(onDisk(lost.images.at(-1)!.url));
    const counts = await fillMissingVariants(t.db, storage, logger);
    expect(counts).toMatchObject({ products: 1, missingFiles: 1 });
    expect(widths((await productNow(lost.id)).images)).toEqual([320, 640, 768]);
    expect(widths((await productNow(kept.id)).images)).toEqual([320, 480, 640, 768]);
    // the owner deletes it (its files with it), so the next tests start from complete pictures
    expect((await t.request(`/api/products/${lost.id}`, { method: "DELETE", as: admin })).status).toBe(200);
  });

  it("an upload or a delete by the owner while a picture is being completed wins, with no file left behind", async () => {
    const category = await createCategory(t.db);
    const replaced = await oldProduct(category.id);
    const deleted = await oldProduct(category.id);
    const cat = await oldCategory("Cards of old");
    // the owner acts between the fill's read of a picture and its write
    const owner: Record<string, () => Promise<unknown>> = {
      [replaced.images.at(-1)!.url]: async () => send(`/api/products/${replaced.id}`, "PUT", form({}, await png())),
      [deleted.images.at(-1)!.url]: () => t.request(`/api/products/${deleted.id}`, { method: "DELETE", as: admin }),
      [cat.images.at(-1)!.url]: async () => send(`/api/categories/${cat.id}`, "PUT", form({}, await png())),
    };
    const meanwhile: Storage = {
      ...storage,
      async get(url) {
        const bytes = await storage.get(url);
        await owner[url]?.();
        return bytes;
      },
    };
    expect(await fillMissingVariants(t.db, meanwhile, logger)).toEqual({ products: 0, categories: 0, posts: 0, missingFiles: 0 });

    const p = await productNow(replaced.id);
    expect(widths(p.images)).toEqual([320, 480, 640, 768]);
    expect(p.images.some((i) => replaced.images.some((old) => old.url === i.url))).toBe(false);
    expect((await t.request(`/api/products/${deleted.id}`)).status).toBe(404);
    const c = await categoryNow(cat.id);
    expect(widths(c.images)).toEqual([320, 480, 640, 768]);
    expect(c.images.some((i) => cat.images.some((old) => old.url === i.url))).toBe(false);
    await noStrayFiles();
  });

  it("a picture completed while the owner's new one is being stored: her upload wins and the completed file goes with the old ones", async () => {
    const put = storage.put;
    /** her upload, with the fill run (and committed) while its first file is written: after the app read the old picture */
    const uploadWithFillMeanwhile = async (url: string) => {
      let filled: Record<string, number> | undefined;
      storage.put = async (key, data, type) => {
        filled ??= await fillMissingVariants(t.db, { ...storage, put }, logger);
        return put.call(storage, key, data, type);
      };
      try {
        await send(url, "PUT", form({}, await png()));
      } finally {
        storage.put = put;
      }
      return filled;
    };
    const category = await createCategory(t.db);
    const product = await oldProduct(category.id);
    expect(await uploadWithFillMeanwhile(`/api/products/${product.id}`)).toMatchObject({ products: 1 });
    const p = await productNow(product.id);
    expect(widths(p.images)).toEqual([320, 480, 640, 768]);
    expect(p.images.some((i) => product.images.some((old) => old.url === i.url))).toBe(false);
    await noStrayFiles();

    const cat = await oldCategory("Calendars of old");
    expect(await uploadWithFillMeanwhile(`/api/categories/${cat.id}`)).toMatchObject({ categories: 1 });
    const c = await categoryNow(cat.id);
    expect(widths(c.images)).toEqual([320, 480, 640, 768]);
    expect(c.images.some((i) => cat.images.some((old) => old.url === i.url))).toBe(false);
    await noStrayFiles();
  });

  it("two servers completing at once add each width once", async () => {
    const category = await createCategory(t.db);
    const products = [await oldProduct(category.id), await oldProduct(category.id), await oldProduct(category.id)];
    const [a, b] = await Promise.all([fillMissingVariants(t.db, storage, logger), fillMissingVariants(t.db, storage, logger)]);
    expect(a.products + b.products).toBe(3);
    for (const product of products) expect(widths((await productNow(product.id)).images)).toEqual([320, 480, 640, 768]);
    await noStrayFiles();
  });

  it("runs once after start, beside the requests", async () => {
    const category = await createCategory(t.db);
    const product = await oldProduct(category.id);
    const stop = startVariantFill(t.db, storage, logger, { delayMs: 0 });
    await expect.poll(async () => widths((await productNow(product.id)).images), { timeout: 10_000 }).toEqual([320, 480, 640, 768]);
    await stop();
  });
});
