import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blogPosts, categories, deliveryRates, products } from "../../db/schema";
import { createAdminUser, createBlogPost, createCategory, createDeliveryRate, createProduct } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

// An update changes only the fields it names: the spec's edit payloads leave some fields
// out (the product edit sends no stock), and a field left out keeps its stored value.
let t: TestContext;
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createTestContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
});

const put = (path: string, json: unknown) => t.request(path, { method: "PUT", as: admin, json });
const productRow = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;

describe("PUT /api/products/{id}", () => {
  it("the spec's edit payload (no stock) keeps the stock: the product stays in stock", async () => {
    const p = await createProduct(t.db, { stock: 7, discountKobo: 0 });
    const res = await put(`/api/products/${p.id}`, {
      title: "Renamed Journal",
      price: 4500,
      discount: 0,
      description: "New words",
      color: "Cream",
      size: "L",
      categoryId: p.categoryId,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ title: "Renamed Journal", stock: 7, trackStock: true });
    expect((await productRow(p.id)).stock).toBe(7);
  });

  it("one field named: every other stored field is kept (discount, colour, size, category, stock)", async () => {
    const p = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 800_000, color: "Sage Green", size: "S", stock: 4 });
    const res = await put(`/api/products/${p.id}`, { title: "Only the title" });
    expect(res.status).toBe(200);
    const after = await productRow(p.id);
    expect(after).toMatchObject({
      title: "Only the title",
      description: p.description,
      priceKobo: 1_000_000,
      discountKobo: 800_000,
      color: "Sage Green",
      size: "S",
      categoryId: p.categoryId,
      stock: 4,
    });
  });

  it("checks a named field against the stored ones: a price at or below the stored discount is refused", async () => {
    const p = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 800_000 });
    const res = await put(`/api/products/${p.id}`, { price: 7000 });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ discount: "Discount must be below the price" });
    expect((await productRow(p.id)).priceKobo).toBe(1_000_000);
  });

  it("a field named empty is cleared (discount and colour), and bad values still name their field", async () => {
    const p = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 800_000, color: "Peach" });
    expect((await put(`/api/products/${p.id}`, { discount: "", color: "" })).status).toBe(200);
    expect(await productRow(p.id)).toMatchObject({ discountKobo: 0, color: null, priceKobo: 1_000_000 });
    const res = await put(`/api/products/${p.id}`, { title: " ", price: "abc" });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ title: "Title is required", price: "Price must be a number" });
  });
});

describe("the other catalogue, content and delivery updates", () => {
  it("PUT /api/posts/{id} with only a title keeps the heading and the text", async () => {
    const post = await createBlogPost(t.db, { heading: "Five quiet minutes", text: "First.\n\nSecond." });
    const res = await put(`/api/posts/${post.id}`, { title: "Slow evenings" });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row).toMatchObject({ title: "Slow evenings", heading: "Five quiet minutes", text: "First.\n\nSecond." });
  });

  it("PUT /api/deliveryrates/{id} with only the charge keeps the LGA name, and the reverse", async () => {
    const rate = await createDeliveryRate(t.db, { lga: "Ikorodu", chargeKobo: 250_000 });
    let res = await put(`/api/deliveryrates/${rate.id}`, { deliveryCharge: 3000 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ lga: "Ikorodu", deliveryCharge: 3000 });
    res = await put(`/api/deliveryrates/${rate.id}`, { lga: "Ikorodu North" });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(deliveryRates).where(eq(deliveryRates.id, rate.id));
    expect(row).toMatchObject({ lga: "Ikorodu North", chargeKobo: 300_000 });
  });

  it("PUT /api/categories/{id} without a name keeps the name; a named blank one is still refused", async () => {
    const cat = await createCategory(t.db, { name: "Calendars" });
    expect((await put(`/api/categories/${cat.id}`, {})).status).toBe(200);
    expect((await t.db.select().from(categories).where(eq(categories.id, cat.id)))[0]!.name).toBe("Calendars");
    const res = await put(`/api/categories/${cat.id}`, { name: " " });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ name: "Name is required" });
  });

  it("PUT /api/settings with one field keeps the others", async () => {
    const before = await (await t.request("/api/settings", { as: admin })).json();
    const res = await put("/api/settings", { lowStockThreshold: 3 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...before, lowStockThreshold: 3 });
  });
});
