import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CartSummary } from "../../../modules/cart/types";
import { OrderSummary } from "./order-summary";

const summary: CartSummary = {
  subtotal: 8_000,
  discount: 0,
  code: null,
  freeDelivery: null,
  freeDeliveryAbove: null,
  vat: 600,
  vatRate: 0.075,
  deliveryCharge: 1_500,
  total: 10_100,
  deliveryMethod: "standard",
  lga: "Surulere",
  matchedLga: "Surulere",
  areaNeeded: false,
  deliveryOptions: { standard: 1_500, express: 4_500 },
  usdRate: 0.00073,
};

/** The summary's rows as "label: value" text. */
function rows(html: string): string[] {
  return [...html.matchAll(/<dt>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map(([, dt, dd]) =>
    `${dt}: ${dd}`.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'"),
  );
}

describe("OrderSummary", () => {
  it("shows subtotal, VAT, delivery and total", () => {
    expect(rows(renderToStaticMarkup(<OrderSummary summary={summary} />))).toEqual([
      "Subtotal: ₦8,000",
      "VAT (7.5%): ₦600",
      "Delivery charge (Surulere): ₦1,500",
      "Total: ₦10,100",
    ]);
  });

  it("docs/product.md §8: failed delivery rates replace only the charge; the total says it is before delivery", () => {
    const html = renderToStaticMarkup(
      <OrderSummary summary={{ ...summary, deliveryCharge: null, total: 8_600, matchedLga: null, deliveryOptions: null }} />,
    );
    expect(rows(html)).toEqual([
      "Subtotal: ₦8,000",
      "VAT (7.5%): ₦600",
      "Delivery charge: Error loading delivery charge",
      "Total before delivery: ₦8,600",
    ]);
  });

  it("a summary that could not be reloaded shows no stale total", () => {
    expect(rows(renderToStaticMarkup(<OrderSummary summary={summary} deliveryError />))).toEqual([
      "Subtotal: ₦8,000",
      "VAT (7.5%): ₦600",
      "Delivery charge: Error loading delivery charge",
      "Total: —",
    ]);
  });

  it("before an area is chosen: no delivery charge is made up, the total says it is before delivery", () => {
    const noArea = { ...summary, deliveryCharge: null, total: 8_600, lga: null, matchedLga: null, areaNeeded: true, deliveryOptions: null };
    expect(rows(renderToStaticMarkup(<OrderSummary summary={noArea} />))).toEqual([
      "Subtotal: ₦8,000",
      "VAT (7.5%): ₦600",
      "Delivery charge: Choose your area",
      "Total before delivery: ₦8,600",
    ]);
  });

  it('docs/product.md "Discount codes": the code and its saving, or why it does not apply', () => {
    const applied = { ...summary, code: { code: "VAL25", kind: "fixed" as const, saving: 2_000, message: null }, vat: 450, total: 7_950 };
    expect(rows(renderToStaticMarkup(<OrderSummary summary={applied} />))).toEqual([
      "Subtotal: ₦8,000",
      "Code VAL25: −₦2,000",
      "VAT (7.5%): ₦450",
      "Delivery charge (Surulere): ₦1,500",
      "Total: ₦7,950",
    ]);
    const short = { ...summary, code: { code: "BIG", kind: "fixed" as const, saving: null, message: "Add ₦2,000 more to use BIG." } };
    expect(rows(renderToStaticMarkup(<OrderSummary summary={short} />))).toContain("Code BIG: Add ₦2,000 more to use BIG.");
  });

  it('docs/product.md "Free delivery": free says so; below the amount, what is still to add', () => {
    const free = { ...summary, deliveryCharge: 0, freeDelivery: "threshold" as const, freeDeliveryAbove: 5_000, total: 8_600 };
    expect(rows(renderToStaticMarkup(<OrderSummary summary={free} />))).toContain("Delivery charge (Surulere): Free");
    const below = { ...summary, freeDeliveryAbove: 10_000 };
    expect(renderToStaticMarkup(<OrderSummary summary={below} />)).toContain("Add ₦2,000 more for free delivery (from ₦10,000).");
  });
});
