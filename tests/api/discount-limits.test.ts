import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { discountRedemptions, purchases } from "../../db/schema";
import { nairaToKobo } from "../../lib/money";
import { expireStalePurchases, PAYMENT_WINDOW_MS } from "../../modules/orders/expiry.server";
import { createAdminUser, createCartItem, createDeliveryRate, createDiscountCode, createProduct } from "../factories";
import { discountShop } from "../support/discount-shop";
import { createTestContext, type TestContext } from "../support/test-app";

// docs/product.md "Discount codes": total and per-customer limits, held uses, and uses given back.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
});
const { shopper, checkout, pay, redemptionOf } = discountShop(() => t);

describe("limits", () => {
  it("per customer: by her email, and by her phone however it is spelt", async () => {
    await createDiscountCode(t.db, { code: "ONCE", maxUsesPerCustomer: 1 });
    const first = await shopper(1);
    const placed = await checkout(first.user, "ONCE");
    expect(placed.status).toBe(201);
    await pay(placed.body.reference);

    // the same shopper with another phone: her email
    await createCartItem(t.db, first.user.id, first.product.id, 1);
    const again = await checkout(first.user, "ONCE", { phone: "0812 000 1111" });
    expect(again).toMatchObject({
      status: 409,
      body: { msg: "You have already used the code ONCE.", fields: { code: "You have already used the code ONCE." } },
    });

    // another account with her phone number written another way
    for (const phone of ["+234 803 555 0142", "2348035550142", "(0803) 555-0142"]) {
      const other = await shopper(1);
      expect((await checkout(other.user, "once", { phone })).status).toBe(409);
    }
    const stranger = await shopper(1);
    expect((await checkout(stranger.user, "ONCE", { phone: "0705 123 4567" })).status).toBe(201);
  });

  it("her new checkout replaces her unpaid one without counting its use twice", async () => {
    await createDiscountCode(t.db, { code: "SINGLE", maxUses: 1, maxUsesPerCustomer: 1 });
    const { user } = await shopper(1);
    const first = await checkout(user, "SINGLE");
    const second = await checkout(user, "SINGLE");
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await redemptionOf(first.body.purchase.id))?.status).toBe("released");
    expect((await redemptionOf(second.body.purchase.id))?.status).toBe("held");
  });

  it(
    "20 shoppers at once on a code with 5 uses: exactly 5 orders carry it, the others are told it is used up",
    { timeout: 60_000 },
    async () => {
      const code = await createDiscountCode(t.db, { code: "RUSH5", kind: "fixed", amountKobo: 100_000, maxUses: 5 });
      const product = await createProduct(t.db, { priceKobo: 500_000, stock: null });
      const shoppers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => shopper(1, product, { phone: `0803${String(1_000_000 + i).slice(1)}` })),
      );
      const results = await Promise.all(
        shoppers.map(({ user }, i) => checkout(user, "RUSH5", { phone: `0803 ${String(1_000_000 + i).slice(1)}` })),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(15);
      for (const r of results.filter((r) => r.status === 409)) expect(r.body.msg).toBe("The code RUSH5 has been used up.");
      expect(await t.db.select().from(purchases).where(eq(purchases.discountCode, "RUSH5"))).toHaveLength(5);
      const holds = await t.db.select().from(discountRedemptions).where(eq(discountRedemptions.codeId, code.id));
      expect(holds.filter((h) => h.status === "held")).toHaveLength(5);
    },
  );

  it("a use held by an order that expires is free again; a use counts only once paid", async () => {
    const code = await createDiscountCode(t.db, { code: "LAST1", maxUses: 1 });
    const a = await shopper(1);
    const held = await checkout(a.user, "LAST1");
    expect(held.status).toBe(201);
    const b = await shopper(1);
    expect((await checkout(b.user, "LAST1")).body.msg).toBe("The code LAST1 has been used up.");

    await expireStalePurchases(t.db, new Date(Date.now() + PAYMENT_WINDOW_MS + 60_000));
    expect((await redemptionOf(held.body.purchase.id))?.status).toBe("released");
    const second = await checkout(b.user, "LAST1");
    expect(second.status).toBe(201);
    expect((await redemptionOf(second.body.purchase.id))?.status).toBe("held");
    await pay(second.body.reference);
    const used = await t.db.select().from(discountRedemptions).where(eq(discountRedemptions.codeId, code.id));
    expect(used.map((u) => u.status).sort()).toEqual(["released", "used"]);
  });

  it("cancelling gives the use back: the shopper's cancel and the admin's", async () => {
    await createDiscountCode(t.db, { code: "BACK1", maxUses: 1 });
    const a = await shopper(1);
    const first = await checkout(a.user, "BACK1");
    const cancel = await t.request("/api/purchases/cancel", { method: "POST", as: a.user, json: { reference: first.body.reference } });
    expect(cancel.status).toBe(200);
    expect((await redemptionOf(first.body.purchase.id))?.status).toBe("released");

    const b = await shopper(1);
    const second = await checkout(b.user, "BACK1");
    expect(second.status).toBe(201);
    await pay(second.body.reference);
    const admin = await createAdminUser(t.db);
    const res = await t.request(`/api/purchases/${second.body.purchase.id}/status`, {
      method: "PATCH",
      as: admin,
      json: { status: "cancelled" },
    });
    expect(res.status).toBe(200);
    expect((await redemptionOf(second.body.purchase.id))?.status).toBe("released");
    const c = await shopper(1);
    expect((await checkout(c.user, "BACK1")).status).toBe(201);
  });

  it("a payment for an order placed with a code that was then paused still completes at the price agreed", async () => {
    const code = await createDiscountCode(t.db, { code: "PAUSELATER", kind: "fixed", amountKobo: 100_000 });
    const { user } = await shopper(1);
    const placed = await checkout(user, "PAUSELATER");
    const admin = await createAdminUser(t.db);
    await t.request(`/api/discounts/${code.id}`, { method: "PUT", as: admin, json: { paused: true } });
    expect((await pay(placed.body.reference)).outcome).toBe("completed");
    expect((await redemptionOf(placed.body.purchase.id))?.status).toBe("used");
    expect(nairaToKobo(placed.body.purchase.totalAmount)).toBe(900_000 + 67_500 + 150_000);
  });
});
