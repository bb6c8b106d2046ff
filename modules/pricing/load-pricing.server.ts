import type { Queryable } from "../../db/client";
import { requireDeliveryArea } from "../delivery/areas.server";
import { getSettings } from "../settings/service.server";
import type { DeliveryMethod, DeliveryRate } from "../delivery/types";
import type { PricingRules } from "./price-order";

/** The settings' side of priceOrder: VAT, fees, the USD display rate and the quantity limit per product. */
export async function loadPricingRules(db: Queryable): Promise<{ rules: PricingRules; usdRate: number; maxLineQuantity: number }> {
  const settings = await getSettings(db);
  return {
    rules: {
      vatRate: settings.vatRate,
      standardDeliveryKobo: settings.standardDeliveryKobo,
      expressSurchargeKobo: settings.expressSurchargeKobo,
      freeDeliveryAboveKobo: settings.freeDeliveryAboveKobo,
    },
    usdRate: settings.usdRate,
    maxLineQuantity: settings.maxLineQuantity,
  };
}

type Pricing = Awaited<ReturnType<typeof loadPricingRules>>;

/**
 * What priceOrder needs to price an order delivered to `lga`: the settings' rules
 * and the area's rate. An empty LGA, or one the shop does not deliver to, is a 400
 * naming `lga`: the shopper never picks her own delivery charge.
 */
export async function loadPricing(
  db: Queryable,
  lga: string | null | undefined,
): Promise<Pricing & { area: DeliveryRate; rates: DeliveryRate[] }> {
  const pricing = await loadPricingRules(db);
  const area = await requireDeliveryArea(db, lga, pricing.rules.standardDeliveryKobo);
  return { ...pricing, area, rates: [area] };
}

/**
 * What priceOrder needs for an order sent by `method`: a delivery is priced for its area (loadPricing);
 * a pick-up has no area and costs nothing to collect (docs/product.md "Pick-up").
 */
export async function loadOrderPricing(
  db: Queryable,
  method: DeliveryMethod,
  lga: string | null | undefined,
): Promise<Pricing & { area: DeliveryRate | null; rates: DeliveryRate[] }> {
  if (method === "pickup") return { ...(await loadPricingRules(db)), area: null, rates: [] };
  return loadPricing(db, lga);
}
