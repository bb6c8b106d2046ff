import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { deliveryRates } from "../../db/schema";
import { getSettings } from "../settings/service.server";
import type { DeliveryRate, PricingRules } from "./pricing";

/** What priceOrder needs from the database: the settings' rules and the LGA's rate (if any). */
export async function loadPricing(
  db: Db | Tx,
  lga: string | null | undefined,
): Promise<{ rules: PricingRules; rates: DeliveryRate[]; usdRate: number }> {
  const wanted = lga?.trim().toLowerCase();
  const [settings, rates] = await Promise.all([
    getSettings(db as Db),
    wanted
      ? db
          .select({ lga: deliveryRates.lga, chargeKobo: deliveryRates.chargeKobo })
          .from(deliveryRates)
          .where(sql`lower(trim(${deliveryRates.lga})) = ${wanted}`)
      : Promise.resolve([] as DeliveryRate[]),
  ]);
  return {
    rules: {
      vatRate: settings.vatRate,
      standardDeliveryKobo: settings.standardDeliveryKobo,
      expressSurchargeKobo: settings.expressSurchargeKobo,
    },
    rates,
    usdRate: settings.usdRate,
  };
}
