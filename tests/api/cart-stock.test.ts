import { beforeAll, describe, expect, it } from "vitest";
import { createCartItem, createProduct, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

// Asking for more than there is gets an answer naming what is left, never a quantity
// quietly lowered: the shopper is told 'Only 3 left' and decides.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});

describe("quantities above the stock", () => {
  it("POST /api/cart/create: 409 'Only N left of …' with the field, and nothing added", async () => {
    const user = await createUser(t.db);
    const p = await createProduct(t.db, { stock: 3, title: "Calm Candle Trio" });
    const res = await t.request("/api/cart/create", { method: "POST", as: user, json: { productId: p.id, quantity: 5 } });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ msg: "Only 3 left of Calm Candle Trio.", code: "conflict", fields: { quantity: "Only 3 left" } });
    expect((await (await t.request(`/api/cart/count/${user.id}`, { as: user })).json()).count).toBe(0);
  });

  it("PUT /api/cart/{id}: 409 naming what is left; the line keeps its quantity", async () => {
    const user = await createUser(t.db);
    const p = await createProduct(t.db, { stock: 4, title: "Boundaries Pocket Cards" });
    const line = await createCartItem(t.db, user.id, p.id, 2);
    const res = await t.request(`/api/cart/${line.id}`, { method: "PUT", as: user, json: { quantity: 6 } });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ msg: "Only 4 left of Boundaries Pocket Cards.", fields: { quantity: "Only 4 left" } });
    const { cartItems } = await (await t.request(`/api/cart/user/${user.id}`, { as: user })).json();
    expect(cartItems[0]).toMatchObject({ quantity: 2, stock: 4 });
  });

  it("the guest quote keeps the quantity asked for and says what is left, sold-out lines included", async () => {
    const few = await createProduct(t.db, { stock: 2, priceKobo: 100_000, discountKobo: 0 });
    const none = await createProduct(t.db, { stock: 0 });
    const res = await t.request("/api/cart/quote", {
      method: "POST",
      json: {
        lines: [
          { productId: few.id, quantity: 5 },
          { productId: none.id, quantity: 1 },
        ],
      },
    });
    const { cartItems } = await res.json();
    expect(cartItems.map((l: { productId: string; quantity: number; stock: number }) => [l.productId, l.quantity, l.stock])).toEqual([
      [few.id, 5, 2],
      [none.id, 1, 0],
    ]);
  });

  it("a product whose stock is not tracked takes any quantity up to the shop's limit per product", async () => {
    const user = await createUser(t.db);
    const p = await createProduct(t.db, { stock: null });
    const res = await t.request("/api/cart/create", { method: "POST", as: user, json: { productId: p.id, quantity: 6 } });
    expect(res.status).toBe(201);
    const line = (await res.json()).cartItem;
    expect((await t.request(`/api/cart/${line.id}`, { method: "PUT", as: user, json: { quantity: 10 } })).status).toBe(200);
    const quote = await (
      await t.request("/api/cart/quote", { method: "POST", json: { lines: [{ productId: p.id, quantity: 7 }] } })
    ).json();
    expect(quote.cartItems[0]).toMatchObject({ quantity: 7, stock: null });
  });
});
