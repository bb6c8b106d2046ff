import { describe, expect, it } from "vitest";
import { deliveryCharge, findDeliveryRate, priceLine, priceOrder, pricingLga, vatOf, type PricingRules } from "./price-order";

const rules: PricingRules = { vatRate: 0.075, standardDeliveryKobo: 200_000, expressSurchargeKobo: 300_000 };
const rates = [
  { lga: "Ikeja", chargeKobo: 150_000 },
  { lga: "Lekki ", chargeKobo: 350_000 },
];

describe("priceOrder", () => {
  it.each([
    {
      name: "one full-price line, standard, no LGA match → settings fee ₦2,000",
      lines: [{ priceKobo: 450_000, discountKobo: 0, quantity: 4 }],
      method: "standard" as const,
      lga: "Nowhere",
      want: { subtotalKobo: 1_800_000, savedKobo: 0, vatKobo: 135_000, deliveryKobo: 200_000, totalKobo: 2_135_000, matchedLga: null },
    },
    {
      name: "express with no LGA match → ₦5,000",
      lines: [{ priceKobo: 450_000, discountKobo: 0, quantity: 1 }],
      method: "express" as const,
      lga: null,
      want: { subtotalKobo: 450_000, vatKobo: 33_750, deliveryKobo: 500_000, totalKobo: 983_750 },
    },
    {
      name: "discount > 0 replaces the price; LGA matched case-insensitively",
      lines: [
        { priceKobo: 1_000_000, discountKobo: 800_000, quantity: 2 },
        { priceKobo: 250_000, discountKobo: 0, quantity: 1 },
      ],
      method: "standard" as const,
      lga: "IKEJA",
      want: {
        subtotalKobo: 1_850_000,
        savedKobo: 400_000,
        vatKobo: 138_750,
        deliveryKobo: 150_000,
        totalKobo: 2_138_750,
        matchedLga: "Ikeja",
      },
    },
    {
      name: "express adds the surcharge to the LGA rate",
      lines: [{ priceKobo: 100_000, discountKobo: 0, quantity: 1 }],
      method: "express" as const,
      lga: " lekki",
      want: { subtotalKobo: 100_000, vatKobo: 7_500, deliveryKobo: 650_000, totalKobo: 757_500, matchedLga: "Lekki " },
    },
    {
      name: "VAT rounds half up to the kobo (20 kobo × 7.5% = 1.5 → 2)",
      lines: [{ priceKobo: 20, discountKobo: 0, quantity: 1 }],
      method: "standard" as const,
      lga: "Ikeja",
      want: { subtotalKobo: 20, vatKobo: 2, deliveryKobo: 150_000, totalKobo: 150_022 },
    },
    {
      name: "VAT rounds down below the half (13 kobo × 7.5% = 0.975 → 1; 6 kobo → 0.45 → 0)",
      lines: [{ priceKobo: 6, discountKobo: 0, quantity: 1 }],
      method: "standard" as const,
      lga: "Ikeja",
      want: { subtotalKobo: 6, vatKobo: 0, totalKobo: 150_006 },
    },
    {
      name: "an empty cart costs nothing, delivery included",
      lines: [],
      method: "express" as const,
      lga: "Ikeja",
      want: { subtotalKobo: 0, vatKobo: 0, deliveryKobo: 0, totalKobo: 0 },
    },
  ])("$name", ({ lines, method, lga, want }) => {
    const result = priceOrder({ lines, rules, deliveryMethod: method, lga, rates });
    expect(result).toMatchObject(want);
    expect(result.totalKobo).toBe(result.subtotalKobo + result.vatKobo + result.deliveryKobo);
    for (const v of [result.subtotalKobo, result.vatKobo, result.deliveryKobo, result.totalKobo]) expect(Number.isInteger(v)).toBe(true);
  });

  it("prices each line as (discount or price) × quantity", () => {
    const { lines } = priceOrder({
      lines: [{ priceKobo: 5_000, discountKobo: 4_000, quantity: 3 }],
      rules,
      deliveryMethod: "standard",
      lga: null,
      rates: [],
    });
    expect(lines).toEqual([{ unitKobo: 4_000, totalKobo: 12_000, savedKobo: 3_000 }]);
  });
});

describe("vatOf", () => {
  it.each([
    [1_000_000, 0.075, 75_000],
    [13, 0.075, 1],
    [0, 0.075, 0],
    [999_999, 0.15, 150_000],
    [123_457, 0, 0],
  ])("vat of %i kobo at %f is %i", (subtotal, rate, vat) => {
    expect(vatOf(subtotal, rate)).toBe(vat);
  });
});

