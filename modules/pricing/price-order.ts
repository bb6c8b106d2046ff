import type { DeliveryRate } from "../delivery/types";

// The one pricing function (docs/architecture.md "Payments"): the cart summary, the
// checkout summary and order creation all call priceOrder, so the three can
// never disagree. Pure and integer kobo throughout.

export type DeliveryMethod = "standard" | "express";

/**
 * The largest order taken online: ₦20,000,000. Money columns are 32-bit integer kobo
 * (up to ₦21.4M); above this an order is a conversation with the shop, not a card payment.
 */
export const MAX_ORDER_KOBO = 2_000_000_000;

export type PricedLineInput = { priceKobo: number; discountKobo: number; quantity: number };

export type PricingRules = {
  /** VAT as a fraction of the subtotal (docs/product.md §9: 0.075) */
  vatRate: number;
  /** the standard fee of docs/product.md §9's fallback areas, while the shop has no delivery rates (₦2,000) */
  standardDeliveryKobo: number;
  /** added to the standard fee for express (₦3,000, so express is ₦5,000 with no LGA rate) */
  expressSurchargeKobo: number;
};

export type PriceInput = {
  lines: PricedLineInput[];
  rules: PricingRules;
  deliveryMethod: DeliveryMethod;
  /** the shopper's LGA, matched case-insensitively against the rates */
  lga: string | null | undefined;
  rates: DeliveryRate[];
};

export type PricedLine = { unitKobo: number; totalKobo: number; savedKobo: number };

/** What a shopper pays for one unit: the sale price when there is one, else the price (kobo or naira alike). */
export const unitPrice = (p: { price: number; discount: number }): number => (p.discount > 0 ? p.discount : p.price);

export type PriceBreakdown = {
  lines: PricedLine[];
  subtotalKobo: number;
  /** what the discounts saved against the full prices (shown, not subtracted again) */
  discountKobo: number;
  vatKobo: number;
  deliveryKobo: number;
  totalKobo: number;
  /** the delivery rate that applied, or null when the settings' fee did */
  matchedLga: string | null;
  /** what each delivery method costs for this area, shown beside the method's choice */
  deliveryOptions: Record<DeliveryMethod, number>;
};

const PPM = 1_000_000;

/**
 * Rounding rule (the only one): VAT is computed once, on the whole subtotal,
 * in integer arithmetic on parts per million of the rate, rounded half up to
 * the kobo. Lines are whole kobo already, so nothing else rounds.
 */
export function vatOf(subtotalKobo: number, vatRate: number): number {
  const ratePpm = Math.round(vatRate * PPM);
  return Math.floor((subtotalKobo * ratePpm + PPM / 2) / PPM);
}

/** docs/product.md §9: the rate whose LGA matches the shopper's, case-insensitively (spaces trimmed). */
export function findDeliveryRate(rates: DeliveryRate[], lga: string | null | undefined): DeliveryRate | null {
  const wanted = lga?.trim().toLowerCase();
  if (!wanted) return null;
  return rates.find((r) => r.lga.trim().toLowerCase() === wanted) ?? null;
}

/** docs/product.md §9: standard = the LGA's rate (else the settings' fee); express adds the surcharge. */
export function deliveryCharge(rules: PricingRules, method: DeliveryMethod, rate: DeliveryRate | null): number {
  const standard = rate ? rate.chargeKobo : rules.standardDeliveryKobo;
  return method === "express" ? standard + rules.expressSurchargeKobo : standard;
}

/** docs/product.md §4: line = (discount when > 0, else price) × quantity. The cart's rows use it too. */
export function priceLine(l: PricedLineInput): PricedLine {
  const unitKobo = unitPrice({ price: l.priceKobo, discount: l.discountKobo });
  return { unitKobo, totalKobo: unitKobo * l.quantity, savedKobo: (l.priceKobo - unitKobo) * l.quantity };
}

/**
 * Which LGA prices an order, the same for the cart, the checkout summary and the
 * order: the area chosen (in the cart or on the checkout form) wins; only a
 * request that does not mention the LGA at all (an API client following docs/product.md §7)
 * falls back to the profile's LGA. Either must be one of the shop's delivery
 * areas (requireDeliveryArea): "" or an unknown name is refused, never priced.
 */
export function pricingLga(chosen: string | null | undefined, profileLga: string | null | undefined): string | null {
  const lga = chosen === undefined ? profileLga : chosen;
  return lga?.trim() || null;
}

/** total = subtotal + VAT + delivery. */
export function priceOrder({ lines, rules, deliveryMethod, lga, rates }: PriceInput): PriceBreakdown {
  const priced = lines.map(priceLine);
  const subtotalKobo = priced.reduce((s, l) => s + l.totalKobo, 0);
  const discountKobo = priced.reduce((s, l) => s + l.savedKobo, 0);
  const vatKobo = vatOf(subtotalKobo, rules.vatRate);
  const rate = findDeliveryRate(rates, lga);
  const deliveryOptions = {
    standard: deliveryCharge(rules, "standard", rate),
    express: deliveryCharge(rules, "express", rate),
  };
  // nothing to deliver in an empty cart
  const deliveryKobo = lines.length === 0 ? 0 : deliveryOptions[deliveryMethod];
  return {
    lines: priced,
    subtotalKobo,
    discountKobo,
    vatKobo,
    deliveryKobo,
    totalKobo: subtotalKobo + vatKobo + deliveryKobo,
    matchedLga: rate?.lga ?? null,
    deliveryOptions,
  };
}
