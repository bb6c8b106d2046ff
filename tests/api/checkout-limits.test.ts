import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, products, purchaseEvents, purchases } from "../../db/schema";
import { rateLimitStore } from "../../db/rate-limit-store";
import { checkoutRules } from "../../modules/orders/checkout-limits.server";
import { updateSettings } from "../../modules/settings/service.server";
import { checkoutAddress as address, createCartItem, createDeliveryRate, createProduct, createUser, stockOf } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";
import type { Role } from "../../modules/accounts/roles";

// An outside audit: one free account reserved the whole catalogue (571 units → 0) with one
// order, for 30 minutes, again and again; create + cancel was unthrottled and called the
// payment provider twice each time. Now: one pending checkout per shopper, a quantity
// limit per product, and a rate limit on starting checkouts.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
});

const statusesOf = async (userId: string) =>
  (await t.db.select({ status: purchases.status }).from(purchases).where(eq(purchases.userId, userId))).map((p) => p.status).sort();
// each test speaks from its own documentation address (RFC 5737): the per-address counter is its own
let lastOctet = 0;
const freshIp = () => `198.51.100.${++lastOctet}`;
const checkout = (user: { id: string; role: Role }, ip: string, headers: Record<string, string> = {}) =>
  t.request("/api/purchases/create", { method: "POST", as: user, json: address, ip, headers });

describe("one pending checkout per shopper", () => {
  it("a new checkout cancels the one before and gives its stock back, in the same step", async () => {
    const user = await createUser(t.db);
    const a = await createProduct(t.db, { stock: 20 });
    const b = await createProduct(t.db, { stock: 20 });
    await createCartItem(t.db, user.id, a.id, 3);
    const ip = freshIp();
    const first = await (await checkout(user, ip)).json();
    expect(await stockOf(t.db, a.id)).toBe(17);
    // she changes her cart and checks out again
    await t.db.update(cartItems).set({ quantity: 2 }).where(eq(cartItems.userId, user.id));
    await createCartItem(t.db, user.id, b.id, 1);
    const second = await checkout(user, ip);
    expect(second.status).toBe(201);
    expect(await stockOf(t.db, a.id)).toBe(18);
    expect(await stockOf(t.db, b.id)).toBe(19);
    const [old] = await t.db.select().from(purchases).where(eq(purchases.reference, first.reference));
    expect(old!.status).toBe("cancelled");
    const [event] = await t.db
      .select()
      .from(purchaseEvents)
      .where(and(eq(purchaseEvents.purchaseId, old!.id), eq(purchaseEvents.status, "cancelled")));
    expect(event!.note).toBe("replaced by a newer checkout");
    expect(await statusesOf(user.id)).toEqual(["cancelled", "pending"]);
  });

  it("a checkout refused (sold out) leaves the earlier pending one as it was", async () => {
    const user = await createUser(t.db);
    const p = await createProduct(t.db, { stock: 5 });
    await createCartItem(t.db, user.id, p.id, 2);
    const ip = freshIp();
    expect((await checkout(user, ip)).status).toBe(201);
    const gone = await createProduct(t.db, { stock: 1 });
    await createCartItem(t.db, user.id, gone.id, 1);
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, gone.id));
    expect((await checkout(user, ip)).status).toBe(409);
    expect(await statusesOf(user.id)).toEqual(["pending"]);
    expect(await stockOf(t.db, p.id)).toBe(3);
  });

  it("RACE: 10 checkouts at once by one shopper leave exactly one pending order and the stock of one reserved", async () => {
    const user = await createUser(t.db);
    const p = await createProduct(t.db, { stock: 571 });
    await createCartItem(t.db, user.id, p.id, 4);
    const token = await t.loginAs(user);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request("/api/purchases/create", { method: "POST", json: address, ip: freshIp(), headers: { Authorization: `Bearer ${token}` } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    const statuses = await statusesOf(user.id);
    expect(statuses.filter((s) => s === "pending")).toHaveLength(1);
    expect(statuses.filter((s) => s === "cancelled")).toHaveLength(9);
    expect(await stockOf(t.db, p.id)).toBe(567);
  });
});

