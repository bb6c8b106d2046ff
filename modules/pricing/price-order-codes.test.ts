import { describe, expect, it } from "vitest";
import { priceOrder, type DiscountRule, type PricedLineInput, type PricingRules } from "./price-order";

// docs/product.md "Discount codes" and "Free delivery": the code's rules inside the one pricing function.
const rules: PricingRules = { vatRate: 0.075, standardDeliveryKobo: 200_000, expressSurchargeKobo: 300_000 };
const rates = [{ lga: "Ikeja", chargeKobo: 150_000 }];
const JOURNAL = "11111111-1111-4111-8111-111111111111";
const CARDS = "22222222-2222-4222-8222-222222222222";
const GIFTS = "33333333-3333-4333-8333-333333333333";
const STATIONERY = "44444444-4444-4444-8444-444444444444";

// ₦10,000 journal (sale ₦8,000) × 2 and ₦2,500 cards × 1: ₦18,500 of goods
const lines: PricedLineInput[] = [
  { priceKobo: 1_000_000, discountKobo: 800_000, quantity: 2, productId: JOURNAL, categoryId: STATIONERY },
  { priceKobo: 250_000, discountKobo: 0, quantity: 1, productId: CARDS, categoryId: GIFTS },
];

const price = (discount: DiscountRule | null, overrides: Partial<Parameters<typeof priceOrder>[0]> = {}) => {
  const result = priceOrder({ lines, rules, deliveryMethod: "standard", lga: "Ikeja", rates, discount, ...overrides });
  // every figure whole kobo, and the total adds up
  for (const v of [result.subtotalKobo, result.codeKobo, result.vatKobo, result.deliveryKobo, result.totalKobo])
    expect(Number.isInteger(v)).toBe(true);
  const goodsOff = result.code?.applied && result.code.kind !== "free_delivery" ? result.codeKobo : 0;
  expect(result.totalKobo).toBe(result.subtotalKobo - goodsOff + result.vatKobo + result.deliveryKobo);
  return result;
};

