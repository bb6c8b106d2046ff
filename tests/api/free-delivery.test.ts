import { beforeAll, describe, expect, it } from "vitest";
import { createAdminUser, createDeliveryRate, createDiscountCode, createProduct } from "../factories";
import { discountShop } from "../support/discount-shop";
import { createTestContext, type TestContext } from "../support/test-app";

// docs/product.md "Free delivery": a store setting, measured on the goods after any discount code.
let t: TestContext;
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createTestContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
});
const { shopper, checkout } = discountShop(() => t);

// the settings API takes naira, like its other fees
const setThreshold = async (naira: number) => {
  const res = await t.request("/api/settings", { method: "PUT", as: admin, json: { freeDeliveryAbove: naira } });
  expect(res.status).toBe(200);
  return res.json();
};

describe("free delivery above an amount", () => {
  it("is off by default and refuses a bad amount with a 400 naming it", async () => {
    expect((await (await t.request("/api/settings", { as: admin })).json()).freeDeliveryAbove).toBe(0);
    const res = await t.request("/api/settings", { method: "PUT", as: admin, json: { freeDeliveryAbove: -1 } });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ freeDeliveryAbove: "Free delivery above cannot be negative" });
  });

  it("delivers free once the goods after the code reach it, in the cart and on the order", async () => {
    await setThreshold(20_000);
    const product = await createProduct(t.db, { priceKobo: 1_000_000, stock: null });
    await createDiscountCode(t.db, { code: "LESS1K", kind: "fixed", amountKobo: 100_000 });
    const { user } = await shopper(2, product);
    const summary = async (code = "") =>
      (await (await t.request(`/api/cart/summary?lga=Ikeja${code ? `&code=${code}` : ""}`, { as: user })).json()).summary;
    expect(await summary()).toMatchObject({ subtotal: 20_000, deliveryCharge: 0, freeDelivery: "threshold", freeDeliveryAbove: 20_000 });
    // ₦19,000 after the code: below the amount, so delivery is charged
    expect(await summary("LESS1K")).toMatchObject({ deliveryCharge: 1_500, freeDelivery: null, total: 19_000 + 1_425 + 1_500 });

    const placed = await checkout(user);
    expect(placed.body.purchase).toMatchObject({ subtotal: 20_000, deliveryCharge: 0, totalAmount: 21_500 });
    await setThreshold(0);
  });
});
