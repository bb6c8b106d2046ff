import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deliveryRates } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { koboToNaira, nairaToKobo } from "../../lib/money";
import { escapeLike } from "../catalog/admin.server";
import { deliveryRateInput, type DeliveryRateInput } from "./admin-schemas";

/** spec §3 Delivery rate: id, lga, deliveryCharge (naira). */
export type DeliveryRateView = { id: string; lga: string; deliveryCharge: number };

const toView = (r: typeof deliveryRates.$inferSelect): DeliveryRateView => ({
  id: r.id,
  lga: r.lga,
  deliveryCharge: koboToNaira(r.chargeKobo),
});

async function assertLgaFree(db: Db, lga: string, exceptId?: string) {
  const [row] = await db
    .select({ id: deliveryRates.id })
    .from(deliveryRates)
    .where(sql`lower(${deliveryRates.lga}) = lower(${lga})`);
  if (row && row.id !== exceptId)
    throw new AppError("conflict", "This LGA already has a delivery rate.", { fields: { lga: "This LGA already has a delivery rate" } });
}

export async function listDeliveryRatesAdmin(db: Db, q?: string): Promise<DeliveryRateView[]> {
  const rows = await db
    .select()
    .from(deliveryRates)
    .where(q ? sql`${deliveryRates.lga} ilike ${`%${escapeLike(q)}%`}` : undefined)
    .orderBy(asc(deliveryRates.lga));
  return rows.map(toView);
}

export async function getDeliveryRateAdmin(db: Db, id: string): Promise<DeliveryRateView> {
  const [row] = await db.select().from(deliveryRates).where(eq(deliveryRates.id, id));
  if (!row) throw AppError.notFound("Delivery rate");
  return toView(row);
}

export async function createDeliveryRate(db: Db, input: DeliveryRateInput): Promise<DeliveryRateView> {
  const data = deliveryRateInput.parse(input);
  await assertLgaFree(db, data.lga);
  const [row] = await db
    .insert(deliveryRates)
    .values({ lga: data.lga, chargeKobo: nairaToKobo(data.deliveryCharge) })
    .returning();
  return toView(row!);
}

export async function updateDeliveryRate(db: Db, id: string, input: DeliveryRateInput): Promise<DeliveryRateView> {
  await getDeliveryRateAdmin(db, id);
  const data = deliveryRateInput.parse(input);
  await assertLgaFree(db, data.lga, id);
  const [row] = await db
    .update(deliveryRates)
    .set({ lga: data.lga, chargeKobo: nairaToKobo(data.deliveryCharge) })
    .where(eq(deliveryRates.id, id))
    .returning();
  return toView(row!);
}

export async function deleteDeliveryRate(db: Db, id: string) {
  await getDeliveryRateAdmin(db, id);
  await db.delete(deliveryRates).where(eq(deliveryRates.id, id));
}
