import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { uploadDir } from "../../lib/storage.server";
import { createAdminUser, createBlogPost, createCategory, createProduct } from "../factories";
import { multipartForm as form } from "../support/multipart";
import { createTestContext, type TestContext } from "../support/test-app";

// Image uploads on the admin write routes: every record owns its
// files, updates are sniffed and capped like creations, any accepted format becomes WebP.

let t: TestContext;
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createTestContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
});

type Image = { url: string; width: number };
type WithImages = { id: string; imageUrl: string | null; images: Image[] };

const picture = (format: "png" | "jpeg" | "webp", w = 900, h = 700) =>
  sharp({ create: { width: w, height: h, channels: 3, background: "#c98b6b" } })
    .toFormat(format)
    .toBuffer();
const pngFile = async () => ({ data: await picture("png"), name: "same.png", type: "image/png" });
const fileOnDisk = (url: string) => fs.existsSync(path.join(uploadDir(t.env.DATA_DIR), url.replace(/^\/uploads\//, "")));
const urlsOf = (r: WithImages) => [...r.images.map((i) => i.url), r.imageUrl].filter((u): u is string => Boolean(u));
const served = async (r: WithImages) => {
  const answers = await Promise.all(urlsOf(r).map((u) => t.request(u)));
  return answers.every((a) => a.status === 200 && a.headers.get("content-type") === "image/webp");
};
const send = async (url: string, method: string, body: FormData | undefined) => {
  const res = await t.request(url, { method, as: admin, body });
  return { status: res.status, body: await res.json() };
};

describe("two records with the same image bytes", () => {
  it("products: deleting, replacing or removing one image leaves the other product's files in place and served", async () => {
    const category = await createCategory(t.db);
    const fields = { title: "Twin", price: "5000", description: "d", categoryId: category.id };
    const a = (await send("/api/products/create", "POST", form(fields, await pngFile()))).body as WithImages;
    const b = (await send("/api/products/create", "POST", form(fields, await pngFile()))).body as WithImages;
    const c = (await send("/api/products/create", "POST", form(fields, await pngFile()))).body as WithImages;
    expect(urlsOf(a).some((u) => urlsOf(b).includes(u))).toBe(false);

    expect((await t.request(`/api/products/${a.id}`, { method: "DELETE", as: admin })).status).toBe(200);
    expect(urlsOf(a).some(fileOnDisk)).toBe(false);
    expect(await served(b)).toBe(true);
    expect(await served(c)).toBe(true);

    expect((await send(`/api/products/${b.id}`, "PUT", form({}, await pngFile()))).status).toBe(200);
    expect((await t.request(`/api/products/${b.id}/image`, { method: "DELETE", as: admin })).status).toBe(200);
    expect(urlsOf(b).some(fileOnDisk)).toBe(false);
    expect(await served(c)).toBe(true);
  });

  it("categories: replacing one's image and deleting it leaves the other's files in place and served", async () => {
    const a = (await send("/api/categories/create", "POST", form({ name: "Twin A" }, await pngFile()))).body as WithImages;
    const b = (await send("/api/categories/create", "POST", form({ name: "Twin B" }, await pngFile()))).body as WithImages;
    const replaced = (await send(`/api/categories/${a.id}`, "PUT", form({}, await pngFile()))).body as WithImages;
    expect(urlsOf(a).some(fileOnDisk)).toBe(false);
    expect(await served(b)).toBe(true);
    expect((await t.request(`/api/categories/${a.id}`, { method: "DELETE", as: admin })).status).toBe(200);
    expect(urlsOf(replaced).some(fileOnDisk)).toBe(false);
    expect(await served(b)).toBe(true);
  });

  it("blog posts: replacing one's image and deleting it leaves the other's files in place and served", async () => {
    const fields = { title: "Twin", heading: "h", text: "t" };
    const a = (await send("/api/posts/create", "POST", form(fields, await pngFile()))).body as WithImages;
    const b = (await send("/api/posts/create", "POST", form(fields, await pngFile()))).body as WithImages;
    const replaced = (await send(`/api/posts/${a.id}`, "PUT", form({}, await pngFile()))).body as WithImages;
    expect(await served(b)).toBe(true);
    expect((await t.request(`/api/posts/${a.id}`, { method: "DELETE", as: admin })).status).toBe(200);
    expect(urlsOf(replaced).some(fileOnDisk)).toBe(false);
    expect(await served(b)).toBe(true);
  });
});

// PUT /api/{products,categories,posts}/{id} with a multipart body is the image panel of each edit screen
const imageRoutes: { name: string; make: () => Promise<{ id: string }>; url: (id: string) => string }[] = [
  { name: "products", make: () => createProduct(t.db), url: (id) => `/api/products/${id}` },
  { name: "categories", make: () => createCategory(t.db), url: (id) => `/api/categories/${id}` },
  { name: "posts", make: () => createBlogPost(t.db), url: (id) => `/api/posts/${id}` },
];

describe.each(imageRoutes)("PUT /api/$name/{id} (multipart image update)", ({ make, url }) => {
  it("refuses an 11 MB upload with 413 and keeps the record as it was", async () => {
    const record = await make();
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    (await picture("png")).copy(big);
    const res = await send(url(record.id), "PUT", form({}, { data: big, name: "big.png", type: "image/png" }));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("too_large");
    expect((await (await t.request(url(record.id))).json()).imageUrl).toBeNull();
  });

  it("refuses a text file named .png with a clear message naming the field", async () => {
    const record = await make();
    const text = { data: Buffer.from("not a picture at all\n".repeat(30)), name: "photo.png", type: "image/png" };
    const res = await send(url(record.id), "PUT", form({}, text));
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/not a PNG, JPG, GIF or WebP image/);
    expect(res.body.fields.imageUrl).toBeTruthy();
  });

  it.each(["jpeg", "webp"] as const)("turns a %s upload into WebP variants on disk", async (format) => {
    const record = await make();
    const file = { data: await picture(format, 1100, 800), name: `p.${format === "jpeg" ? "jpg" : "webp"}`, type: `image/${format}` };
    const res = await send(url(record.id), "PUT", form({}, file));
    expect(res.status).toBe(200);
    const widths = (res.body as WithImages).images.map((i) => i.width);
    expect(widths).toEqual([320, 480, 640, 768, 1024]);
    expect(urlsOf(res.body).every((u) => u.endsWith(".webp") && fileOnDisk(u))).toBe(true);
    const stored = await sharp(
      fs.readFileSync(path.join(uploadDir(t.env.DATA_DIR), res.body.imageUrl.replace(/^\/uploads\//, ""))),
    ).metadata();
    expect(stored.format).toBe("webp");
  });

  it("answers 404 for an unknown id", async () => {
    expect((await send(url(crypto.randomUUID()), "PUT", form({}, await pngFile()))).status).toBe(404);
  });
});

describe("post image replacement", () => {
  it("deletes the old files and keeps only the new ones", async () => {
    const post = (await send("/api/posts/create", "POST", form({ title: "a", heading: "b", text: "c" }, await pngFile())))
      .body as WithImages;
    expect(urlsOf(post).every(fileOnDisk)).toBe(true);
    const res = await send(`/api/posts/${post.id}`, "PUT", form({}, { data: await picture("jpeg"), name: "n.jpg", type: "image/jpeg" }));
    expect(res.status).toBe(200);
    expect(urlsOf(post).some(fileOnDisk)).toBe(false);
    expect(urlsOf(res.body).every(fileOnDisk)).toBe(true);
  });
});

describe("404 on unknown ids", () => {
  const missing = () => crypto.randomUUID();
  it("DELETE /api/products/{id}/image", async () => {
    const res = await t.request(`/api/products/${missing()}/image`, { method: "DELETE", as: admin });
    expect(res.status).toBe(404);
    expect((await res.json()).msg).toMatch(/not found/i);
  });

  it("DELETE /api/categories/{id}", async () => {
    expect((await t.request(`/api/categories/${missing()}`, { method: "DELETE", as: admin })).status).toBe(404);
  });

  it("PUT /api/posts/{id} with the fields", async () => {
    const res = await t.request(`/api/posts/${missing()}`, { method: "PUT", as: admin, json: { title: "a", heading: "b", text: "c" } });
    expect(res.status).toBe(404);
  });
});

describe("a file still being written", () => {
  it("is not served, even by its exact or an escaped name, while the finished files beside it are", async () => {
    const folder = path.join(uploadDir(t.env.DATA_DIR), "products");
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, "half.webp"), await picture("webp"));
    fs.writeFileSync(path.join(folder, "half.webp.4242.0a1b2c3d.partial"), "part of a picture");
    expect((await t.request("/uploads/products/half.webp")).status).toBe(200);
    for (const name of ["half.webp.4242.0a1b2c3d.partial", "half.webp.4242.0a1b2c3d.partia%6C", "half.webp.4242.0a1b2c3d%2Epartial"]) {
      const res = await t.request(`/uploads/products/${name}`);
      expect([name, res.status, await res.text()]).toEqual([name, 404, "Not found"]);
    }
  });
});
