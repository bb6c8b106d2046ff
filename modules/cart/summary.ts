import { shortDay } from "../../lib/lagos-calendar";
import { koboToNaira } from "../../lib/money";
import type { DeliveryRate } from "../delivery/types";
import { outcomeMessage } from "../discounts/messages";
import type { DeliveryMethod, PriceBreakdown, PricingRules } from "../pricing/price-order";
import type { CartCode, CartSummary } from "./types";

type SummaryInput = {
  rules: PricingRules;
  usdRate: number;
  deliveryMethod: DeliveryMethod;
  /** the delivery area priced (null: none chosen yet, or the rates could not be read) */
  area: DeliveryRate | null;
  /** the delivery rates could not be read (docs/product.md §8) */
  ratesFailed?: boolean;
  /** the code asked for, and the message when it cannot be used at all (unknown, ended, used up…) */
  code?: { code: string | null; message: string | null };
  /** the delivery date priced, as the checkout shows it */
  slot?: { date: string; label: string; window: string | null } | null;
};

/** The chosen delivery date as the summary names it (docs/product.md "Delivery on a chosen date"). */
export const slotLine = (slot: { date: string; window: string | null } | null | undefined) =>
  slot ? { date: slot.date, label: shortDay(slot.date), window: slot.window } : null;

/** The code's line: its saving, or why it does not apply (docs/product.md "Discount codes"). */
function codeLine(priced: PriceBreakdown, asked: SummaryInput["code"], area: DeliveryRate | null): CartCode | null {
  if (!asked?.code) return null;
  if (asked.message) return { code: asked.code, kind: null, saving: null, message: asked.message };
  const outcome = priced.code;
  if (!outcome) return null;
  if (!outcome.applied) return { code: outcome.code, kind: outcome.kind, saving: null, message: outcomeMessage(outcome) };
  // a free-delivery code saves the fee of an area not chosen yet: nothing to show
  const saving = outcome.kind === "free_delivery" && !area ? null : koboToNaira(outcome.codeKobo);
  return { code: outcome.code, kind: outcome.kind, saving, message: null };
}

/**
 * priceOrder's breakdown as the cart and checkout show it (naira). Without a
 * delivery area nothing is charged for delivery: the total is subtotal + VAT,
 * shown as 'Total before delivery', never a made-up fee. A pick-up needs no area:
 * its delivery is 0 and its total whole (docs/product.md "Pick-up").
 */
export function toCartSummary(
  priced: PriceBreakdown,
  { rules, usdRate, deliveryMethod, area, ratesFailed = false, code, slot }: SummaryInput,
): CartSummary {
  const threshold = rules.freeDeliveryAboveKobo ?? 0;
  // what delivery costs is known: a pick-up, or an area chosen
  const known = deliveryMethod === "pickup" || !!area;
  return {
    subtotal: koboToNaira(priced.subtotalKobo),
    discount: koboToNaira(priced.savedKobo),
    code: codeLine(priced, code, area),
    freeDelivery: priced.freeDelivery,
    freeDeliveryAbove: threshold > 0 ? koboToNaira(threshold) : null,
    vat: koboToNaira(priced.vatKobo),
    vatRate: rules.vatRate,
    deliveryCharge: known ? koboToNaira(priced.deliveryKobo) : null,
    total: koboToNaira(known ? priced.totalKobo : priced.totalKobo - priced.deliveryKobo),
    deliveryMethod,
    lga: area?.lga ?? null,
    matchedLga: area?.lga ?? null,
    areaNeeded: !known && !ratesFailed,
    deliveryOptions: area
      ? { standard: koboToNaira(priced.deliveryOptions.standard), express: koboToNaira(priced.deliveryOptions.express) }
      : null,
    usdRate,
    ...(slot && area && deliveryMethod !== "pickup" ? { deliverySlot: { ...slot, fee: koboToNaira(priced.deliverySlotKobo) } } : {}),
  };
}
