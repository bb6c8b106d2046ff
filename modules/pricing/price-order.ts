import type { DeliveryMethod, DeliveryRate, DeliverySpeed } from "../delivery/types";

// The one pricing function (docs/architecture.md "Payments"): the cart summary, the
// checkout summary and order creation all call priceOrder, so the three can
// never disagree. Pure and integer kobo throughout.

export type { DeliveryMethod };

/**
 * The largest order taken online: ₦20,000,000. Money columns are 32-bit integer kobo
 * (up to ₦21.4M); above this an order is a conversation with the shop, not a card payment.
 */
export const MAX_ORDER_KOBO = 2_000_000_000;

export type PricedLineInput = {
  priceKobo: number;
  discountKobo: number;
  quantity: number;
  /** what a discount code's scope is matched against (docs/product.md "Discount codes") */
  productId?: string | null;
  categoryId?: string | null;
};

export type PricingRules = {
  /** VAT as a fraction of the subtotal (docs/product.md §9: 0.075) */
  vatRate: number;
  /** the standard fee of docs/product.md §9's fallback areas, while the shop has no delivery rates (₦2,000) */
  standardDeliveryKobo: number;
  /** added to the standard fee for express (₦3,000, so express is ₦5,000 with no LGA rate) */
  expressSurchargeKobo: number;
  /** delivery is free once the goods, after a code, reach this (docs/product.md "Free delivery"); 0 or absent: never */
  freeDeliveryAboveKobo?: number;
};

export type DiscountKind = "fixed" | "percent" | "free_delivery";

/** A discount code as the pricing function applies it (docs/product.md "Discount codes"). */
export type DiscountRule = {
  code: string;
  kind: DiscountKind;
  /** fixed: kobo off the eligible goods */
  amountKobo?: number | null;
  /** percent: whole percent (1–100) of the eligible goods */
  percent?: number | null;
  /** the goods' subtotal (sale prices, before the code) must reach this */
  minOrderKobo?: number;
  /** both empty: every product; otherwise only these products and the products of these categories */
  productIds?: readonly string[];
  categoryIds?: readonly string[];
};

/** What became of the code: applied and what it took off, or why not (never both). */
export type CodeOutcome =
  | { code: string; kind: DiscountKind; applied: true; codeKobo: number }
  | { code: string; kind: DiscountKind; applied: false; reason: "minimum"; shortKobo: number }
  | { code: string; kind: DiscountKind; applied: false; reason: "scope" };

export type PriceInput = {
  lines: PricedLineInput[];
  rules: PricingRules;
  deliveryMethod: DeliveryMethod;
  /** the shopper's LGA, matched case-insensitively against the rates */
  lga: string | null | undefined;
  rates: DeliveryRate[];
  /** a discount code the shopper entered, already checked as usable (dates, limits) by modules/discounts */
  discount?: DiscountRule | null;
  /**
   * the fee the owner set for an order she records herself (docs/product.md "Manual orders"): it
   * replaces the area's fee for either method; free delivery (the shop's amount, a code) still applies
   */
  deliveryFeeKobo?: number | null;
  /**
   * the delivery date chosen (docs/product.md "Delivery on a chosen date"), already checked by
   * modules/delivery: a peak day's fee and the time window's surcharge
   */
  deliverySlot?: DeliverySlotFees | null;
};

/** What a chosen delivery date adds: the peak day's fee and the window's surcharge (kobo). */
export type DeliverySlotFees = { peakFeeKobo: number; windowSurchargeKobo: number };

export type PricedLine = { unitKobo: number; totalKobo: number; savedKobo: number };

/** What a shopper pays for one unit: the sale price when there is one, else the price (kobo or naira alike). */
export const unitPrice = (p: { price: number; discount: number }): number => (p.discount > 0 ? p.discount : p.price);

