import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { categories, productChanges, products } from "../../db/schema";
import type { Role } from "../../modules/accounts/roles";
import { productChangeWords } from "../../modules/catalog/product-change-words";
import { productHistory } from "../../modules/catalog/product-history.server";
import { createAdminUser, createCategory, createProduct, createStaffUser } from "../factories";
import { multipartForm } from "../support/multipart";
import { createPagesContext, type PagesContext } from "../support/pages-app";

// docs/product.md "Product history": every change of a product's price, sale price, stock, title,
// category or photo made by hand, who made it and from what, written with the change; read on the
// edit screen.
let t: PagesContext;
let owner: Awaited<ReturnType<typeof createAdminUser>>;
let staff: Awaited<ReturnType<typeof createStaffUser>>;
beforeAll(async () => {
  t = await createPagesContext();
  owner = await createAdminUser(t.db, { firstName: "Funke", lastName: "Owner" });
  staff = await createStaffUser(t.db, { firstName: "Chidi", lastName: "Staff" });
});

const put = (id: string, json: Record<string, unknown>, as: { id: string; role: Role } = staff) =>
  t.request(`/api/products/${id}`, { method: "PUT", as, json });
/** the saves as the screen gets them, without their times */
const history = async (productId: string) => (await productHistory(t.db, productId)).map(({ at: _at, ...save }) => save);
const saved = async (productId: string) => (await t.db.select().from(products).where(eq(products.id, productId)))[0]!;

