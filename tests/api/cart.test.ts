import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems } from "../../db/schema";
import { createAdminUser, createCartItem, createDeliveryRate, createProduct, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});

const lines = (userId: string) => t.db.select().from(cartItems).where(eq(cartItems.userId, userId));

describe("server cart", () => {
  it("adds a line with the product's current price and ignores a client price", async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { priceKobo: 500_000, discountKobo: 450_000, stock: 10 });
    const res = await t.request("/api/cart/create", {
      method: "POST",
      as: user,
      json: { productId: product.id, quantity: 2, price: 1, totalPrice: 1, title: "x", userId: user.id },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).count).toBe(2);
    const list = await t.request(`/api/cart/user/${user.id}`, { as: user });
    expect(list.status).toBe(200);
    const { cartItems: items } = await list.json();
    expect(items).toEqual([
      expect.objectContaining({ productId: product.id, title: product.title, quantity: 2, price: 5000, discount: 4500, totalPrice: 9000 }),
    ]);
  });

  it("adding the same product raises the quantity; past the stock it is refused, naming what is left", async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { stock: 3 });
    await t.request("/api/cart/create", { method: "POST", as: user, json: { productId: product.id, quantity: 2 } });
    const more = await t.request("/api/cart/create", { method: "POST", as: user, json: { productId: product.id, quantity: 2 } });
    expect(more.status).toBe(409);
    expect(await more.json()).toMatchObject({
      msg: `Only 3 left of ${product.title}. You already have 2 in your cart.`,
      fields: { quantity: "Only 3 left" },
    });
    await t.request("/api/cart/create", { method: "POST", as: user, json: { productId: product.id, quantity: 1 } });
    expect((await lines(user.id)).map((l) => l.quantity)).toEqual([3]);
    const count = await t.request(`/api/cart/count/${user.id}`, { as: user });
    expect(await count.json()).toEqual({ count: 3 });
  });

  it("refuses a sold-out product (409) and an unknown one (404)", async () => {
    const user = await createUser(t.db);
    const soldOut = await createProduct(t.db, { stock: 0 });
    expect((await t.request("/api/cart/create", { method: "POST", as: user, json: { productId: soldOut.id, quantity: 1 } })).status).toBe(
      409,
    );
    expect(
      (await t.request("/api/cart/create", { method: "POST", as: user, json: { productId: crypto.randomUUID(), quantity: 1 } })).status,
    ).toBe(404);
  });

  it("validates the body: quantity at least 1, unknown keys refused", async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db);
    const zero = await t.request("/api/cart/create", { method: "POST", as: user, json: { productId: product.id, quantity: 0 } });
    expect(zero.status).toBe(400);
    expect((await zero.json()).fields).toHaveProperty("quantity");
    expect((await t.request("/api/cart/create", { method: "POST", as: user, json: { productId: product.id, hack: 1 } })).status).toBe(400);
    expect(
      (
        await t.request("/api/cart/create", {
          method: "POST",
          as: user,
          body: "{not json",
          headers: { "Content-Type": "application/json" },
        })
      ).status,
    ).toBe(400);
  });

  it("saves quantity changes (PUT), within stock", async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { stock: 4 });
    const line = await createCartItem(t.db, user.id, product.id, 1);
    const res = await t.request(`/api/cart/${line.id}`, { method: "PUT", as: user, json: { quantity: 4 } });
    expect(res.status).toBe(200);
    expect((await lines(user.id))[0]!.quantity).toBe(4);
    expect((await t.request(`/api/cart/${line.id}`, { method: "PUT", as: user, json: { quantity: 5 } })).status).toBe(409);
    expect((await t.request(`/api/cart/${line.id}`, { method: "PUT", as: user, json: { quantity: 0 } })).status).toBe(400);
  });

  it("deletes one line, then clears the cart", async () => {
    const user = await createUser(t.db);
    const [a, b] = [await createProduct(t.db), await createProduct(t.db)];
    const lineA = await createCartItem(t.db, user.id, a.id, 1);
    await createCartItem(t.db, user.id, b.id, 2);
    expect((await t.request(`/api/cart/${lineA.id}`, { method: "DELETE", as: user })).status).toBe(200);
    expect((await lines(user.id)).map((l) => l.productId)).toEqual([b.id]);
    expect((await t.request(`/api/cart/user/${user.id}`, { method: "DELETE", as: user })).status).toBe(200);
    expect(await lines(user.id)).toEqual([]);
  });

  it("keeps carts private: another user's id is a 403, anonymous a 401, an admin may look", async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const admin = await createAdminUser(t.db);
    const product = await createProduct(t.db);
    const line = await createCartItem(t.db, owner.id, product.id, 1);
    expect((await t.request(`/api/cart/user/${owner.id}`, { as: other })).status).toBe(403);
    expect((await t.request(`/api/cart/count/${owner.id}`, { as: other })).status).toBe(403);
    expect((await t.request(`/api/cart/user/${owner.id}`, { method: "DELETE", as: other })).status).toBe(403);
    expect((await t.request(`/api/cart/${line.id}`, { method: "PUT", as: other, json: { quantity: 2 } })).status).toBe(403);
    expect((await t.request(`/api/cart/${line.id}`, { method: "DELETE", as: other })).status).toBe(403);
    expect(
      (await t.request("/api/cart/create", { method: "POST", as: other, json: { productId: product.id, userId: owner.id } })).status,
    ).toBe(403);
    expect((await t.request(`/api/cart/user/${owner.id}`)).status).toBe(401);
    expect((await t.request(`/api/cart/user/${owner.id}`, { as: admin })).status).toBe(200);
    expect((await lines(owner.id)).map((l) => l.quantity)).toEqual([1]);
  });

  it("answers 404 for ids that are not ids", async () => {
    const user = await createUser(t.db);
    expect((await t.request("/api/cart/user/not-a-uuid", { as: user })).status).toBe(404);
    expect((await t.request("/api/cart/nope", { method: "DELETE", as: user })).status).toBe(404);
  });
});

