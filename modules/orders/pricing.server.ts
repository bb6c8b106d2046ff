import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { deliveryRates } from "../../db/schema";
import { getSettings } from "../settings/service.server";
import type { DeliveryRate, PricingRules } from "./pricing";

/** The settings' side of priceOrder: VAT, fees, and the USD display rate. */
export async function loadPricingRules(db: Db | Tx): Promise<{ rules: PricingRules; usdRate: number }> {
  const settings = await getSettings(db as Db);
  return {
    rules: {
      vatRate: settings.vatRate,
      standardDeliveryKobo: settings.standardDeliveryKobo,
      expressSurchargeKobo: settings.expressSurchargeKobo,
    },
    usdRate: settings.usdRate,
  };
}

/** The delivery rate of the LGA (if any), matched case-insensitively (spec §9). */
export async function loadDeliveryRates(db: Db | Tx, lga: string | null | undefined): Promise<DeliveryRate[]> {
  const wanted = lga?.trim().toLowerCase();
  if (!wanted) return [];
  return db
    .select({ lga: deliveryRates.lga, chargeKobo: deliveryRates.chargeKobo })
    .from(deliveryRates)
    .where(sql`lower(trim(${deliveryRates.lga})) = ${wanted}`);
}

/** What priceOrder needs from the database: the settings' rules and the LGA's rate (if any). */
export async function loadPricing(
  db: Db | Tx,
  lga: string | null | undefined,
): Promise<{ rules: PricingRules; rates: DeliveryRate[]; usdRate: number }> {
  const [{ rules, usdRate }, rates] = await Promise.all([loadPricingRules(db), loadDeliveryRates(db, lga)]);
  return { rules, rates, usdRate };
}
