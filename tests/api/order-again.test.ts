import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, products } from "../../db/schema";
import { updateSettings } from "../../modules/settings/service.server";
import { createProduct, createPurchase, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

// docs/product.md "My orders": 'Order again' puts an earlier order's products back in her cart at
// today's prices, as many as the stock and the quantity limit allow, and says what did not come back.
let t: PagesContext;
beforeAll(async () => {
  t = await createPagesContext();
});

const cartOf = (userId: string) =>
  t.db.select({ productId: cartItems.productId, quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.userId, userId));
const again = (purchaseId: string, as: { id: string; role: "customer" }) =>
  t.request(`/api/purchases/${purchaseId}/order-again`, { method: "POST", as });
/** a page's markup as drawn, without its scripts (the loader's data is in the hydration data too) */
const drawn = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "").replace(/<script\b[\s\S]*?<\/script>/g, "");

describe("POST /api/purchases/{id}/order-again", () => {
  it("adds what can be bought today, says what cannot, and refuses when nothing can", async () => {
    const user = await createUser(t.db);
    const as = { id: user.id, role: "customer" as const };
    const journal = await createProduct(t.db, { title: "Gratitude Journal", stock: 3 });
    const stone = await createProduct(t.db, { title: "Worry Stone", stock: 4 });
    const mug = await createProduct(t.db, { title: "Calm Mug", stock: 9 });
    const order = await createPurchase(t.db, user, [
      { product: journal, quantity: 2 },
      { product: stone, quantity: 1 },
      { product: mug, quantity: 1 },
    ]);
    // since then: the stone sold out and the mug left the shop
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, stone.id));
    await t.db.delete(products).where(eq(products.id, mug.id));

    let res = await again(order.id, as);
    expect(res.status).toBe(200);
    const number = order.id.slice(0, 8);
    expect(await res.json()).toEqual({
      added: 2,
      msg: `Added 2 items from order #${number} to your cart, at today's prices. Worry Stone is sold out. Calm Mug is no longer in the shop.`,
    });
    expect(await cartOf(user.id)).toEqual([{ productId: journal.id, quantity: 2 }]);

    // two in the cart and three in stock: one more comes
    res = await again(order.id, as);
    expect((await res.json()).msg).toContain("Added 1 item from order");
    expect(await cartOf(user.id)).toEqual([{ productId: journal.id, quantity: 3 }]);

    res = await again(order.id, as);
    expect(res.status).toBe(409);
    expect((await res.json()).msg).toBe(
      `Nothing from order #${number} could go in your cart. Worry Stone is sold out. Calm Mug is no longer in the shop. Your cart already holds as many of Gratitude Journal as it can.`,
    );
  });

  it("keeps to the shop's quantity limit per line", async () => {
    await updateSettings(t.db, { maxLineQuantity: 4 });
    const user = await createUser(t.db);
    const cards = await createProduct(t.db, { title: "Self-Care Cards", stock: null });
    const order = await createPurchase(t.db, user, [{ product: cards, quantity: 6 }]);
    const res = await again(order.id, { id: user.id, role: "customer" });
    expect((await res.json()).msg).toContain("Added 4 items");
    expect((await cartOf(user.id))[0]!.quantity).toBe(4);
    await updateSettings(t.db, { maxLineQuantity: 10 });
  });

  it("is a 404 for another shopper's order, and changes nothing in either cart", async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const order = await createPurchase(t.db, owner, [{ product: await createProduct(t.db, { stock: 5 }), quantity: 1 }]);
    const res = await again(order.id, { id: other.id, role: "customer" });
    expect(res.status).toBe(404);
    expect(await cartOf(other.id)).toEqual([]);
    expect(await cartOf(owner.id)).toEqual([]);
  });
});

describe("'Order again' on /profile", () => {
  it("is offered under an order she can no longer pay, and works as a plain form to /cart", async () => {
    const user = await createUser(t.db);
    const as = { id: user.id, role: "customer" as const };
    const candle = await createProduct(t.db, { title: "Lavender Candle", stock: 8 });
    const paid = await createPurchase(t.db, user, [{ product: candle, quantity: 2 }]);
    const html = await drawn(await t.page("/profile", { as }));
    expect(html).toContain(`aria-label="Order again: Order #${paid.id.slice(0, 8)}"`);
    expect(html).toMatch(new RegExp(`<form[^>]*action="/cart"[^>]*>.*?name="purchaseId" value="${paid.id}"`));

    const res = await t.page("/cart", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "again", purchaseId: paid.id }).toString(),
      as,
    });
    expect(res.status).toBe(200);
    const cart = await drawn(res);
    expect(cart).toContain(`Added 2 items from order #${paid.id.slice(0, 8)} to your cart, at today&#x27;s prices.`);
    expect(cart).toContain("Lavender Candle");
  });
});
