import { beforeAll, describe, expect, it } from "vitest";
import type { purchases } from "../../db/schema";
import { listMyPurchases } from "../../modules/orders/views.server";
import { checkoutAddress as address, createCartItem, createDeliveryRate, createProduct, createPurchase, createUser } from "../factories";
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
    expect((await listMyPurchases(t.db, user.id)).map((p) => p.id).sort()).toEqual(shown.map((p) => p.id).sort());
  });
});