describe("a price or stock change is kept with its author", () => {
  it("records each save's fields from old to new and the member's name; the same values again record nothing", async () => {
    const product = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 8 });
    expect((await put(product.id, { price: 9000 })).status).toBe(200);
    expect((await put(product.id, { discount: 8000, stock: 12, trackStock: true })).status).toBe(200);
    // a new title; the same price and stock again are no change of value
    expect((await put(product.id, { title: "Renamed journal", price: 9000, stock: 12, trackStock: true })).status).toBe(200);
    // the same title again, and a description, colour or size: nothing
    expect((await put(product.id, { title: "Renamed journal", description: "New words", color: "Blue" })).status).toBe(200);
    expect((await put(product.id, { trackStock: false }, owner)).status).toBe(200);
    expect(await history(product.id)).toEqual([
      { added: false, changes: [{ field: "stock", before: 12, after: null }], by: "Funke Owner" },
      { added: false, changes: [{ field: "title", before: product.title, after: "Renamed journal" }], by: "Chidi Staff" },
      {
        added: false,
        changes: [
          { field: "discount", before: 0, after: 8000 },
          { field: "stock", before: 8, after: 12 },
        ],
        by: "Chidi Staff",
      },
      { added: false, changes: [{ field: "price", before: 10000, after: 9000 }], by: "Chidi Staff" },
    ]);
    const rows = await t.db.select().from(productChanges).where(eq(productChanges.productId, product.id));
    expect(rows.map((r) => r.actorId).sort()).toEqual([staff.id, staff.id, staff.id, owner.id].sort());
  });

  it("keeps a move to another category by its names, and a photo added, replaced or removed, by whoever did it", async () => {
    const journals = await createCategory(t.db, { name: "Journals" });
    const cards = await createCategory(t.db, { name: "Cards" });
    const product = await createProduct(t.db, { categoryId: journals.id, imageUrl: null });
    expect((await put(product.id, { categoryId: cards.id })).status).toBe(200);
    // the same category again: nothing
    expect((await put(product.id, { categoryId: cards.id })).status).toBe(200);
    const photo = async () =>
      multipartForm(
        {},
        {
          data: await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c98b6b" } })
            .png()
            .toBuffer(),
          name: "p.png",
          type: "image/png",
        },
      );
    const upload = async () => t.request(`/api/products/${product.id}`, { method: "PUT", as: owner, body: await photo() });
    expect((await upload()).status).toBe(200);
    expect((await upload()).status).toBe(200);
    expect((await t.request(`/api/products/${product.id}/image`, { method: "DELETE", as: staff })).status).toBe(200);
    // a category renamed later: the history keeps the name it had
    await t.db.update(categories).set({ name: "Affirmation Cards" }).where(eq(categories.id, cards.id));
    expect((await history(product.id)).map((s) => [s.changes, s.by])).toEqual([
      [[{ field: "photo", before: expect.stringMatching(/^\/uploads\//), after: null }], "Chidi Staff"],
      [[{ field: "photo", before: expect.stringMatching(/^\/uploads\//), after: expect.stringMatching(/^\/uploads\//) }], "Funke Owner"],
      [[{ field: "photo", before: null, after: expect.stringMatching(/^\/uploads\//) }], "Funke Owner"],
      [[{ field: "category", before: "Journals", after: "Cards" }], "Chidi Staff"],
    ]);
    const words = (await productHistory(t.db, product.id)).map(productChangeWords);
    expect(words).toEqual(["Photo removed", "Photo replaced", "Photo added", "Category Journals → Cards"]);
  });

  it("a refused change records nothing and changes nothing", async () => {
    const product = await createProduct(t.db, { priceKobo: 500_000, stock: 4 });
    // a sale price above the price, with a stock: refused with its field message
    const refused = await put(product.id, { discount: 6000, stock: 9, trackStock: true });
    expect(refused.status).toBe(400);
    expect(await history(product.id)).toEqual([]);
    expect([(await saved(product.id)).discountKobo, (await saved(product.id)).stock]).toEqual([0, 4]);
  });

  it("a product added through the API starts its history with its first values", async () => {
    const category = await createCategory(t.db);
    const add = (json: Record<string, unknown>) =>
      t.request("/api/products/create", {
        method: "POST",
        as: owner,
        json: { title: "Calm Cards", description: "Fifty-two cards", price: 6500, categoryId: category.id, ...json },
      });
    const withAll = await add({ discount: 5000, stock: 4 });
    expect(withAll.status).toBe(201);
    expect(await history(((await withAll.json()) as { id: string }).id)).toEqual([
      {
        added: true,
        changes: [
          { field: "price", before: null, after: 6500 },
          { field: "discount", before: null, after: 5000 },
          { field: "stock", before: null, after: 4 },
        ],
        by: "Funke Owner",
      },
    ]);
    // no sale price, stock not tracked: the price alone
    const plain = await add({});
    expect(await history(((await plain.json()) as { id: string }).id)).toEqual([
      { added: true, changes: [{ field: "price", before: null, after: 6500 }], by: "Funke Owner" },
    ]);
  });

  it("members saving at the same moment leave one unbroken chain, each from the value it replaced, newest first", async () => {
    const product = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0 });
    const prices = [11000, 12000, 13000, 14000, 15000];
    const answers = await Promise.all(prices.map((price, i) => put(product.id, { price }, i % 2 ? owner : staff)));
    expect(answers.map((a) => a.status)).toEqual(prices.map(() => 200));
    const rows = await t.db.select().from(productChanges).where(eq(productChanges.productId, product.id));
    const next = new Map(rows.map((r) => [r.changes[0]!.before, r.changes[0]!.after]));
    expect(next.size).toBe(prices.length);
    // from the first price, each change starts where one other ended, and the last is the stored one
    let price: number | null | undefined = 1_000_000;
    const chain: number[] = [];
    while (next.has(price!)) chain.push((price = next.get(price!) as number));
    expect([...chain].sort((a, b) => a - b)).toEqual(prices.map((p) => p * 100));
    expect((await saved(product.id)).priceKobo).toBe(price);
    // the screen lists them in the order they were made, newest first
    const listed = (await history(product.id)).map((s) => (s.changes[0]!.after as number) * 100);
    expect(listed).toEqual([...chain].reverse());
  });
});

describe("the edit screen", () => {
  it("shows the newest saves first, with who made them, to the owner and staff; the screen's form records its member", async () => {
    const product = await createProduct(t.db, { priceKobo: 750_000, stock: 8 });
    await put(product.id, { price: 7000 });
    // the screen's own form, as the browser sends it, by the owner
    const res = await t.page(`/editproduct/${product.id}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        title: product.title,
        price: "7000",
        discount: "6500",
        description: product.description,
        categoryId: product.categoryId,
        color: "",
        size: "",
        trackStock: "true",
        stock: "20",
        stockAsLoaded: "true:8",
      }).toString(),
      as: owner,
    });
    expect(res.status).toBe(302);
    for (const as of [owner, staff]) {
      const html = await (await t.page(`/editproduct/${product.id}`, { as })).text();
      expect(html).toContain("Product history");
      const newest = html.indexOf("Discount none → ₦6,500; Stock 8 → 20");
      const older = html.indexOf("Price ₦7,500 → ₦7,000");
      expect(newest).toBeGreaterThan(0);
      expect(older).toBeGreaterThan(newest);
      expect(html).toContain("Funke Owner");
      expect(html).toContain("Chidi Staff");
    }
    // a product nobody has changed by hand has no history box
    const untouched = await createProduct(t.db);
    expect(await (await t.page(`/editproduct/${untouched.id}`, { as: owner })).text()).not.toContain("Product history");
  });
});

describe("the owner's dashboard", () => {
  it("lists the team's latest saves of any product, newest first, linked to the product; staff do not get it", async () => {
    const journal = await createProduct(t.db, { title: "Dawn Journal", priceKobo: 900_000, stock: 5 });
    const stone = await createProduct(t.db, { title: "Worry Stone", priceKobo: 300_000, stock: 2 });
    await put(journal.id, { price: 8500 });
    await put(stone.id, { stock: 40, trackStock: true });
    const html = await (await t.page("/dashboard", { as: owner })).text();
    expect(html).toContain("Latest product changes");
    const newest = html.indexOf(`href="/editproduct/${stone.id}"`);
    const older = html.indexOf(`href="/editproduct/${journal.id}"`);
    expect(newest).toBeGreaterThan(0);
    expect(older).toBeGreaterThan(newest);
    expect(html.slice(newest, older)).toContain("Stock 2 → 40");
    expect(html.slice(older)).toContain("Price ₦9,000 → ₦8,500");
    const staffs = await (await t.page("/dashboard", { as: staff })).text();
    expect(staffs).not.toContain("Latest product changes");
  });
});

describe("GET /api/products/{id}/history", () => {
  it("pages a product's saves, newest first, with the total; the team only; an unknown product is a 404", async () => {
    const product = await createProduct(t.db, { priceKobo: 1_000_000, stock: 5 });
    for (const price of [9000, 8000, 7000]) expect((await put(product.id, { price })).status).toBe(200);
    const first = await t.request(`/api/products/${product.id}/history?pageSize=2`, { as: owner });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-total-count")).toBe("3");
    // the team's own reading: never kept by a shared cache
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const page = (await first.json()) as { at: string; changes: unknown[]; by: string }[];
    expect(page.map((s) => [s.changes, s.by])).toEqual([
      [[{ field: "price", before: 8000, after: 7000 }], "Chidi Staff"],
      [[{ field: "price", before: 9000, after: 8000 }], "Chidi Staff"],
    ]);
    expect(Number.isNaN(Date.parse(page[0]!.at))).toBe(false);
    const second = await t.request(`/api/products/${product.id}/history?pageSize=2&page=2`, { as: staff });
    expect(((await second.json()) as { changes: unknown[] }[]).map((s) => s.changes)).toEqual([
      [{ field: "price", before: 10000, after: 9000 }],
    ]);

    expect((await t.request(`/api/products/${product.id}/history`)).status).toBe(401);
    expect((await t.request(`/api/products/00000000-0000-4000-8000-000000000000/history`, { as: owner })).status).toBe(404);
    const bad = await t.request(`/api/products/${product.id}/history?pageSize=500`, { as: owner });
    expect(bad.status).toBe(400);
  });
});
