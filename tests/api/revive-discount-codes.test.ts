// A lapsed checkout taken up again from the reminder's link keeps its discount code only as a new
// checkout could use it now (docs/product.md "Unpaid checkouts", "Discount codes"): a code used up
// or paused meanwhile is dropped, the order priced again without it, and she is told why.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { discountRedemptions, products, purchases } from "../../db/schema";
import { resumeView, reviveCheckout } from "../../modules/orders/resume.server";
import { createAdminUser, createCartItem, createDeliveryRate, createDiscountCode, createProduct } from "../factories";
import { discountShop, type User } from "../support/discount-shop";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
});
const { shopper, checkout, pay, redemptionOf } = discountShop(() => t);

const uniqueCode = (stem: string) => `${stem}${crypto.randomUUID().slice(0, 4).toUpperCase()}`;

/** She checks out with the code, then cancels on the payment page: her use is given back. */
async function cancelledWith(code: string, user?: User) {
  const who = user ?? (await shopper(1)).user;
  const placed = await checkout(who, code);
  expect(placed.status).toBe(201);
  const cancel = await t.request("/api/purchases/cancel", { method: "POST", as: who, json: { reference: placed.body.reference } });
  expect(cancel.status).toBe(200);
  expect((await redemptionOf(placed.body.purchase.id))?.status).toBe("released");
  return { id: placed.body.purchase.id as string, reference: placed.body.reference as string };
}

