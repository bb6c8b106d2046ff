import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, paymentAttempts, products } from "../../db/schema";
import { orderViewToken } from "../../modules/orders/order-links.server";
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

describe("'Order again' on the order's own page", () => {
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "again", ...fields }).toString(),
  });
  /** an order as its page finds it: by its payment reference */
  async function pageable(order: { id: string; reference: string; totalKobo: number }) {
    await t.db
      .insert(paymentAttempts)
      .values({ purchaseId: order.id, reference: order.reference, provider: "sandbox", amountKobo: order.totalKobo });
    return order;
  }
  const pageOf = (order: { reference: string }, token?: string, as?: { id: string; role: "customer" | "admin" }) =>
    t.page(`/checkout/complete?reference=${order.reference}${token ? `&t=${token}` : ""}`, { as }).then(drawn);

  it("a guest with the order's link puts its products in her browser's cart, beside what it holds", async () => {
    const buyer = await createUser(t.db);
    const journal = await createProduct(t.db, { title: "Gratitude Journal", stock: 5 });
    const stone = await createProduct(t.db, { title: "Worry Stone", stock: 4 });
    const candle = await createProduct(t.db, { title: "Lavender Candle", stock: 9 });
    // a guest's order: no account
    const order = await pageable(
      await createPurchase(
        t.db,
        buyer,
        [
          { product: journal, quantity: 2 },
          { product: stone, quantity: 1 },
        ],
        { userId: null },
      ),
    );
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, stone.id));
    const token = orderViewToken(t.env, order.id);

    const html = await pageOf(order, token);
    expect(html).toContain("Thank you! Your order is confirmed");
    expect(html).toMatch(
      new RegExp(
        `<form[^>]*action="/cart"[^>]*>(?:(?!</form>).)*name="purchaseId" value="${order.id}"(?:(?!</form>).)*name="t" value="${token}"(?:(?!</form>).)*Order again`,
        "s",
      ),
    );

    // her browser's cart already holds a candle and one journal
    const cookie = `guest_cart=${encodeURIComponent(`${candle.id}*1|${journal.id}*1`)}`;
    const res = await t.page("/cart", { ...form({ purchaseId: order.id, t: token }), headers: { ...form({}).headers, Cookie: cookie } });
    expect(res.status).toBe(200);
    // the server writes her cart's cookie (marked as its own, so her browser takes it): two more journals
    expect(res.headers.getSetCookie()).toEqual([
      `guest_cart=${encodeURIComponent(`~${candle.id}*1|${journal.id}*3`)}; Path=/; Max-Age=2592000; SameSite=Lax`,
    ]);
    const cart = await drawn(res);
    expect(cart).toContain(
      `Added 2 items from order #${order.id.slice(0, 8)} to your cart, at today&#x27;s prices. Worry Stone is sold out.`,
    );
    // nothing went into any account's cart
    expect(await cartOf(buyer.id)).toEqual([]);
  });

  it("refuses a guest without the order's link, or with another order's, and changes nothing", async () => {
    const buyer = await createUser(t.db);
    const journal = await createProduct(t.db, { stock: 5 });
    const order = await createPurchase(t.db, buyer, [{ product: journal, quantity: 1 }], { userId: null });
    const other = await createPurchase(t.db, buyer, [{ product: journal, quantity: 1 }], { userId: null });
    const cookie = `guest_cart=${encodeURIComponent(`${journal.id}*1`)}`;
    const post = (fields: Record<string, string>) => t.page("/cart", { ...form(fields), headers: { ...form({}).headers, Cookie: cookie } });

    const forged = await post({ purchaseId: order.id, t: orderViewToken(t.env, other.id) });
    expect(forged.status).toBe(404);
    expect(forged.headers.getSetCookie()).toEqual([]);
    const bare = await post({ purchaseId: order.id });
    expect(bare.status).toBe(401);
    expect(await drawn(bare)).toContain("Log in to order again.");
    expect(bare.headers.getSetCookie()).toEqual([]);
  });

  it("is offered to the order's account and to its link, not to the team, nor while the order waits for its money", async () => {
    const buyer = await createUser(t.db);
    const as = { id: buyer.id, role: "customer" as const };
    const admin = await createUser(t.db, { role: "admin" });
    const mug = await createProduct(t.db, { title: "Calm Mug", stock: 6 });
    const paid = await pageable(await createPurchase(t.db, buyer, [{ product: mug, quantity: 1 }]));
    const again = />Order again</;

    // her account, without the link: the form goes without one, and her account's cart gets it
    const own = await pageOf(paid, undefined, as);
    expect(own).toMatch(again);
    expect(own).not.toContain('name="t"');
    const res = await t.page("/cart", { ...form({ purchaseId: paid.id }), as });
    expect(await drawn(res)).toContain("Added 1 item from order");
    expect(await cartOf(buyer.id)).toEqual([{ productId: mug.id, quantity: 1 }]);

    // the team opens any order, but its products are not theirs to order again
    expect(await pageOf(paid, undefined, { id: admin.id, role: "admin" })).not.toMatch(again);
    // a transfer still to pay: the items are held already
    const transfer = await pageable(
      await createPurchase(t.db, buyer, [{ product: mug, quantity: 1 }], {
        status: "pending",
        paidAt: null,
        paymentMethod: "transfer",
        expiresAt: new Date(Date.now() + 3_600_000),
      }),
    );
    const waiting = await pageOf(transfer, orderViewToken(t.env, transfer.id));
    expect(waiting).toContain("Your order is reserved: one step left");
    expect(waiting).not.toMatch(again);
  });
});
