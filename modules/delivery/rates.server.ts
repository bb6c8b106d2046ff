import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deliveryRates } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { koboToNaira } from "../../lib/money";

/** docs/product.md §3 "Delivery rate (LGA)": id, lga, deliveryCharge in naira. */
export type DeliveryRateView = { id: string; lga: string; deliveryCharge: number };

const toView = (r: { id: string; lga: string; chargeKobo: number }): DeliveryRateView => ({
  id: r.id,
  lga: r.lga,
  deliveryCharge: koboToNaira(r.chargeKobo),
});

export async function getDeliveryRate(db: Db, id: string): Promise<DeliveryRateView> {
  const [row] = await db.select().from(deliveryRates).where(eq(deliveryRates.id, id));
  if (!row) throw AppError.notFound("Delivery rate");
  return toView(row);
}
