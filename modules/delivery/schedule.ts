import { addDays, daysBetween, hourLabel, lagosNow, shortDay } from "../../lib/lagos-calendar";
import { STANDARD_MIN_DAYS } from "./methods";

// Which delivery dates an area can meet (docs/product.md "Delivery on a chosen date"): pure, from an
// injected `now`, so the checkout's picker, the order and the tests agree. Safe for the browser.

export const deliveryDateModes = ["off", "optional", "required"] as const;
export type DeliveryDateMode = (typeof deliveryDateModes)[number];

/** How many days the picker offers, from today (or from a pre-order's ship day). */
export const DATE_HORIZON_DAYS = 14;

/** Whether only Express can reach `date` for an order placed at `now`. */
export const expressOnly = (date: string, now: Date) => daysBetween(lagosNow(now).date, date) < STANDARD_MIN_DAYS;

/** An area's scheduling settings (the delivery rate's row). */
export type AreaSchedule = {
  dateMode: DeliveryDateMode;
  leadDays: number;
  /** Lagos hour (1–23) from which an order counts as placed the next day; null: no cut-off */
  cutoffHour: number | null;
  /** orders delivered per day at most; null: no limit */
  dailyCapacity: number | null;
};

/** A day the owner marked, shop-wide. */
export type MarkedDay = { day: string; kind: "blackout" | "peak"; note: string; capacity: number | null; feeKobo: number };

export type DeliveryWindowRow = { id: string; startHour: number; endHour: number; surchargeKobo: number };

export type UnavailableReason = "lead_time" | "cut_off" | "blackout" | "full";

export type DateChoice = {
  date: string;
  /** Fri 14 Feb */
  label: string;
  available: boolean;
  reason: UnavailableReason | null;
  /** the reason as the picker shows it under a greyed-out date */
  why: string | null;
  /** a peak day's name and fee (0 otherwise) */
  peak: string | null;
  feeKobo: number;
  /** the day's capacity for the area (null: no limit) */
  capacity: number | null;
  /** sooner than Standard's 3 days: only Express can be booked for it */
  expressOnly: boolean;
};

export const windowLabel = (w: Pick<DeliveryWindowRow, "startHour" | "endHour">) => `${hourLabel(w.startHour)} – ${hourLabel(w.endHour)}`;

/** 'Order by 2 pm (Lagos time) for next-day delivery with Express.', or null without a cut-off. */
export function cutoffSentence(s: Pick<AreaSchedule, "leadDays" | "cutoffHour">): string | null {
  if (s.cutoffHour === null) return null;
  const when = s.leadDays === 0 ? "same-day" : s.leadDays === 1 ? "next-day" : `delivery in ${s.leadDays} days`;
  const speed = s.leadDays < STANDARD_MIN_DAYS ? " with Express" : "";
  return `Order by ${hourLabel(s.cutoffHour)} (Lagos time) for ${when}${s.leadDays > 1 ? "" : " delivery"}${speed}.`;
}

/** What the cart says under an area that takes dates, before she reaches the checkout's picker. */
export function dateNote(s: Pick<AreaSchedule, "dateMode" | "leadDays" | "cutoffHour">): string {
  const choose = s.dateMode === "required" ? "Choose your delivery day at checkout." : "You can choose your delivery day at checkout.";
  const cutoff = cutoffSentence(s);
  return cutoff ? `${choose} ${cutoff}` : choose;
}

/**
 * The earliest date an order placed at `now` can be delivered: `leadDays` Lagos days after
 * today, one more once today's cut-off hour has struck.
 */
export function earliestDeliveryDate(s: Pick<AreaSchedule, "leadDays" | "cutoffHour">, now: Date): string {
  const { date, hour } = lagosNow(now);
  const late = s.cutoffHour !== null && hour >= s.cutoffHour;
  return addDays(date, s.leadDays + (late ? 1 : 0));
}

/** The capacity of `date` for an area: a peak day's own, else the area's (null: no limit). */
export const capacityOn = (s: Pick<AreaSchedule, "dailyCapacity">, marked: MarkedDay | undefined): number | null =>
  marked?.kind === "peak" && marked.capacity !== null ? marked.capacity : s.dailyCapacity;

/** Why `date` cannot be delivered for an order placed at `now`, or null when it can. Blackout first, then notice, then room. */
export function unavailableReason(
  s: AreaSchedule,
  date: string,
  now: Date,
  marked: MarkedDay | undefined,
  booked: number,
): UnavailableReason | null {
  if (marked?.kind === "blackout") return "blackout";
  const today = lagosNow(now).date;
  if (daysBetween(today, date) < s.leadDays) return "lead_time";
  if (date < earliestDeliveryDate(s, now)) return "cut_off";
  const capacity = capacityOn(s, marked);
  if (capacity !== null && booked >= capacity) return "full";
  return null;
}

function whyNot(reason: UnavailableReason, s: AreaSchedule, marked: MarkedDay | undefined): string {
  switch (reason) {
    case "blackout":
      return marked?.note || "No deliveries";
    case "lead_time":
      return s.leadDays === 1 ? "Needs a day's notice" : `Needs ${s.leadDays} days' notice`;
    case "cut_off":
      return `Cut-off ${hourLabel(s.cutoffHour ?? 0)} passed`;
    case "full":
      return "Fully booked";
  }
}

/** The first day the picker shows: today, or the day a pre-order ships from when that is later. */
export const firstDateOffered = (now: Date, shipsFrom: string | null = null) => {
  const today = lagosNow(now).date;
  return shipsFrom && shipsFrom > today ? shipsFrom : today;
};

/** The dates the picker shows, from `from` (today unless given), each available or greyed out with its reason. */
export function dateChoices({
  schedule,
  now,
  marked,
  booked,
  days = DATE_HORIZON_DAYS,
  from = lagosNow(now).date,
}: {
  schedule: AreaSchedule;
  now: Date;
  marked: MarkedDay[];
  /** orders already holding each date */
  booked: Map<string, number>;
  days?: number;
  from?: string;
}): DateChoice[] {
  const byDay = new Map(marked.map((m) => [m.day, m]));
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(from, i);
    const day = byDay.get(date);
    const reason = unavailableReason(schedule, date, now, day, booked.get(date) ?? 0);
    const peak = day?.kind === "peak" ? day : null;
    return {
      date,
      label: shortDay(date),
      available: reason === null,
      reason,
      why: reason ? whyNot(reason, schedule, day) : null,
      peak: peak ? peak.note || "Peak day" : null,
      feeKobo: peak?.feeKobo ?? 0,
      capacity: capacityOn(schedule, day),
      expressOnly: expressOnly(date, now),
    };
  });
}

/** A window can be chosen for `date` unless it is today and the window has begun (Lagos hour). */
export function windowOpen(w: Pick<DeliveryWindowRow, "startHour">, date: string, now: Date): boolean {
  const { date: today, hour } = lagosNow(now);
  return date !== today || w.startHour > hour;
}