describe("guest cart", () => {
  it("merges at login: quantities add up, capped by stock; unknown products skipped", async () => {
    const user = await createUser(t.db);
    const a = await createProduct(t.db, { stock: 5 });
    const b = await createProduct(t.db, { stock: 2 });
    await createCartItem(t.db, user.id, a.id, 2);
    const res = await t.request("/api/cart/merge", {
      method: "POST",
      as: user,
      json: {
        lines: [
          { productId: a.id, quantity: 2 },
          { productId: b.id, quantity: 5 },
          { productId: crypto.randomUUID(), quantity: 1 },
        ],
      },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.count).toBe(6);
    const byProduct = Object.fromEntries((await lines(user.id)).map((l) => [l.productId, l.quantity]));
    expect(byProduct).toEqual({ [a.id]: 4, [b.id]: 2 });
    // a second merge never goes above stock
    await t.request("/api/cart/merge", { method: "POST", as: user, json: { lines: [{ productId: a.id, quantity: 9 }] } });
    expect(Object.fromEntries((await lines(user.id)).map((l) => [l.productId, l.quantity]))[a.id]).toBe(5);
  });

  it("a merge resent with the same Idempotency-Key (a dropped connection) is applied once", async () => {
    const user = await createUser(t.db);
    const a = await createProduct(t.db, { stock: 20 });
    const send = () =>
      t.request("/api/cart/merge", {
        method: "POST",
        as: user,
        headers: { "Idempotency-Key": "merge-2b7c1f0e-9a4d-4c11-8f00-3d2e1a5b6c7d" },
        json: { lines: [{ productId: a.id, quantity: 3 }] },
      });
    const first = await send();
    const again = await send();
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await again.json()).count).toBe(3);
    expect((await lines(user.id)).map((l) => l.quantity)).toEqual([3]);
    // another shopper's merge with the same key is their own
    const other = await createUser(t.db);
    const theirs = await t.request("/api/cart/merge", {
      method: "POST",
      as: other,
      headers: { "Idempotency-Key": "merge-2b7c1f0e-9a4d-4c11-8f00-3d2e1a5b6c7d" },
      json: { lines: [{ productId: a.id, quantity: 1 }] },
    });
    expect(theirs.headers.get("Idempotent-Replayed")).toBeNull();
    expect((await lines(other.id)).map((l) => l.quantity)).toEqual([1]);
  });

  it("needs a session to merge", async () => {
    expect((await t.request("/api/cart/merge", { method: "POST", json: { lines: [] } })).status).toBe(401);
  });

  it("prices a guest cart on the server (quote), delivery once she has chosen her area", async () => {
    await createDeliveryRate(t.db, { lga: "Badagry", chargeKobo: 600_000 });
    const p = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 1 });
    const res = await t.request("/api/cart/quote", { method: "POST", json: { lines: [{ productId: p.id, quantity: 1 }] } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.cartItems[0]).toMatchObject({ quantity: 1, totalPrice: 10_000 });
    // no area yet: no made-up delivery charge, the total is before delivery
    expect(body.summary).toMatchObject({ subtotal: 10_000, vat: 750, deliveryCharge: null, total: 10_750, areaNeeded: true });
    const quoted = await t.request("/api/cart/quote", {
      method: "POST",
      json: { lines: [{ productId: p.id, quantity: 1 }], lga: "badagry" },
    });
    expect((await quoted.json()).summary).toMatchObject({
      deliveryCharge: 6_000,
      total: 16_750,
      lga: "Badagry",
      areaNeeded: false,
      deliveryOptions: { standard: 6_000, express: 9_000 },
    });
  });
});

