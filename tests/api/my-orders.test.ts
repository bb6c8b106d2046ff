import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { purchaseEvents, type purchases } from "../../db/schema";
import { addDays, lagosNow, shortDay } from "../../lib/lagos-calendar";
import { shopperCancelNotes } from "../../modules/orders/cancellation.server";
import { listMyPurchases } from "../../modules/orders/my-orders.server";
import { orderCompletePath, payLinkPath } from "../../modules/orders/order-links.server";
import type { MyPurchaseView } from "../../modules/orders/types";
import {
  checkoutAddress as address,
  createAdminUser,
  createCartItem,
  createDeliveryRate,
  createProduct,
  createPurchase,
  createUser,
} from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
});

async function shopperWithCart(quantity = 1) {
  const user = await createUser(t.db, { lga: "Ikeja" });
  const p = await createProduct(t.db, { stock: 10 });
  await createCartItem(t.db, user.id, p.id, quantity);
  return { user, product: p };
}

describe("GET /api/purchases/mine", () => {
  it("lists only the shopper's purchases, with items and breakdown", async () => {
    const { user } = await shopperWithCart(1);
    const { user: other } = await shopperWithCart(1);
    await t.request("/api/purchases/create", { method: "POST", as: user, json: address });
    await t.request("/api/purchases/create", { method: "POST", as: other, json: address });
    const res = await t.request("/api/purchases/mine", { as: user });
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ userId: user.id, status: "pending", items: [expect.objectContaining({ quantity: 1 })] });
    expect((await t.request("/api/purchases/mine")).status).toBe(401);
  });

  // an outside audit: every abandoned or cancelled payment left a 'Cancelled' order in 'My orders'
  it("shows only orders paid or awaiting payment; unpaid cancelled and failed ones stay for the admin", async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db);
    const order = (status: (typeof purchases.$inferInsert)["status"], paidAt: Date | null = null) =>
      createPurchase(t.db, user, [{ product, quantity: 1 }], { status, paidAt });
    const shown = [
      await order("pending"),
      await order("completed", new Date()),
      await order("delivered", new Date()),
      // paid, then cancelled by the shop: she is owed a refund, so she sees it
      await order("cancelled", new Date()),
    ];
    await order("cancelled");
    await order("failed");
    const mine = (await (await t.request("/api/purchases/mine", { as: user })).json()) as { id: string }[];
    expect(mine.map((p) => p.id).sort()).toEqual(shown.map((p) => p.id).sort());
    // the profile's 'My orders' reads the same list
    expect((await listMyPurchases(t.db, t.env, user.id)).map((p) => p.id).sort()).toEqual(shown.map((p) => p.id).sort());
  });
});

