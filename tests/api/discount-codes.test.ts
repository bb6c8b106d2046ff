import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, products, purchases } from "../../db/schema";
import { createCartItem, createCategory, createDeliveryRate, createDiscountCode, createProduct, createUser } from "../factories";
import { discountShop, type User } from "../support/discount-shop";
import { createTestContext, type TestContext } from "../support/test-app";

// docs/product.md "Discount codes": the shopper's side, from the cart to a paid order (limits: discount-limits.test.ts).
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
});
const { shopper, checkout, pay, redemptionOf } = discountShop(() => t);

const summary = async (user: User, code: string) => {
  const res = await t.request(`/api/cart/summary?lga=Ikeja&code=${encodeURIComponent(code)}`, { as: user });
  expect(res.status).toBe(200);
  return (await res.json()).summary;
};

describe("a code in the cart summary and the guest quote", () => {
  it("fixed: ₦ off the goods, VAT on the subtotal after it; found whatever the case", async () => {
    await createDiscountCode(t.db, { code: "VAL25", kind: "fixed", amountKobo: 500_000 });
    const { user } = await shopper(2);
    expect(await summary(user, "val25")).toMatchObject({
      subtotal: 20_000,
      code: { code: "VAL25", kind: "fixed", saving: 5_000, message: null },
      // 7.5% of ₦15,000
      vat: 1_125,
      deliveryCharge: 1_500,
      total: 17_625,
    });
  });

  it("percent, rounded half up to the kobo, and free delivery", async () => {
    await createDiscountCode(t.db, { code: "THIRD", kind: "percent", amountKobo: null, percent: 33 });
    await createDiscountCode(t.db, { code: "SHIPFREE", kind: "free_delivery", amountKobo: null });
    const product = await createProduct(t.db, { priceKobo: 1_234_567, stock: null });
    const { user } = await shopper(1, product);
    // 33% of 1,234,567 kobo = 407,407.11 → 407,407 kobo
    expect(await summary(user, "THIRD")).toMatchObject({ code: { saving: 4_074.07 }, subtotal: 12_345.67, vat: 620.37 });
    expect(await summary(user, "shipfree")).toMatchObject({
      code: { code: "SHIPFREE", kind: "free_delivery", saving: 1_500, message: null },
      freeDelivery: "code",
      deliveryCharge: 0,
      total: 12_345.67 + 925.93,
    });
  });

  it("the guest quote takes the code too, and shows its message when it does not apply", async () => {
    const product = await createProduct(t.db, { priceKobo: 300_000, stock: null });
    await createDiscountCode(t.db, { code: "BIG50", kind: "fixed", amountKobo: 200_000, minOrderKobo: 5_000_000 });
    const quote = async (code: string) => {
      const res = await t.request("/api/cart/quote", {
        method: "POST",
        json: { lines: [{ productId: product.id, quantity: 2 }], lga: "Ikeja", code },
      });
      expect(res.status).toBe(200);
      return (await res.json()).summary;
    };
    expect(await quote("VAL25")).toMatchObject({ code: { saving: 5_000 }, subtotal: 6_000, total: 1_000 + 75 + 1_500 });
    expect(await quote("big50")).toMatchObject({
      code: { code: "BIG50", saving: null, message: "Add ₦44,000 more to use BIG50." },
      total: 6_000 + 450 + 1_500,
    });
    expect((await quote("NOPE")).code).toEqual({
      code: "NOPE",
      kind: null,
      saving: null,
      message: "We don't recognise the code NOPE. Check the spelling and try again.",
    });
  });
});

