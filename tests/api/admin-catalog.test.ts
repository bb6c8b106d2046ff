import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, productImages, products } from "../../db/schema";
import { fromUniqueViolation } from "../../lib/errors";
import { uploadDir } from "../../lib/storage.server";
import { createAdminUser, createBlogPost, createCategory, createProduct, createUser } from "../factories";
import { multipartForm as form } from "../support/multipart";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
let admin: { id: string; role: "admin" };
let customer: { id: string; role: "customer" };
beforeAll(async () => {
  t = await createTestContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
  customer = { id: (await createUser(t.db)).id, role: "customer" };
});

const png = (w = 800, h = 600) =>
  sharp({ create: { width: w, height: h, channels: 3, background: "#a3435a" } })
    .png()
    .toBuffer();
const gif = () =>
  sharp({ create: { width: 700, height: 500, channels: 3, background: "#53705b" } })
    .gif()
    .toBuffer();
const fileOnDisk = (url: string) => fs.existsSync(path.join(uploadDir(t.env.DATA_DIR), url.replace(/^\/uploads\//, "")));

describe("POST /api/products/create", () => {
  it("creates a product from a multipart form with an image stored as WebP variants", async () => {
    const category = await createCategory(t.db);
    const body = form(
      {
        title: "Gratitude Journal",
        price: "12500.50",
        discount: "9999.99",
        description: "A journal",
        categoryId: category.id,
        color: "Blush",
        size: "M",
        stock: "12",
      },
      { data: await png(), name: "journal.png", type: "image/png" },
    );
    const res = await t.request("/api/products/create", { method: "POST", body, as: admin });
    expect(res.status).toBe(201);
    const product = await res.json();
    expect(product).toMatchObject({
      title: "Gratitude Journal",
      price: 12500.5,
      discount: 9999.99,
      stock: 12,
      category: { id: category.id },
    });
    expect(product.imageUrl).toMatch(/^\/uploads\/products\/.+\.webp$/);
    const rows = await t.db.select().from(productImages).where(eq(productImages.productId, product.id));
    expect(rows.map((r) => r.width).sort((a, b) => a - b)).toEqual([320, 480, 640, 768]);
    expect(rows.every((r) => fileOnDisk(r.url))).toBe(true);
    const [stored] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(stored).toMatchObject({ priceKobo: 1_250_050, discountKobo: 999_999 });
  });

  it("accepts a GIF and stores WebP variants", async () => {
    const category = await createCategory(t.db);
    const res = await t.request("/api/products/create", {
      method: "POST",
      as: admin,
      body: form(
        { title: "Calendar", price: "5000", description: "d", categoryId: category.id },
        { data: await gif(), name: "cal.gif", type: "image/gif" },
      ),
    });
    expect(res.status).toBe(201);
    const product = await res.json();
    expect(product.images.length).toBeGreaterThan(0);
    expect(product.images.every((i: { url: string }) => i.url.endsWith(".webp"))).toBe(true);
  });

  it("names each invalid field (docs/product.md §5 rules)", async () => {
    const res = await t.request("/api/products/create", {
      method: "POST",
      as: admin,
      body: form({ title: "", price: "abc", description: "", categoryId: "" }),
    });
    expect(res.status).toBe(400);
    const { fields } = await res.json();
    expect(fields).toMatchObject({
      title: "Title is required",
      price: "Price must be a number",
      description: "Description is required",
      categoryId: "Category is required",
    });
  });

  it("refuses a discount that is not below the price, and prices with more than 2 decimals", async () => {
    const category = await createCategory(t.db);
    let res = await t.request("/api/products/create", {
      method: "POST",
      as: admin,
      json: { title: "x", price: 100, discount: 100, description: "d", categoryId: category.id },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.discount).toBe("Discount must be below the price");
    res = await t.request("/api/products/create", {
      method: "POST",
      as: admin,
      json: { title: "x", price: 10.005, description: "d", categoryId: category.id },
    });
    expect((await res.json()).fields.price).toBe("Price can have at most 2 decimals");
  });

  it("refuses an unknown category by naming the field", async () => {
    const res = await t.request("/api/products/create", {
      method: "POST",
      as: admin,
      json: { title: "x", price: 100, description: "d", categoryId: crypto.randomUUID() },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.categoryId).toBe("That category does not exist");
  });

  it("refuses a text file named .png with a clear message", async () => {
    const category = await createCategory(t.db);
    const res = await t.request("/api/products/create", {
      method: "POST",
      as: admin,
      body: form(
        { title: "x", price: "100", description: "d", categoryId: category.id },
        { data: Buffer.from("just some text, not an image\n".repeat(20)), name: "photo.png", type: "image/png" },
      ),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.msg).toMatch(/not a PNG, JPG, GIF or WebP image/);
    expect(body.fields.imageUrl).toBeTruthy();
    expect(await t.db.select().from(products).where(eq(products.title, "x"))).toHaveLength(0);
  });

  it("refuses an 11 MB upload with 413", async () => {
    const category = await createCategory(t.db);
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    (await png()).copy(big);
    const res = await t.request("/api/products/create", {
      method: "POST",
      as: admin,
      body: form(
        { title: "Big", price: "100", description: "d", categoryId: category.id },
        { data: big, name: "big.png", type: "image/png" },
      ),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe("too_large");
  });

  it("is for admins only", async () => {
    expect((await t.request("/api/products/create", { method: "POST", json: {} })).status).toBe(401);
    expect((await t.request("/api/products/create", { method: "POST", json: {}, as: customer })).status).toBe(403);
  });
});

describe("PUT/DELETE /api/products/{id}", () => {
  it("updates the fields from JSON", async () => {
    const p = await createProduct(t.db);
    const res = await t.request(`/api/products/${p.id}`, {
      method: "PUT",
      as: admin,
      json: { title: "Renamed", price: 4500, discount: 0, description: "New", categoryId: p.categoryId, color: "", size: "L", stock: 3 },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ title: "Renamed", price: 4500, color: null, size: "L", stock: 3 });
  });

  it("rejects unknown fields and answers 404 for a missing product", async () => {
    const p = await createProduct(t.db);
    expect(
      (
        await t.request(`/api/products/${p.id}`, {
          method: "PUT",
          as: admin,
          json: { title: "a", price: 1, description: "d", categoryId: p.categoryId, rating: 5 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.request(`/api/products/${crypto.randomUUID()}`, {
          method: "PUT",
          as: admin,
          json: { title: "a", price: 1, description: "d", categoryId: p.categoryId },
        })
      ).status,
    ).toBe(404);
    expect((await t.request(`/api/products/not-an-id`, { method: "DELETE", as: admin })).status).toBe(404);
  });

  it("replaces the image (old files deleted), then removes it", async () => {
    const p = await createProduct(t.db);
    let res = await t.request(`/api/products/${p.id}`, {
      method: "PUT",
      as: admin,
      body: form({}, { data: await png(1200, 900), name: "a.png", type: "image/png" }),
    });
    expect(res.status).toBe(200);
    const first = await res.json();
    expect(first.imageUrl).toMatch(/\.webp$/);
    res = await t.request(`/api/products/${p.id}`, {
      method: "PUT",
      as: admin,
      body: form({}, { data: await png(700, 700), name: "b.png", type: "image/png" }),
    });
    const second = await res.json();
    expect(second.imageUrl).not.toBe(first.imageUrl);
    expect(first.images.every((i: { url: string }) => !fileOnDisk(i.url))).toBe(true);
    expect(second.images.every((i: { url: string }) => fileOnDisk(i.url))).toBe(true);
    res = await t.request(`/api/products/${p.id}/image`, { method: "DELETE", as: admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ imageUrl: null, images: [] });
    expect(second.images.every((i: { url: string }) => !fileOnDisk(i.url))).toBe(true);
  });

  it("asks for a file when the image form is empty, or its file is (0 bytes)", async () => {
    const p = await createProduct(t.db);
    let res = await t.request(`/api/products/${p.id}`, { method: "PUT", as: admin, body: form({ other: "x" }) });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.imageUrl).toBe("Please select an image to upload");
    res = await t.request(`/api/products/${p.id}`, {
      method: "PUT",
      as: admin,
      body: form({}, { data: Buffer.alloc(0), name: "empty.png", type: "image/png" }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.imageUrl).toBe("Please select an image to upload");
  });

  it("deletes a product (admin only)", async () => {
    const p = await createProduct(t.db);
    expect((await t.request(`/api/products/${p.id}`, { method: "DELETE", as: customer })).status).toBe(403);
    expect((await t.request(`/api/products/${p.id}`, { method: "DELETE", as: admin })).status).toBe(200);
    expect(await t.db.select().from(products).where(eq(products.id, p.id))).toHaveLength(0);
    expect((await t.request(`/api/products/${p.id}`, { method: "DELETE", as: admin })).status).toBe(404);
  });
});

describe("categories write API", () => {
  it("creates with an image, renames, updates the image and refuses duplicates", async () => {
    let res = await t.request("/api/categories/create", {
      method: "POST",
      as: admin,
      body: form({ name: "Bath Rituals" }, { data: await png(), name: "c.png", type: "image/png" }),
    });
    expect(res.status).toBe(201);
    const cat = await res.json();
    expect(cat.imageUrl).toMatch(/^\/uploads\/categories\/.+\.webp$/);
    res = await t.request("/api/categories/create", { method: "POST", as: admin, json: { name: "bath rituals" } });
    expect(res.status).toBe(409);
    expect((await res.json()).fields.name).toMatch(/already exists/);
    res = await t.request(`/api/categories/${cat.id}`, { method: "PUT", as: admin, json: { name: "Bath & Body" } });
    expect(await res.json()).toMatchObject({ name: "Bath & Body" });
    res = await t.request(`/api/categories/${cat.id}`, {
      method: "PUT",
      as: admin,
      body: form({}, { data: await gif(), name: "n.gif", type: "image/gif" }),
    });
    const updated = await res.json();
    expect(updated.imageUrl).not.toBe(cat.imageUrl);
    expect(fileOnDisk(cat.imageUrl)).toBe(false);
  });

  it("two simultaneous creates of one name: one is created, the other is a 409 naming the field (never a 500)", async () => {
    const create = () => t.request("/api/categories/create", { method: "POST", as: admin, json: { name: "Race Day" } });
    const results = await Promise.all([create(), create(), create()]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const res of results.filter((r) => r.status === 409))
      expect((await res.json()).fields).toEqual({ name: expect.stringMatching(/already exists/) });
  });

  it("maps the database's own unique violation (as this driver raises it) to a 409 naming the field", async () => {
    await t.db.insert(categories).values({ name: "Twice" });
    const err = await t.db
      .insert(categories)
      .values({ name: "twice" })
      .catch((e: unknown) => e);
    expect(fromUniqueViolation(err)).toMatchObject({
      kind: "conflict",
      fields: { name: "A category with this name already exists." },
    });
    expect(fromUniqueViolation(new Error("other"))).toBeNull();
  });

  it("names the field when the name is missing; 404 for a missing category", async () => {
    const res = await t.request("/api/categories/create", { method: "POST", as: admin, json: { name: " " } });
    expect((await res.json()).fields).toEqual({ name: "Name is required" });
    expect((await t.request(`/api/categories/${crypto.randomUUID()}`, { method: "PUT", as: admin, json: { name: "x" } })).status).toBe(404);
  });

  it("will not delete a category that still has products, and says so", async () => {
    const cat = await createCategory(t.db);
    await createProduct(t.db, { categoryId: cat.id });
    let res = await t.request(`/api/categories/${cat.id}`, { method: "DELETE", as: admin });
    expect(res.status).toBe(409);
    expect((await res.json()).msg).toBe("This category still has 1 product. Move or delete them first.");
    const empty = await createCategory(t.db);
    res = await t.request(`/api/categories/${empty.id}`, { method: "DELETE", as: admin });
    expect(res.status).toBe(200);
  });

  it("is for admins only", async () => {
    expect((await t.request("/api/categories/create", { method: "POST", json: { name: "x" } })).status).toBe(401);
    expect((await t.request("/api/categories/create", { method: "POST", json: { name: "x" }, as: customer })).status).toBe(403);
  });
});

describe("posts write API", () => {
  it("creates a post keeping its paragraphs, updates it, replaces its image and deletes it", async () => {
    let res = await t.request("/api/posts/create", {
      method: "POST",
      as: admin,
      body: form(
        { title: "Slow mornings", heading: "Five quiet minutes", text: "First paragraph.\r\n\r\nSecond <script>x</script> paragraph." },
        { data: await png(), name: "p.png", type: "image/png" },
      ),
    });
    expect(res.status).toBe(201);
    const post = await res.json();
    expect(post.text).toBe("First paragraph.\n\nSecond <script>x</script> paragraph.");
    res = await t.request(`/api/posts/${post.id}`, { method: "PUT", as: admin, json: { title: "Slow evenings", heading: "h", text: "t" } });
    expect(await res.json()).toMatchObject({ title: "Slow evenings" });
    res = await t.request(`/api/posts/${post.id}`, {
      method: "PUT",
      as: admin,
      body: form({}, { data: await png(900, 500), name: "q.png", type: "image/png" }),
    });
    expect((await res.json()).imageUrl).not.toBe(post.imageUrl);
    expect((await t.request(`/api/posts/${post.id}`, { method: "DELETE", as: admin })).status).toBe(200);
    expect((await t.request(`/api/posts/${post.id}`, { method: "DELETE", as: admin })).status).toBe(404);
  });

  it("names missing fields and is for admins only", async () => {
    const res = await t.request("/api/posts/create", { method: "POST", as: admin, json: { title: "t" } });
    expect((await res.json()).fields).toMatchObject({ heading: "Heading is required", text: "Text is required" });
    const post = await createBlogPost(t.db);
    expect((await t.request(`/api/posts/${post.id}`, { method: "DELETE", as: customer })).status).toBe(403);
    expect((await t.request(`/api/posts/${post.id}`, { method: "PUT", json: { title: "a", heading: "b", text: "c" } })).status).toBe(401);
  });
});

describe("JSON create bodies go through the shared reader", () => {
  const creates = ["/api/products/create", "/api/categories/create", "/api/posts/create"];

  it("answers 400 naming the field when a text holds a NUL character", async () => {
    const category = await createCategory(t.db);
    const bodies = [
      { title: "Bad\u0000title", price: 1000, description: "d", categoryId: category.id },
      { name: "Bad\u0000name" },
      { title: "Bad\u0000title", heading: "h", text: "t" },
    ];
    for (const [i, path] of creates.entries()) {
      const res = await t.request(path, { method: "POST", as: admin, json: bodies[i] });
      expect(res.status, path).toBe(400);
      expect(Object.keys((await res.json()).fields), path).toEqual([i === 1 ? "name" : "title"]);
    }
  });

  it("answers 400 'not valid JSON' for a malformed body", async () => {
    for (const path of creates) {
      const res = await t.request(path, {
        method: "POST",
        as: admin,
        headers: { "Content-Type": "application/json" },
        body: '{"name": "Half',
      });
      expect(res.status, path).toBe(400);
      const body = await res.json();
      expect(body.msg, path).toBe("The request body is not valid JSON.");
      expect(body.fields, path).toBeUndefined();
    }
  });
});