describe("cart summary", () => {
  it("uses the shopper's LGA rate, case-insensitively, and the express surcharge", async () => {
    await createDeliveryRate(t.db, { lga: "Surulere", chargeKobo: 150_000 });
    const user = await createUser(t.db, { lga: "SURULERE" });
    const p = await createProduct(t.db, { priceKobo: 400_000, discountKobo: 0 });
    await createCartItem(t.db, user.id, p.id, 2);
    const standard = await (await t.request("/api/cart/summary", { as: user })).json();
    expect(standard.summary).toMatchObject({ subtotal: 8_000, vat: 600, deliveryCharge: 1_500, total: 10_100, matchedLga: "Surulere" });
    const express = await (await t.request("/api/cart/summary?deliveryMethod=express", { as: user })).json();
    expect(express.summary).toMatchObject({ deliveryCharge: 4_500, total: 13_100 });
    expect((await t.request("/api/cart/summary?deliveryMethod=drone", { as: user })).status).toBe(400);
  });

  it("docs/product.md §8: when the delivery rates cannot be read, only the delivery charge is missing", async () => {
    await createDeliveryRate(t.db, { lga: "Mushin", chargeKobo: 150_000 });
    const user = await createUser(t.db, { lga: "Mushin" });
    const p = await createProduct(t.db, { priceKobo: 400_000, discountKobo: 0 });
    await createCartItem(t.db, user.id, p.id, 2);
    // a real failure of the rates query: their table is briefly gone
    await t.db.execute(sql`alter table delivery_rates rename to delivery_rates_unavailable`);
    try {
      const res = await t.request("/api/cart/summary?deliveryMethod=express", { as: user });
      expect(res.status).toBe(200);
      const { items, summary } = await res.json();
      expect(items).toHaveLength(1);
      // subtotal and VAT still priced; no delivery charge; the total is subtotal + VAT
      expect(summary).toMatchObject({ subtotal: 8_000, vat: 600, deliveryCharge: null, total: 8_600, matchedLga: null });
    } finally {
      await t.db.execute(sql`alter table delivery_rates_unavailable rename to delivery_rates`);
    }
    const again = await (await t.request("/api/cart/summary", { as: user })).json();
    expect(again.summary).toMatchObject({ deliveryCharge: 1_500, total: 10_100 });
  });
});