// docs/product.md "My orders": an unpaid order says how she pays it now, or why she no longer can
describe("paying an unpaid order from My orders", () => {
  const mine = async (user: { id: string }) =>
    (await (await t.request("/api/purchases/mine", { as: { id: user.id, role: "customer" } })).json()) as MyPurchaseView[];
  const DAY = 24 * 60 * 60_000;

  /** Her online checkout, cancelled for a reason of hers (`note`) by nobody, as the checkout's own paths record it. */
  async function savedCheckout(
    user: Awaited<ReturnType<typeof createUser>>,
    product: Awaited<ReturnType<typeof createProduct>>,
    overrides: Partial<typeof purchases.$inferInsert> = {},
    note: string = shopperCancelNotes.abandoned,
  ) {
    const p = await createPurchase(t.db, user, [{ product, quantity: 1 }], {
      status: "cancelled",
      paymentMethod: "online",
      paidAt: null,
      ...overrides,
    });
    await t.db.insert(purchaseEvents).values({ purchaseId: p.id, status: "cancelled", note });
    return p;
  }

  it("a checkout waiting for payment, then cancelled on the payment page, offers 'Complete payment'; nobody else sees it", async () => {
    const { user } = await shopperWithCart(1);
    const other = await createUser(t.db);
    const { purchase, reference } = await (await t.request("/api/purchases/create", { method: "POST", as: user, json: address })).json();
    const resume = { action: "resume", href: `/resume/${purchase.id}` };
    expect(await mine(user)).toEqual([expect.objectContaining({ id: purchase.id, status: "pending", toPay: resume })]);
    // she leaves the payment page without paying: the order is cancelled, its stock goes back, and it stays hers to complete
    expect((await t.request("/api/purchases/cancel", { method: "POST", as: user, json: { reference } })).status).toBe(200);
    expect(await mine(user)).toEqual([expect.objectContaining({ id: purchase.id, status: "cancelled", toPay: resume })]);
    expect(await mine(other)).toEqual([]);
  });

  it("only her latest checkout, within 7 days, ended by her: not one she ordered again after, an old one or one the shop cancelled", async () => {
    const product = await createProduct(t.db, { stock: 10 });
    const recent = await createUser(t.db);
    const saved = await savedCheckout(recent, product, { createdAt: new Date(Date.now() - 6 * DAY) });
    expect((await mine(recent)).map((p) => p.id)).toEqual([saved.id]);

    const again = await createUser(t.db);
    await savedCheckout(again, product, { createdAt: new Date(Date.now() - DAY) });
    const paid = await createPurchase(t.db, again, [{ product, quantity: 1 }]);
    expect((await mine(again)).map((p) => p.id)).toEqual([paid.id]);

    const old = await createUser(t.db);
    await savedCheckout(old, product, { createdAt: new Date(Date.now() - 8 * DAY) });
    expect(await mine(old)).toEqual([]);

    const shop = await createUser(t.db);
    const byShop = await savedCheckout(shop, product, {}, "cancelled by the shop");
    await t.db
      .update(purchaseEvents)
      .set({ actorId: (await createAdminUser(t.db)).id })
      .where(eq(purchaseEvents.purchaseId, byShop.id));
    expect(await mine(shop)).toEqual([]);

    // 'replaced by a newer checkout' is not hers to complete either: the newer one is
    const replaced = await createUser(t.db);
    await savedCheckout(replaced, product, {}, shopperCancelNotes.replaced);
    expect(await mine(replaced)).toEqual([]);
  });

  it("a saved checkout that can no longer be completed says why instead of offering a button", async () => {
    const soldOut = await createProduct(t.db, { title: "Lavender Bath Soak", stock: 0 });
    const gone = await createUser(t.db);
    const all = await savedCheckout(gone, soldOut);
    expect(await mine(gone)).toEqual([
      expect.objectContaining({ id: all.id, toPay: { action: "ended", reason: "Everything in this order has sold out since." } }),
    ]);

    const product = await createProduct(t.db, { stock: 10 });
    const late = await createUser(t.db);
    const day = addDays(lagosNow(new Date()).date, -2);
    const dated = await savedCheckout(late, product, { deliveryDate: day });
    expect(await mine(late)).toEqual([
      expect.objectContaining({
        id: dated.id,
        toPay: {
          action: "ended",
          reason: `Your delivery date, ${shortDay(day)}, has passed. Please place a new order and choose another date.`,
        },
      }),
    ]);
  });

  it("a shared link's order is paid through its link, a transfer through the order's page; paid and pay-on-delivery orders ask nothing", async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { stock: null });
    const soon = new Date(Date.now() + 60 * 60_000);
    const order = (overrides: Partial<typeof purchases.$inferInsert>) =>
      createPurchase(t.db, user, [{ product, quantity: 1 }], { status: "pending", paidAt: null, ...overrides });
    const link = await order({ paymentMethod: "pay_link", expiresAt: soon });
    const transfer = await order({ paymentMethod: "transfer", expiresAt: soon });
    const pod = await order({ paymentMethod: "pod" });
    const paid = await createPurchase(t.db, user, [{ product, quantity: 1 }], { status: "completed", paymentMethod: "transfer" });
    const toPay = Object.fromEntries((await mine(user)).map((p) => [p.id, p.toPay]));
    expect(toPay).toEqual({
      [link.id]: { action: "pay_link", href: payLinkPath(t.env, link.id, soon) },
      [transfer.id]: { action: "transfer", href: orderCompletePath(t.env, transfer) },
      [pod.id]: null,
      [paid.id]: null,
    });
  });
});
