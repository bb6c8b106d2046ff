import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { purchases } from "../../db/schema";
import { recordSandboxDecision, sandboxProvider } from "../../modules/payments/sandbox.server";
import { verifyAndComplete } from "../../modules/orders/completion.server";
import {
  checkoutAddress as address,
  createAdminUser,
  createCartItem,
  createCategory,
  createProduct,
  createUser,
  stockOf,
} from "../factories";
import { multipartForm } from "../support/multipart";
import { createTestContext, type TestContext } from "../support/test-app";

// Stock as Shopify models it: a product is stock-tracked (with a quantity) or not (always
// buyable). The spec's create payload has no stock: such a product is not tracked.
let t: TestContext;
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createTestContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
});

/** docs/product.md §7 POST /api/products/create: multipart title, price, description, color, size, categoryId (no stock). */
async function createFromSpecPayload(extra: Record<string, string> = {}) {
  const category = await createCategory(t.db);
  const fields = {
    title: "Worry Stone",
    price: "3500",
    description: "Smooth soapstone",
    color: "Cream",
    size: "S",
    categoryId: category.id,
  };
  return t.request("/api/products/create", { method: "POST", as: admin, body: multipartForm({ ...fields, ...extra }) });
}

describe("a product created without a stock figure", () => {
  it("is not tracked: the API says trackStock false and stock null, and it can be bought", async () => {
    const res = await createFromSpecPayload();
    expect(res.status).toBe(201);
    const product = await res.json();
    expect(product).toMatchObject({ trackStock: false, stock: null });
    expect(await (await t.request(`/api/products/${product.id}`)).json()).toMatchObject({ trackStock: false, stock: null });

    // as many as the shop lets anyone order go in the cart, and checkout takes them without touching a count
    const shopper = await createUser(t.db, { lga: "Ikeja" });
    const add = await t.request("/api/cart/create", { method: "POST", as: shopper, json: { productId: product.id, quantity: 10 } });
    expect(add.status).toBe(201);
    const placed = await t.request("/api/purchases/create", { method: "POST", as: shopper, json: address });
    expect(placed.status).toBe(201);
    const { reference } = await placed.json();
    expect(await stockOf(t.db, product.id)).toBeNull();
    await recordSandboxDecision(t.db, reference, "cancel");
    expect((await verifyAndComplete(t.db, sandboxProvider(t.db), shopper, reference)).purchase.status).toBe("cancelled");
    // a cancel gives nothing back to a count that is not kept
    expect(await stockOf(t.db, product.id)).toBeNull();
  });

  it("a paid order of an untracked product completes and leaves it untracked", async () => {
    const product = await createProduct(t.db, { stock: null });
    const shopper = await createUser(t.db, { lga: "Ikeja" });
    await createCartItem(t.db, shopper.id, product.id, 3);
    const { reference } = await (await t.request("/api/purchases/create", { method: "POST", as: shopper, json: address })).json();
    await recordSandboxDecision(t.db, reference, "pay");
    expect((await verifyAndComplete(t.db, sandboxProvider(t.db), shopper, reference)).outcome).toBe("completed");
    expect((await t.db.select().from(purchases).where(eq(purchases.reference, reference)))[0]!.status).toBe("completed");
    expect(await stockOf(t.db, product.id)).toBeNull();
  });

  it("a tracked product still takes and gives back its units beside an untracked one", async () => {
    const tracked = await createProduct(t.db, { stock: 5 });
    const untracked = await createProduct(t.db, { stock: null });
    const shopper = await createUser(t.db, { lga: "Ikeja" });
    await createCartItem(t.db, shopper.id, tracked.id, 2);
    await createCartItem(t.db, shopper.id, untracked.id, 9);
    const { reference } = await (await t.request("/api/purchases/create", { method: "POST", as: shopper, json: address })).json();
    expect([await stockOf(t.db, tracked.id), await stockOf(t.db, untracked.id)]).toEqual([3, null]);
    await recordSandboxDecision(t.db, reference, "cancel");
    await verifyAndComplete(t.db, sandboxProvider(t.db), shopper, reference);
    expect([await stockOf(t.db, tracked.id), await stockOf(t.db, untracked.id)]).toEqual([5, null]);
  });
});

describe("the stock fields of the admin API", () => {
  it("a stock figure on create means tracked; 'Track stock' without a quantity, or a quantity while not tracked, names the field", async () => {
    expect(await (await createFromSpecPayload({ stock: "12" })).json()).toMatchObject({ trackStock: true, stock: 12 });
    expect(await (await createFromSpecPayload({ trackStock: "true", stock: "0" })).json()).toMatchObject({ trackStock: true, stock: 0 });
    expect(await (await createFromSpecPayload({ trackStock: "false" })).json()).toMatchObject({ trackStock: false, stock: null });
    let res = await createFromSpecPayload({ trackStock: "true" });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ stock: "Enter how many are in stock" });
    res = await createFromSpecPayload({ trackStock: "false", stock: "5" });
    expect((await res.json()).fields).toEqual({ stock: "Stock is kept only when stock is tracked" });
    res = await createFromSpecPayload({ trackStock: "maybe", stock: "-1" });
    expect((await res.json()).fields).toEqual({
      trackStock: "Track stock must be true or false",
      stock: "Stock must be a whole number, 0 or more",
    });
  });

  it("PUT turns tracking on with a quantity, changes the quantity, and turns it off", async () => {
    const p = await createProduct(t.db, { stock: null });
    const put = (json: unknown) => t.request(`/api/products/${p.id}`, { method: "PUT", as: admin, json });
    const res = await put({ trackStock: true });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ stock: "Enter how many are in stock" });
    expect(await (await put({ trackStock: true, stock: 6 })).json()).toMatchObject({ trackStock: true, stock: 6 });
    expect(await (await put({ trackStock: true })).json()).toMatchObject({ trackStock: true, stock: 6 });
    expect(await (await put({ stock: 2 })).json()).toMatchObject({ trackStock: true, stock: 2 });
    expect(await (await put({ trackStock: false })).json()).toMatchObject({ trackStock: false, stock: null });
    expect(await (await put({ stock: 4 })).json()).toMatchObject({ trackStock: true, stock: 4 });
    expect(await (await put({ stock: null })).json()).toMatchObject({ trackStock: false, stock: null });
  });

  it("lists say which products are tracked (the storefront list and the admin table)", async () => {
    const category = await createCategory(t.db);
    await createProduct(t.db, { categoryId: category.id, title: "Counted", stock: 0 });
    await createProduct(t.db, { categoryId: category.id, title: "Uncounted", stock: null });
    const list = (await (await t.request(`/api/products?categoryId=${category.id}`)).json()) as {
      title: string;
      trackStock: boolean;
      stock: number | null;
    }[];
    expect(
      list.map(({ title, trackStock, stock }) => ({ title, trackStock, stock })).sort((a, b) => a.title.localeCompare(b.title)),
    ).toEqual([
      { title: "Counted", trackStock: true, stock: 0 },
      { title: "Uncounted", trackStock: false, stock: null },
    ]);
  });
});