describe("priceOrder with a discount code", () => {
  it("without a code, nothing changes", () => {
    const r = price(null);
    expect(r).toMatchObject({
      subtotalKobo: 1_850_000,
      codeKobo: 0,
      code: null,
      freeDelivery: null,
      vatKobo: 138_750,
      totalKobo: 2_138_750,
    });
  });

  it("fixed: the amount off the goods, VAT on the subtotal after it", () => {
    const r = price({ code: "VAL25", kind: "fixed", amountKobo: 500_000 });
    expect(r.code).toEqual({ code: "VAL25", kind: "fixed", applied: true, codeKobo: 500_000 });
    // ₦18,500 − ₦5,000 = ₦13,500; VAT 7.5% = ₦1,012.50; delivery ₦1,500
    expect(r).toMatchObject({ subtotalKobo: 1_850_000, codeKobo: 500_000, vatKobo: 101_250, deliveryKobo: 150_000, totalKobo: 1_601_250 });
  });

  it("fixed: never more than the eligible goods", () => {
    const r = price({ code: "BIG", kind: "fixed", amountKobo: 5_000_000 });
    expect(r.codeKobo).toBe(1_850_000);
    expect(r).toMatchObject({ vatKobo: 0, totalKobo: 150_000 });
  });

  it("percent: a share of the eligible goods", () => {
    const r = price({ code: "TEN", kind: "percent", percent: 10 });
    expect(r).toMatchObject({ codeKobo: 185_000, vatKobo: 124_875, totalKobo: 1_850_000 - 185_000 + 124_875 + 150_000 });
  });

  it.each([
    // 1,005 kobo × 10% = 100.5 → 101 (half up); 1,004 → 100.4 → 100; 1,006 → 100.6 → 101
    [1_005, 10, 101],
    [1_004, 10, 100],
    [1_006, 10, 101],
    // 333 × 15% = 49.95 → 50; 1 × 50% = 0.5 → 1; 1 × 49% = 0.49 → 0
    [333, 15, 50],
    [1, 50, 1],
    [1, 49, 0],
    [999_999, 100, 999_999],
  ])("percent rounds half up to the kobo: %i kobo at %i%% → %i", (goods, percent, off) => {
    const r = price({ code: "P", kind: "percent", percent }, { lines: [{ priceKobo: goods, discountKobo: 0, quantity: 1 }] });
    expect(r.codeKobo).toBe(off);
  });

  it("free delivery: the fee is waived, the goods keep their price, and the saving is the fee", () => {
    const r = price({ code: "SHIPFREE", kind: "free_delivery" });
    expect(r).toMatchObject({ codeKobo: 150_000, freeDelivery: "code", deliveryKobo: 0, vatKobo: 138_750, totalKobo: 1_988_750 });
    expect(r.deliveryOptions).toEqual({ standard: 0, express: 0, pickup: 0 });
    // express too: the saving is the express fee
    expect(price({ code: "SHIPFREE", kind: "free_delivery" }, { deliveryMethod: "express" })).toMatchObject({
      codeKobo: 450_000,
      deliveryKobo: 0,
    });
  });

  it("the minimum is measured on the goods at sale prices before the code, and says what is still to add", () => {
    const rule: DiscountRule = { code: "VAL25", kind: "fixed", amountKobo: 500_000, minOrderKobo: 2_000_000 };
    const r = price(rule);
    expect(r.code).toEqual({ code: "VAL25", kind: "fixed", applied: false, reason: "minimum", shortKobo: 150_000 });
    // not applied: nothing taken off, and the breakdown is the one without a code
    expect(r).toMatchObject({ codeKobo: 0, vatKobo: 138_750, totalKobo: 2_138_750 });
    // exactly the minimum is enough, although the code then brings the goods below it
    expect(price({ ...rule, minOrderKobo: 1_850_000 }).code).toMatchObject({ applied: true, codeKobo: 500_000 });
  });

  it("scope to products: only their lines count", () => {
    const r = price({ code: "JOURNAL20", kind: "percent", percent: 20, productIds: [JOURNAL] });
    // 20% of ₦16,000
    expect(r.codeKobo).toBe(320_000);
    expect(price({ code: "J", kind: "fixed", amountKobo: 1_000_000, productIds: [CARDS] }).codeKobo).toBe(250_000);
  });

  it("scope to categories: the lines of those categories count", () => {
    expect(price({ code: "GIFT", kind: "percent", percent: 50, categoryIds: [GIFTS] }).codeKobo).toBe(125_000);
    // a product or a category is enough
    expect(price({ code: "BOTH", kind: "percent", percent: 10, productIds: [CARDS], categoryIds: [STATIONERY] }).codeKobo).toBe(185_000);
  });

  it("a code for none of the items says so, and takes nothing off", () => {
    const other = "55555555-5555-4555-8555-555555555555";
    const r = price({ code: "OTHER", kind: "fixed", amountKobo: 100_000, productIds: [other], minOrderKobo: 99_000_000 });
    // scope is the reason even when the minimum is not met either: never both
    expect(r.code).toEqual({ code: "OTHER", kind: "fixed", applied: false, reason: "scope" });
    expect(r.codeKobo).toBe(0);
    const freeShip = price({ code: "SHIP", kind: "free_delivery", categoryIds: [other] });
    expect(freeShip).toMatchObject({ freeDelivery: null, deliveryKobo: 150_000, code: { reason: "scope" } });
  });
});

describe("free delivery above an amount (settings)", () => {
  const withThreshold = (kobo: number): PricingRules => ({ ...rules, freeDeliveryAboveKobo: kobo });

  it("delivers free once the goods reach the amount, on either method", () => {
    expect(price(null, { rules: withThreshold(1_850_000) })).toMatchObject({
      freeDelivery: "threshold",
      deliveryKobo: 0,
      totalKobo: 1_988_750,
    });
    expect(price(null, { rules: withThreshold(1_850_000), deliveryMethod: "express" }).deliveryKobo).toBe(0);
    expect(price(null, { rules: withThreshold(1_850_001) })).toMatchObject({ freeDelivery: null, deliveryKobo: 150_000 });
  });

  it("0 is off", () => {
    expect(price(null, { rules: withThreshold(0) }).deliveryKobo).toBe(150_000);
  });

  it("is measured on the goods after the code", () => {
    const r = price({ code: "VAL25", kind: "fixed", amountKobo: 500_000 }, { rules: withThreshold(1_500_000) });
    // ₦13,500 after the code: below ₦15,000
    expect(r).toMatchObject({ freeDelivery: null, deliveryKobo: 150_000 });
    expect(price({ code: "VAL25", kind: "fixed", amountKobo: 350_000 }, { rules: withThreshold(1_500_000) }).freeDelivery).toBe(
      "threshold",
    );
  });

  it("a free-delivery code on an order that already delivers free saves nothing", () => {
    const r = price({ code: "SHIP", kind: "free_delivery" }, { rules: withThreshold(1_000_000) });
    expect(r).toMatchObject({ freeDelivery: "threshold", deliveryKobo: 0, codeKobo: 0, code: { applied: true, codeKobo: 0 } });
  });

  it("an empty cart is not delivered free: it is not delivered at all", () => {
    expect(price(null, { lines: [], rules: withThreshold(1) })).toMatchObject({ freeDelivery: null, deliveryKobo: 0, totalKobo: 0 });
  });
});