export type PriceBreakdown = {
  lines: PricedLine[];
  subtotalKobo: number;
  /** what the sale prices saved against the full prices (shown, not subtracted again) */
  savedKobo: number;
  /** what the code took off: goods for fixed and percent, the delivery fee for free_delivery; 0 without one */
  codeKobo: number;
  /** the code asked for and what became of it; null without one */
  code: CodeOutcome | null;
  /** why delivery costs nothing: a free-delivery code, or the goods reached the shop's amount; null otherwise */
  freeDelivery: "code" | "threshold" | null;
  /** VAT on the subtotal after the code */
  vatKobo: number;
  deliveryKobo: number;
  /** the chosen date's fees (peak day + window): a service, so free delivery does not waive it; 0 without a date */
  deliverySlotKobo: number;
  totalKobo: number;
  /** the delivery rate that applied, or null when the settings' fee did */
  matchedLga: string | null;
  /** what each delivery method costs for this area (0 when delivery is free), shown beside the method's choice */
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
export function deliveryCharge(rules: PricingRules, method: DeliverySpeed, rate: DeliveryRate | null): number {
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

/** Whether a line is in the code's scope: no scope means every line. */
function inScope(rule: DiscountRule, line: PricedLineInput): boolean {
  const products = rule.productIds ?? [];
  const categories = rule.categoryIds ?? [];
  if (!products.length && !categories.length) return true;
  return (!!line.productId && products.includes(line.productId)) || (!!line.categoryId && categories.includes(line.categoryId));
}

/**
 * docs/product.md "Discount codes": what a code takes off the goods, or why it does not apply.
 * Scope first (no eligible line), then the minimum on the whole subtotal before the code.
 * fixed = min(amount, eligible goods); percent of the eligible goods, rounded half up to the kobo;
 * free_delivery takes nothing off the goods (priceOrder waives the fee).
 */
function applyCode(rule: DiscountRule, lines: PricedLineInput[], priced: PricedLine[], subtotalKobo: number): CodeOutcome {
  const { code, kind } = rule;
  const eligible = lines.reduce((s, l, i) => (inScope(rule, l) ? s + priced[i]!.totalKobo : s), 0);
  if (!lines.some((l) => inScope(rule, l))) return { code, kind, applied: false, reason: "scope" };
  const minimum = rule.minOrderKobo ?? 0;
  if (subtotalKobo < minimum) return { code, kind, applied: false, reason: "minimum", shortKobo: minimum - subtotalKobo };
  const codeKobo =
    kind === "fixed"
      ? Math.min(Math.max(0, rule.amountKobo ?? 0), eligible)
      : kind === "percent"
        ? Math.floor((eligible * Math.min(100, Math.max(0, rule.percent ?? 0)) + 50) / 100)
        : 0;
  return { code, kind, applied: true, codeKobo };
}

/**
 * total = subtotal − the code's discount on the goods + VAT + delivery (+ the chosen date's fees). VAT is on the subtotal
 * after the code; delivery is free with a free-delivery code, or once the goods after the code
 * reach the settings' freeDeliveryAboveKobo (docs/product.md "Discount codes", "Free delivery").
 */
export function priceOrder({
  lines,
  rules,
  deliveryMethod,
  lga,
  rates,
  discount,
  deliveryFeeKobo,
  deliverySlot,
}: PriceInput): PriceBreakdown {
  const priced = lines.map(priceLine);
  const subtotalKobo = priced.reduce((s, l) => s + l.totalKobo, 0);
  const savedKobo = priced.reduce((s, l) => s + l.savedKobo, 0);
  const outcome = discount ? applyCode(discount, lines, priced, subtotalKobo) : null;
  const goodsCodeKobo = outcome?.applied ? outcome.codeKobo : 0;
  const discountedKobo = subtotalKobo - goodsCodeKobo;
  const vatKobo = vatOf(discountedKobo, rules.vatRate);
  const rate = findDeliveryRate(rates, lga);
  // a pick-up costs nothing: she collects it (docs/product.md "Pick-up")
  const fees =
    deliveryFeeKobo != null
      ? { standard: deliveryFeeKobo, express: deliveryFeeKobo, pickup: 0 }
      : { standard: deliveryCharge(rules, "standard", rate), express: deliveryCharge(rules, "express", rate), pickup: 0 };
  const threshold = rules.freeDeliveryAboveKobo ?? 0;
  // the shop's amount first: a free-delivery code on an order that already delivers free saves nothing
  const freeForDelivery =
    threshold > 0 && lines.length > 0 && discountedKobo >= threshold
      ? "threshold"
      : outcome?.applied && outcome.kind === "free_delivery"
        ? "code"
        : null;
  const deliveryOptions = freeForDelivery ? { standard: 0, express: 0, pickup: 0 } : fees;
  // nothing is delivered to a pick-up: nothing was made free for it
  const freeDelivery = deliveryMethod === "pickup" ? null : freeForDelivery;
  // nothing to deliver in an empty cart
  const deliveryKobo = lines.length === 0 ? 0 : deliveryOptions[deliveryMethod];
  const deliverySlotKobo =
    lines.length === 0 || !deliverySlot || deliveryMethod === "pickup" ? 0 : deliverySlot.peakFeeKobo + deliverySlot.windowSurchargeKobo;
  const code: CodeOutcome | null =
    outcome?.applied && outcome.kind === "free_delivery"
      ? { ...outcome, codeKobo: freeDelivery === "code" && lines.length > 0 ? fees[deliveryMethod] : 0 }
      : outcome;
  return {
    lines: priced,
    subtotalKobo,
    savedKobo,
    codeKobo: code?.applied ? code.codeKobo : 0,
    code,
    freeDelivery,
    vatKobo,
    deliveryKobo,
    deliverySlotKobo,
    totalKobo: discountedKobo + vatKobo + deliveryKobo + deliverySlotKobo,
    matchedLga: rate?.lga ?? null,
    deliveryOptions,
  };
}