describe("delivery", () => {
  it("matches names whatever their case and spaces, or nothing", () => {
    expect(findDeliveryRate(rates, "  ikeja ")?.chargeKobo).toBe(150_000);
    expect(findDeliveryRate(rates, "")).toBeNull();
    expect(findDeliveryRate(rates, undefined)).toBeNull();
  });
  it("uses the settings' fees without a rate", () => {
    expect(deliveryCharge(rules, "standard", null)).toBe(200_000);
    expect(deliveryCharge(rules, "express", null)).toBe(500_000);
  });
  it("takes the owner's fee for an order she records instead of the area's, for either method; free delivery still applies", () => {
    const lines = [{ priceKobo: 1_000_000, discountKobo: 0, quantity: 1 }];
    const base = { lines, rules, lga: "Lekki", rates };
    expect(priceOrder({ ...base, deliveryMethod: "standard" }).deliveryKobo).toBe(350_000);
    const own = priceOrder({ ...base, deliveryMethod: "express", deliveryFeeKobo: 100_000 });
    expect(own).toMatchObject({
      deliveryKobo: 100_000,
      totalKobo: 1_000_000 + 75_000 + 100_000,
      deliveryOptions: { standard: 100_000, express: 100_000 },
    });
    expect(priceOrder({ ...base, deliveryMethod: "standard", deliveryFeeKobo: 0 }).totalKobo).toBe(1_075_000);
    const free = priceOrder({
      ...base,
      rules: { ...rules, freeDeliveryAboveKobo: 500_000 },
      deliveryMethod: "standard",
      deliveryFeeKobo: 100_000,
    });
    expect(free).toMatchObject({ deliveryKobo: 0, freeDelivery: "threshold" });
  });

  it("charges nothing for a pick-up, whatever the area, a date's fees or a free-delivery code; the speeds keep their prices", () => {
    const lines = [{ priceKobo: 1_000_000, discountKobo: 0, quantity: 1 }];
    const pickup = priceOrder({
      lines,
      rules,
      lga: "Lekki",
      rates,
      deliveryMethod: "pickup",
      deliverySlot: { peakFeeKobo: 50_000, windowSurchargeKobo: 20_000 },
    });
    expect(pickup).toMatchObject({
      deliveryKobo: 0,
      deliverySlotKobo: 0,
      freeDelivery: null,
      totalKobo: 1_075_000,
      deliveryOptions: { standard: 350_000, express: 650_000, pickup: 0 },
    });
    // past the free-delivery amount the speeds cost nothing, and nothing was made free for a pick-up
    const over = priceOrder({ lines, rules: { ...rules, freeDeliveryAboveKobo: 500_000 }, lga: null, rates, deliveryMethod: "pickup" });
    expect(over).toMatchObject({ deliveryKobo: 0, freeDelivery: null, deliveryOptions: { standard: 0, express: 0, pickup: 0 } });
    const code = priceOrder({
      lines,
      rules,
      lga: null,
      rates,
      deliveryMethod: "pickup",
      discount: { code: "FREESHIP", kind: "free_delivery" },
    });
    expect(code).toMatchObject({ deliveryKobo: 0, codeKobo: 0, freeDelivery: null, totalKobo: 1_075_000 });
  });
});

describe("priceLine (the cart's rows and the order's lines)", () => {
  it.each([
    [
      { priceKobo: 5_000, discountKobo: 4_000, quantity: 3 },
      { unitKobo: 4_000, totalKobo: 12_000, savedKobo: 3_000 },
    ],
    [
      { priceKobo: 5_000, discountKobo: 0, quantity: 2 },
      { unitKobo: 5_000, totalKobo: 10_000, savedKobo: 0 },
    ],
  ])("%o → %o", (line, want) => {
    expect(priceLine(line)).toEqual(want);
  });
});

describe("pricingLga: which LGA prices the order", () => {
  it.each([
    ["Surulere", "Ikeja", "Surulere"],
    ["", "Surulere", null], // "Other area" on the form beats the profile
    ["  ", "Surulere", null],
    [null, "Surulere", null],
    [undefined, " Surulere ", "Surulere"], // not on the request: the profile
    [undefined, null, null],
  ])("form %j, profile %j → %j", (chosen, profile, want) => {
    expect(pricingLga(chosen, profile)).toBe(want);
  });
});
