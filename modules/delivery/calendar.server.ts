import { asc, eq, gte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deliveryDays, deliveryWindows } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { longDay, lagosNow } from "../../lib/lagos-calendar";
import { koboToNaira, nairaToKobo } from "../../lib/money";
import { deliveryWindowInput, markedDayInput, type DeliveryWindowInput, type MarkedDayInput } from "./calendar-schemas";
import { listDeliveryWindows } from "./schedule.server";

// The back office's delivery calendar (/deliverycalendar): blackout and peak days, time windows.

export type MarkedDayView = { day: string; label: string; kind: "blackout" | "peak"; note: string; capacity: number | null; fee: number };
export type DeliveryWindowView = { id: string; startHour: number; endHour: number; label: string; surcharge: number };

/** Marked days from today (Lagos) on, soonest first. */
export async function listMarkedDays(db: Db, now = new Date()): Promise<MarkedDayView[]> {
  const rows = await db
    .select()
    .from(deliveryDays)
    .where(gte(deliveryDays.day, lagosNow(now).date))
    .orderBy(asc(deliveryDays.day));
  return rows.map((r) => ({
    day: r.day,
    label: longDay(r.day),
    kind: r.kind,
    note: r.note,
    capacity: r.capacity,
    fee: koboToNaira(r.feeKobo),
  }));
}

/** Marks a day (or marks it again, replacing what it said): a blackout has no capacity or fee. */
export async function markDay(db: Db, input: MarkedDayInput) {
  const d = markedDayInput.parse(input);
  const peak = d.kind === "peak";
  const values = {
    kind: d.kind,
    note: d.note,
    capacity: peak ? d.capacity : null,
    feeKobo: peak ? nairaToKobo(d.fee) : 0,
  };
  await db
    .insert(deliveryDays)
    .values({ day: d.day!, ...values })
    .onConflictDoUpdate({ target: deliveryDays.day, set: { ...values, updatedAt: new Date() } });
}

export async function unmarkDay(db: Db, day: string) {
  const gone = await db.delete(deliveryDays).where(eq(deliveryDays.day, day)).returning({ day: deliveryDays.day });
  if (!gone.length) throw AppError.notFound("Marked day");
}

export async function listWindowsAdmin(db: Db): Promise<DeliveryWindowView[]> {
  return (await listDeliveryWindows(db)).map((w) => ({
    id: w.id,
    startHour: w.startHour,
    endHour: w.endHour,
    label: w.label,
    surcharge: koboToNaira(w.surchargeKobo),
  }));
}

export async function createDeliveryWindow(db: Db, input: DeliveryWindowInput) {
  const w = deliveryWindowInput.parse(input);
  const [row] = await db
    .insert(deliveryWindows)
    .values({ startHour: w.startHour, endHour: w.endHour, surchargeKobo: nairaToKobo(w.surcharge) })
    .onConflictDoNothing()
    .returning({ id: deliveryWindows.id });
  if (!row) throw new AppError("conflict", "This window exists already.", { fields: { startHour: "This window exists already" } });
  return row;
}

/** Orders keep the window they chose (as text), so a window can go at any time. */
export async function deleteDeliveryWindow(db: Db, id: string) {
  const gone = await db.delete(deliveryWindows).where(eq(deliveryWindows.id, id)).returning({ id: deliveryWindows.id });
  if (!gone.length) throw AppError.notFound("Delivery window");
}