const orderOf = async (id: string) => (await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;
const usesOf = async (codeId: string) =>
  (await t.db.select().from(discountRedemptions).where(eq(discountRedemptions.codeId, codeId))).map((r) => r.status).sort();

// ₦10,000 of goods, 7.5% VAT and ₦1,500 delivery to Ikeja
const fullTotal = 1_000_000 + 75_000 + 150_000;

describe("taking up a lapsed checkout that carries a code", () => {
  it("a code used up meanwhile is dropped: she is told, and pays the full price; the code stays at its limit", async () => {
    const code = await createDiscountCode(t.db, { code: uniqueCode("TWOK"), kind: "fixed", amountKobo: 200_000, maxUses: 1 });
    const a = await cancelledWith(code.code);
    const b = await shopper(1);
    const paidByB = await checkout(b.user, code.code);
    expect(paidByB.status).toBe(201);
    expect((await pay(paidByB.body.reference)).outcome).toBe("completed");
    const c = await shopper(1);
    expect(await checkout(c.user, code.code)).toMatchObject({ status: 409, body: { msg: `The code ${code.code} has been used up.` } });

    const { row, notes } = await reviveCheckout(t.db, t.env, a.id);
    expect(notes).toEqual([`The code ${code.code} has been used up.`]);
    expect(row).toMatchObject({ status: "pending", discountCode: null, codeDiscountKobo: 0, totalKobo: fullTotal });
    expect((await pay(a.reference)).outcome).toBe("completed");
    expect(await orderOf(a.id)).toMatchObject({ status: "completed", discountCode: null, totalKobo: fullTotal });
    expect(await usesOf(code.id)).toEqual(["used"]);
  });

  it("a code paused meanwhile is dropped, and she is told it is not active", async () => {
    const code = await createDiscountCode(t.db, { code: uniqueCode("HALF"), kind: "percent", percent: 50, amountKobo: null });
    const a = await cancelledWith(code.code);
    const admin = await createAdminUser(t.db);
    expect((await t.request(`/api/discounts/${code.id}`, { method: "PUT", as: admin, json: { paused: true } })).status).toBe(200);
    const c = await shopper(1);
    expect((await checkout(c.user, code.code)).body.msg).toBe(`The code ${code.code} is not active.`);

    const { row, notes } = await reviveCheckout(t.db, t.env, a.id);
    expect(notes).toEqual([`The code ${code.code} is not active.`]);
    expect(row).toMatchObject({ discountCode: null, codeDiscountKobo: 0, totalKobo: fullTotal });
    expect((await pay(a.reference)).outcome).toBe("completed");
    expect(await usesOf(code.id)).toEqual([]);
  });

  it("a code she may still use is kept at the price agreed, and its use is held again", async () => {
    const code = await createDiscountCode(t.db, { code: uniqueCode("KEEP"), kind: "fixed", amountKobo: 200_000, maxUses: 1 });
    const a = await cancelledWith(code.code);
    const before = await orderOf(a.id);
    const { row, notes } = await reviveCheckout(t.db, t.env, a.id);
    expect(notes).toEqual([]);
    expect(row).toMatchObject({ discountCode: code.code, codeDiscountKobo: 200_000, totalKobo: before.totalKobo });
    expect((await redemptionOf(a.id))?.status).toBe("held");
    // held again, it counts against the limit as at checkout
    const c = await shopper(1);
    expect((await checkout(c.user, code.code)).status).toBe(409);
    expect((await pay(a.reference)).outcome).toBe("completed");
    expect(await usesOf(code.id)).toEqual(["used"]);
  });

  it("two orders taken up at once for a code's last use: only one keeps it", async () => {
    const code = await createDiscountCode(t.db, { code: uniqueCode("LASTONE"), kind: "fixed", amountKobo: 200_000, maxUses: 1 });
    const product = await createProduct(t.db, { priceKobo: 1_000_000, stock: null });
    const orders = [await cancelledWith(code.code, (await shopper(1, product)).user)];
    orders.push(await cancelledWith(code.code, (await shopper(1, product)).user));
    const revived = await Promise.all(orders.map((o) => reviveCheckout(t.db, t.env, o.id)));
    expect(revived.map((r) => r.row.status)).toEqual(["pending", "pending"]);
    expect(revived.map((r) => r.row.discountCode).sort()).toEqual([code.code, null]);
    expect(revived.flatMap((r) => r.notes)).toEqual([`The code ${code.code} has been used up.`]);
    expect(await usesOf(code.id)).toEqual(["held"]);
  });

  // what is left of her order no longer reaches the code's minimum, or holds none of its products:
  // the code went without a word, and the payment page asked more than the page had said
  it("a code whose minimum what is left no longer reaches is dropped, and she is told why, before and after", async () => {
    const code = await createDiscountCode(t.db, {
      code: uniqueCode("MIN15K"),
      kind: "fixed",
      amountKobo: 200_000,
      minOrderKobo: 1_500_000,
    });
    const { user } = await shopper(1);
    const candle = await createProduct(t.db, { title: "Calm Candle", priceKobo: 1_000_000, stock: 1 });
    await createCartItem(t.db, user.id, candle.id, 1);
    const a = await cancelledWith(code.code, user);
    expect((await orderOf(a.id)).discountCode).toBe(code.code);
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, candle.id));

    const told = [
      "Calm Candle is sold out since you ordered.",
      `The code ${code.code} is for orders of ₦15,000 or more, and what is left of your order comes to ₦10,000.`,
    ];
    const view = await resumeView(t.db, await orderOf(a.id), null);
    expect(view).toMatchObject({ state: "saved", problems: told, codeDropped: true });
    const { row, notes } = await reviveCheckout(t.db, t.env, a.id);
    expect(notes).toEqual(told);
    expect(row).toMatchObject({ discountCode: null, codeDiscountKobo: 0, totalKobo: fullTotal });
    expect(await usesOf(code.id)).toEqual([]);
  });

  it("a code for products no longer in what is left is dropped, and she is told so", async () => {
    const candle = await createProduct(t.db, { title: "Calm Candle", priceKobo: 1_000_000, stock: 1 });
    const code = await createDiscountCode(t.db, {
      code: uniqueCode("CANDLE"),
      kind: "fixed",
      amountKobo: 200_000,
      productIds: [candle.id],
    });
    const { user } = await shopper(1);
    await createCartItem(t.db, user.id, candle.id, 1);
    const a = await cancelledWith(code.code, user);
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, candle.id));

    const told = ["Calm Candle is sold out since you ordered.", `The code ${code.code} is not for the items left in your order.`];
    expect(await resumeView(t.db, await orderOf(a.id), null)).toMatchObject({ problems: told, codeDropped: true });
    const { row, notes } = await reviveCheckout(t.db, t.env, a.id);
    expect(notes).toEqual(told);
    expect(row).toMatchObject({ discountCode: null, totalKobo: fullTotal });
  });
});
