import { koboToNaira } from "../../lib/money";
import type { DeliveryRate } from "../delivery/types";
import type { DeliveryMethod, PriceBreakdown, PricingRules } from "../pricing/price-order";
import type { CartSummary } from "./types";

type SummaryInput = {
  rules: PricingRules;
  usdRate: number;
  deliveryMethod: DeliveryMethod;
  /** the delivery area priced (null: none chosen yet, or the rates could not be read) */
  area: DeliveryRate | null;
  /** the delivery rates could not be read (docs/product.md §8) */
  ratesFailed?: boolean;
};

/**
 * priceOrder's breakdown as the cart and checkout show it (naira). Without a
 * delivery area nothing is charged for delivery: the total is subtotal + VAT,
 * shown as 'Total before delivery', never a made-up fee.
 */
export function toCartSummary(
  priced: PriceBreakdown,
  { rules, usdRate, deliveryMethod, area, ratesFailed = false }: SummaryInput,
): CartSummary {
  return {
    subtotal: koboToNaira(priced.subtotalKobo),
    discount: koboToNaira(priced.discountKobo),
    vat: koboToNaira(priced.vatKobo),
    vatRate: rules.vatRate,
    deliveryCharge: area ? koboToNaira(priced.deliveryKobo) : null,
    total: koboToNaira(area ? priced.totalKobo : priced.subtotalKobo + priced.vatKobo),
    deliveryMethod,
    lga: area?.lga ?? null,
    matchedLga: area?.lga ?? null,
    areaNeeded: !area && !ratesFailed,
    deliveryOptions: area
      ? { standard: koboToNaira(priced.deliveryOptions.standard), express: koboToNaira(priced.deliveryOptions.express) }
      : null,
    usdRate,
  };
}