describe("quantity limit per product (a store setting, default 10)", () => {
  it("the audit's order: 571 units of one product cannot go in one cart", async () => {
    const user = await createUser(t.db);
    const p = await createProduct(t.db, { title: "Gratitude Journal", stock: 571 });
    const res = await t.request("/api/cart/create", { method: "POST", as: user, json: { productId: p.id, quantity: 571 } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      msg: "You can order at most 10 of Gratitude Journal at a time.",
      fields: { quantity: "The most you can order is 10" },
    });
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(0);
  });

  it("adding, changing and merging stop at the limit; the cart says how far a line can go", async () => {
    const user = await createUser(t.db);
    const p = await createProduct(t.db, { stock: 50 });
    const add = (quantity: number) => t.request("/api/cart/create", { method: "POST", as: user, json: { productId: p.id, quantity } });
    expect((await add(6)).status).toBe(201);
    expect((await add(4)).status).toBe(201);
    expect((await add(1)).status).toBe(400);
    const [line] = await t.db.select().from(cartItems).where(eq(cartItems.userId, user.id));
    expect(line!.quantity).toBe(10);
    expect((await t.request(`/api/cart/${line!.id}`, { method: "PUT", as: user, json: { quantity: 11 } })).status).toBe(400);
    expect((await t.request(`/api/cart/${line!.id}`, { method: "PUT", as: user, json: { quantity: 9 } })).status).toBe(200);
    // a guest cart merged at login is capped, not refused
    await t.request("/api/cart/merge", { method: "POST", as: user, json: { lines: [{ productId: p.id, quantity: 30 }] } });
    const { cartItems: items } = await (await t.request(`/api/cart/user/${user.id}`, { as: user })).json();
    expect(items[0]).toMatchObject({ quantity: 10, stock: 50, maxQuantity: 10 });
    // and a guest's quote shows the line at the limit
    const quote = await (
      await t.request("/api/cart/quote", { method: "POST", json: { lines: [{ productId: p.id, quantity: 40 }] } })
    ).json();
    expect(quote.cartItems[0]).toMatchObject({ quantity: 10, maxQuantity: 10 });
  });

  it("checkout refuses a line above a limit lowered since it went in the cart, naming the product", async () => {
    const user = await createUser(t.db);
    const p = await createProduct(t.db, { title: "Self-Care Cards", stock: 50 });
    await createCartItem(t.db, user.id, p.id, 8);
    await updateSettings(t.db, { maxLineQuantity: 5 });
    try {
      const res = await checkout(user, freshIp());
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ msg: "You can order at most 5 of Self-Care Cards at a time." });
      expect(await stockOf(t.db, p.id)).toBe(50);
      expect(await statusesOf(user.id)).toEqual([]);
    } finally {
      await updateSettings(t.db, { maxLineQuantity: 10 });
    }
  });
});

describe("rate limit on starting checkouts", () => {
  it("the 11th checkout of one account within 15 minutes is a 429 with Retry-After, from any address", async () => {
    const user = await createUser(t.db);
    const p = await createProduct(t.db, { stock: 100 });
    await createCartItem(t.db, user.id, p.id, 1);
    for (let i = 0; i < 10; i++) expect((await checkout(user, freshIp())).status).toBe(201);
    const res = await checkout(user, freshIp());
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await res.json()).code).toBe("rate_limited");
    // the refused start reserved nothing: still the one pending order of the last start
    expect(await stockOf(t.db, p.id)).toBe(99);
    // another shopper is not held back
    const other = await createUser(t.db);
    await createCartItem(t.db, other.id, p.id, 1);
    expect((await checkout(other, freshIp())).status).toBe(201);
  });

  it("one client address gets 60 starts per 15 minutes, whatever the accounts", async () => {
    const ip = freshIp();
    const store = rateLimitStore(t.db, t.env);
    // 60 earlier starts from this address (by any number of accounts)
    for (let i = 0; i < checkoutRules.ip.limit; i++) await store.hit(`${checkoutRules.ip.name}:${ip}`, checkoutRules.ip.windowMs);
    const user = await createUser(t.db);
    const p = await createProduct(t.db, { stock: 10 });
    await createCartItem(t.db, user.id, p.id, 1);
    const res = await checkout(user, ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await stockOf(t.db, p.id)).toBe(10);
    expect((await checkout(user, freshIp())).status).toBe(201);
  });

  it("a replayed Idempotency-Key starts nothing and is not counted", async () => {
    const user = await createUser(t.db);
    const p = await createProduct(t.db, { stock: 100 });
    await createCartItem(t.db, user.id, p.id, 1);
    const ip = freshIp();
    for (let i = 0; i < 15; i++) expect((await checkout(user, ip, { "Idempotency-Key": "double-click-0001" })).status).toBe(201);
    expect(await statusesOf(user.id)).toEqual(["pending"]);
    expect((await checkout(user, ip)).status).toBe(201);
  });
});
