import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deliveryRates } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { koboToNaira, nairaToKobo } from "../../lib/money";
import { containing } from "../../lib/like-pattern";
import { withinDays } from "../../lib/day-range";
import {
  deliveryRateInput,
  deliveryRateListQuery,
  deliveryRatePatch,
  type deliveryRateSorts,
  type DeliveryRatePatch,
  type DeliveryRateInput,
  type DeliveryRateListQuery,
} from "./admin-schemas";
import type { AreaSchedule } from "./schedule";

/**
 * docs/product.md §3 Delivery rate: id, lga, deliveryCharge (naira), and its scheduling
 * (docs/product.md "Delivery on a chosen date").
 */
export type DeliveryRateView = { id: string; lga: string; deliveryCharge: number } & AreaSchedule;

const toView = (r: typeof deliveryRates.$inferSelect): DeliveryRateView => ({
  id: r.id,
  lga: r.lga,
  deliveryCharge: koboToNaira(r.chargeKobo),
  dateMode: r.dateMode,
  leadDays: r.leadDays,
  cutoffHour: r.cutoffHour,
  dailyCapacity: r.dailyCapacity,
});

/** GET /api/deliveryrates, read by anyone: the spec's shape (docs/product.md §3), the area's scheduling stays the back office's. */
export const publicRate = ({ id, lga, deliveryCharge }: DeliveryRateView) => ({ id, lga, deliveryCharge });

/** The scheduling fields named in an input, as columns. */
const scheduleValues = (data: Partial<AreaSchedule>) => ({
  ...(data.dateMode !== undefined && { dateMode: data.dateMode }),
  ...(data.leadDays !== undefined && { leadDays: data.leadDays }),
  ...(data.cutoffHour !== undefined && { cutoffHour: data.cutoffHour }),
  ...(data.dailyCapacity !== undefined && { dailyCapacity: data.dailyCapacity }),
});

async function assertLgaFree(db: Db, lga: string, exceptId?: string) {
  const [row] = await db
    .select({ id: deliveryRates.id })
    .from(deliveryRates)
    .where(sql`lower(${deliveryRates.lga}) = lower(${lga})`);
  if (row && row.id !== exceptId)
    throw new AppError("conflict", "This LGA already has a delivery rate.", { fields: { lga: "This LGA already has a delivery rate" } });
}

const rateOrder: Record<(typeof deliveryRateSorts)[number], SQL[]> = {
  lga: [asc(deliveryRates.lga)],
  charge_asc: [asc(deliveryRates.chargeKobo), asc(deliveryRates.lga)],
  charge_desc: [desc(deliveryRates.chargeKobo), asc(deliveryRates.lga)],
};

/** /lga and GET /api/deliveryrates: searched by LGA name, created between two days, sorted, paged when asked. */
export async function searchDeliveryRates(
  db: Db,
  input: DeliveryRateListQuery = {},
): Promise<{ items: DeliveryRateView[]; total: number }> {
  const q = deliveryRateListQuery.parse(input);
  const where: SQL[] = [];
  if (q.q) where.push(sql`${deliveryRates.lga} ilike ${containing(q.q)}`);
  where.push(...withinDays(deliveryRates.createdAt, q.from, q.to));
  const cond = where.length ? and(...where) : undefined;
  const rows = db
    .select()
    .from(deliveryRates)
    .where(cond)
    .orderBy(...rateOrder[q.sort]);
  const [items, total] = await Promise.all([
    q.pageSize ? rows.limit(q.pageSize).offset((q.page - 1) * q.pageSize) : rows,
    db.$count(deliveryRates, cond),
  ]);
  return { items: items.map(toView), total };
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
    .values({ lga: data.lga, chargeKobo: nairaToKobo(data.deliveryCharge), ...scheduleValues(data) })
    .returning();
  return toView(row!);
}

/** Writes only the fields named. */
export async function updateDeliveryRate(db: Db, id: string, input: DeliveryRatePatch): Promise<DeliveryRateView> {
  const current = await getDeliveryRateAdmin(db, id);
  const data = deliveryRatePatch.parse(input);
  if (data.lga !== undefined) await assertLgaFree(db, data.lga, id);
  const values = {
    ...(data.lga !== undefined && { lga: data.lga }),
    ...(data.deliveryCharge !== undefined && { chargeKobo: nairaToKobo(data.deliveryCharge) }),
    ...scheduleValues(data),
  };
  if (!Object.keys(values).length) return current;
  const [row] = await db.update(deliveryRates).set(values).where(eq(deliveryRates.id, id)).returning();
  return toView(row!);
}

export async function deleteDeliveryRate(db: Db, id: string) {
  await getDeliveryRateAdmin(db, id);
  await db.delete(deliveryRates).where(eq(deliveryRates.id, id));
}