describe("checkout with a code", () => {
  it("prices the order with it, stores the code and its saving, and holds one use until it is paid", async () => {
    const code = await createDiscountCode(t.db, { code: "SAVE10", kind: "percent", amountKobo: null, percent: 10 });
    const { user } = await shopper(2);
    const res = await checkout(user, "save10");
    expect(res.status).toBe(201);
    expect(res.body.purchase).toMatchObject({
      subtotal: 20_000,
      discountCode: "SAVE10",
      codeDiscount: 2_000,
      codeOn: "goods",
      vat: 1_350,
      deliveryCharge: 1_500,
      totalAmount: 20_850,
    });
    const [row] = await t.db.select().from(purchases).where(eq(purchases.id, res.body.purchase.id));
    expect(row).toMatchObject({ discountCode: "SAVE10", codeDiscountKobo: 200_000, totalKobo: 2_085_000 });
    expect(await redemptionOf(row!.id)).toMatchObject({
      codeId: code.id,
      status: "held",
      email: user.email,
      phone: "+2348035550142",
      discountKobo: 200_000,
    });

    expect((await pay(res.body.reference)).outcome).toBe("completed");
    expect((await redemptionOf(row!.id))?.status).toBe("used");
    // the confirmation mail shows the code's line
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mails.find((m) => m.kind === "order_confirmation")?.text).toContain("Discount code SAVE10: -₦2,000");
    // and so does her order list
    const mine = await (await t.request("/api/purchases/mine", { as: user })).json();
    expect(mine[0]).toMatchObject({ discountCode: "SAVE10", codeDiscount: 2_000 });
  });

  it("a free-delivery code waives the fee and records the fee as its saving", async () => {
    await createDiscountCode(t.db, { code: "FREESHIP", kind: "free_delivery", amountKobo: null });
    const { user } = await shopper(1);
    const res = await checkout(user, "FREESHIP", { deliveryMethod: "express" });
    expect(res.status).toBe(201);
    // express = ₦1,500 + the ₦3,000 surcharge
    expect(res.body.purchase).toMatchObject({
      subtotal: 10_000,
      vat: 750,
      deliveryCharge: 0,
      totalAmount: 10_750,
      codeDiscount: 4_500,
      codeOn: "delivery",
    });
  });

  it("without a code nothing changes, and a blank code is no code", async () => {
    const { user } = await shopper(1);
    const res = await checkout(user, "  ");
    expect(res.status).toBe(201);
    expect(res.body.purchase).toMatchObject({ discountCode: null, codeDiscount: 0, totalAmount: 10_000 + 750 + 1_500 });
  });

  const refused = async (code: string, setup: () => Promise<unknown> = async () => {}, user?: User) => {
    await setup();
    const buyer = user ?? (await shopper(1)).user;
    const res = await checkout(buyer, code);
    return { status: res.status, msg: res.body.msg as string, field: res.body.fields?.code as string | undefined };
  };

  it.each([
    ["unknown", "NOSUCH", {}, 400, "We don't recognise the code NOSUCH. Check the spelling and try again."],
    ["paused (not active)", "PAUSED1", { pausedAt: new Date() }, 400, "The code PAUSED1 is not active."],
    [
      "not started yet, naming when in Lagos time",
      "SOON1",
      { startsAt: new Date("2099-02-14T08:00:00Z") },
      400,
      "The code SOON1 starts on 14 February 2099, 9:00 am (Lagos time).",
    ],
    [
      "expired, naming when it ended",
      "OLD1",
      { endsAt: new Date("2020-01-31T22:59:00Z") },
      400,
      "The code OLD1 expired on 31 January 2020, 11:59 pm (Lagos time).",
    ],
    ["minimum not met, with the amount still to add", "MIN1", { minOrderKobo: 2_500_000 }, 400, "Add ₦15,000 more to use MIN1."],
    ["not for these items", "SCOPE1", { productIds: [crypto.randomUUID()] }, 400, "The code SCOPE1 is not for the items in your cart."],
  ])("refuses a code that is %s, with its message on the field and nothing reserved", async (_name, code, overrides, status, msg) => {
    if (code !== "NOSUCH") await createDiscountCode(t.db, { code, ...overrides });
    const { user, product } = await shopper(1, await createProduct(t.db, { priceKobo: 1_000_000, stock: 5 }));
    expect(await refused(code, undefined, user)).toEqual({ status, msg, field: msg });
    expect(await t.db.select().from(purchases).where(eq(purchases.userId, user.id))).toEqual([]);
    expect((await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)))[0]?.stock).toBe(5);
  });

  it("scope to products and to categories: only their goods count", async () => {
    const calm = await createCategory(t.db);
    const journal = await createProduct(t.db, { priceKobo: 1_000_000, stock: null });
    const candle = await createProduct(t.db, { priceKobo: 400_000, stock: null, categoryId: calm.id });
    await createDiscountCode(t.db, { code: "JOURNAL50", kind: "percent", amountKobo: null, percent: 50, productIds: [journal.id] });
    await createDiscountCode(t.db, { code: "CALM1000", kind: "fixed", amountKobo: 100_000, categoryIds: [calm.id] });
    const user = await createUser(t.db, { lga: "Ikeja" });
    await createCartItem(t.db, user.id, journal.id, 1);
    await createCartItem(t.db, user.id, candle.id, 2);
    expect(await summary(user, "JOURNAL50")).toMatchObject({ subtotal: 18_000, code: { saving: 5_000 } });
    expect(await summary(user, "CALM1000")).toMatchObject({ code: { saving: 1_000 } });
    const res = await checkout(user, "calm1000");
    expect(res.body.purchase).toMatchObject({
      discountCode: "CALM1000",
      codeDiscount: 1_000,
      vat: 1_275,
      totalAmount: 17_000 + 1_275 + 1_500,
    });
  });
});
