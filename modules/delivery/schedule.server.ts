import { and, asc, between, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client";
import { deliveryDays, deliveryRates, deliverySlots, deliveryWindows, purchases } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { addDays, isCalendarDate, lagosNow, shortDay } from "../../lib/lagos-calendar";
import { deliverySpeeds } from "./methods";
import type { DeliveryMethod } from "./types";
import {
  DATE_HORIZON_DAYS,
  capacityOn,
  cutoffSentence,
  dateChoices,
  dateNote,
  firstDateOffered,
  expressOnly,
  earliestDeliveryDate,
  unavailableReason,
  windowLabel,
  windowOpen,
  type AreaSchedule,
  type DateChoice,
  type DeliveryWindowRow,
  type MarkedDay,
} from "./schedule";

// Delivery on a chosen date (docs/product.md "Delivery on a chosen date", docs/decisions/0015-delivery-dates.md):
// what the picker offers an area, the check of a chosen date at checkout, and the day's counter an order
// holds a place on, taken like stock and given back like stock.

type AreaRow = AreaSchedule & { rateId: string; lga: string };

/** The area's scheduling, by name as the shopper's LGA matches (case-insensitive); null for an area without a rate. */
async function areaSchedule(q: Queryable, lga: string): Promise<AreaRow | null> {
  const [row] = await q
    .select({
      rateId: deliveryRates.id,
      lga: deliveryRates.lga,
      dateMode: deliveryRates.dateMode,
      leadDays: deliveryRates.leadDays,
      cutoffHour: deliveryRates.cutoffHour,
      dailyCapacity: deliveryRates.dailyCapacity,
    })
    .from(deliveryRates)
    .where(sql`lower(trim(${deliveryRates.lga})) = ${lga.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

const markedBetween = (q: Queryable, from: string, to: string): Promise<MarkedDay[]> =>
  q
    .select({
      day: deliveryDays.day,
      kind: deliveryDays.kind,
      note: deliveryDays.note,
      capacity: deliveryDays.capacity,
      feeKobo: deliveryDays.feeKobo,
    })
    .from(deliveryDays)
    .where(between(deliveryDays.day, from, to));

/** Each day's places taken; `ownDay`: the order being moved holds one that day, which is not counted against it. */
async function bookedBetween(
  q: Queryable,
  rateId: string,
  from: string,
  to: string,
  ownDay: string | null = null,
): Promise<Map<string, number>> {
  const rows = await q
    .select({ day: deliverySlots.day, booked: deliverySlots.booked })
    .from(deliverySlots)
    .where(and(eq(deliverySlots.rateId, rateId), between(deliverySlots.day, from, to)));
  return new Map(rows.map((r) => [r.day, r.day === ownDay ? r.booked - 1 : r.booked]));
}

export type WindowChoice = DeliveryWindowRow & { label: string };

/** The shop's time windows, earliest first. */
export async function listDeliveryWindows(q: Queryable): Promise<WindowChoice[]> {
  const rows = await q
    .select({
      id: deliveryWindows.id,
      startHour: deliveryWindows.startHour,
      endHour: deliveryWindows.endHour,
      surchargeKobo: deliveryWindows.surchargeKobo,
    })
    .from(deliveryWindows)
    .orderBy(asc(deliveryWindows.startHour), asc(deliveryWindows.endHour));
  return rows.map((w) => ({ ...w, label: windowLabel(w) }));
}

/** What the checkout's picker shows for an area: null when the area takes no dates. */
export type DeliveryPicker = {
  lga: string;
  mode: "optional" | "required";
  choices: DateChoice[];
  windows: WindowChoice[];
  /** 'Order by 2 pm (Lagos time) for next-day delivery.' */
  cutoff: string | null;
};

/**
 * The area's dates for a checkout. `shipsFrom`: the order holds a pre-order (docs/product.md
 * "Pre-orders"): the dates offered begin on the day it ships, and none is required. `ownDay`: an
 * order being moved holds its place that day (its own day is never full for it).
 */
export async function deliveryDatePicker(
  q: Queryable,
  lga: string | null | undefined,
  now: Date,
  shipsFrom: string | null = null,
  ownDay: string | null = null,
): Promise<DeliveryPicker | null> {
  if (!lga?.trim()) return null;
  const area = await areaSchedule(q, lga);
  if (!area || area.dateMode === "off") return null;
  const from = firstDateOffered(now, shipsFrom);
  const last = addDays(from, DATE_HORIZON_DAYS - 1);
  const [marked, booked, windows] = await Promise.all([
    markedBetween(q, from, last),
    bookedBetween(q, area.rateId, from, last, ownDay),
    listDeliveryWindows(q),
  ]);
  return {
    lga: area.lga,
    mode: shipsFrom ? "optional" : area.dateMode,
    choices: dateChoices({ schedule: area, now, marked, booked, from }),
    windows,
    cutoff: cutoffSentence(area),
  };
}

/** `date` is still one the area's lead time and cut-off let a shopper choose at `now` (a day past them is the riders' already). */
export async function dayStillOpen(q: Queryable, lga: string, date: string, now: Date): Promise<boolean> {
  const area = await areaSchedule(q, lga);
  return !area || date >= earliestDeliveryDate(area, now);
}

/** Why a delivery day before the order's pre-order ships cannot be had. */
export const beforeShipDay = (shipsFrom: string) =>
  `Your order holds a pre-order that ships from ${shortDay(shipsFrom)}. Please choose a delivery date from then, or leave it empty.`;

/** Each area that takes dates, by name, with what the cart says about them (dateNote); areas without dates are absent. */
export async function deliveryDateNotes(q: Queryable): Promise<Record<string, string>> {
  const rows = await q
    .select({
      lga: deliveryRates.lga,
      dateMode: deliveryRates.dateMode,
      leadDays: deliveryRates.leadDays,
      cutoffHour: deliveryRates.cutoffHour,
    })
    .from(deliveryRates)
    .where(ne(deliveryRates.dateMode, "off"));
  return Object.fromEntries(rows.map((r) => [r.lga, dateNote(r)]));
}

/** The date (and window) a checkout asked for, checked: what the order stores and prices, and the counter it takes a place on. */
export type ChosenSlot = {
  rateId: string;
  lga: string;
  date: string;
  window: string | null;
  windowSurchargeKobo: number;
  peakFeeKobo: number;
  capacity: number | null;
};

const invalid = (field: "deliveryDate" | "deliveryWindow", msg: string, fieldMsg = msg) =>
  new AppError("invalid", msg, { fields: { [field]: fieldMsg } });

const fullError = (date: string, lga: string) =>
  new AppError("conflict", `Sorry, ${shortDay(date)} is fully booked for ${lga}. Please choose another date.`, {
    fields: { deliveryDate: "Fully booked: choose another date" },
  });

/**
 * The checkout's date and window for the area `lga`, checked against `now` (Lagos): null when none
 * was asked for and none is needed. A date the area cannot meet, or Standard for a date only Express
 * reaches, is a 400 naming `deliveryDate` and saying why; a full one a 409. The counter is only
 * read here: holdDeliverySlot takes the place.
 */
export async function resolveDeliverySlot(
  q: Queryable,
  lga: string,
  choice: { deliveryDate?: string | null; deliveryWindow?: string | null; deliveryMethod: DeliveryMethod },
  now: Date,
  /** the order holds a pre-order shipping from this day: no date is required, none before it is taken */
  shipsFrom: string | null = null,
  /** an order being moved holds its place this day: not counted against it */
  ownDay: string | null = null,
): Promise<ChosenSlot | null> {
  const area = await areaSchedule(q, lga);
  const date = choice.deliveryDate || null;
  if (!area || area.dateMode === "off") {
    if (date || choice.deliveryWindow)
      throw invalid("deliveryDate", `We don't take delivery dates for ${lga} yet. Please leave the date empty.`, "No dates for this area");
    return null;
  }
  if (!date) {
    if (area.dateMode === "required" && !shipsFrom)
      throw invalid("deliveryDate", `Please choose a delivery date for ${area.lga}.`, "Choose a delivery date");
    if (choice.deliveryWindow) throw invalid("deliveryDate", "Please choose a date for your delivery window.", "Choose a date");
    return null;
  }
  const from = firstDateOffered(now, shipsFrom);
  if (isCalendarDate(date) && shipsFrom && date < shipsFrom && date >= lagosNow(now).date)
    throw invalid("deliveryDate", beforeShipDay(shipsFrom), "Before your order ships");
  if (!isCalendarDate(date) || date < from || date > addDays(from, DATE_HORIZON_DAYS - 1))
    throw invalid("deliveryDate", "Please choose one of the delivery dates offered.", "Choose one of the dates offered");
  const [[marked], booked] = await Promise.all([markedBetween(q, date, date), bookedBetween(q, area.rateId, date, date, ownDay)]);
  const reason = unavailableReason(area, date, now, marked, booked.get(date) ?? 0);
  if (reason === "full") throw fullError(date, area.lga);
  if (reason) {
    const [picked] = dateChoices({ schedule: area, now, marked: marked ? [marked] : [], booked, days: 1, from: date });
    const why = picked?.why ?? "Not available";
    throw invalid("deliveryDate", `We can't deliver on ${shortDay(date)}: ${why.toLowerCase()}. Please choose another date.`, why);
  }
  if (choice.deliveryMethod === "standard" && expressOnly(date, now)) throw await standardTooSoon(q, area, date, now, from, ownDay);
  let window: WindowChoice | null = null;
  if (choice.deliveryWindow) {
    window = (await listDeliveryWindows(q)).find((w) => w.id === choice.deliveryWindow) ?? null;
    if (!window) throw invalid("deliveryWindow", "Please choose one of the delivery windows offered.", "Choose one of the windows offered");
    if (!windowOpen(window, date, now))
      throw invalid(
        "deliveryWindow",
        `The ${window.label} window has begun for today. Please choose a later one.`,
        "This window has begun",
      );
  }
  return {
    rateId: area.rateId,
    lga: area.lga,
    date,
    window: window?.label ?? null,
    windowSurchargeKobo: window?.surchargeKobo ?? 0,
    peakFeeKobo: marked?.kind === "peak" ? marked.feeKobo : 0,
    capacity: capacityOn(area, marked),
  };
}

/** The 400 for Standard on a date only Express reaches, naming the first date Standard can have. */
async function standardTooSoon(
  q: Queryable,
  area: AreaRow,
  date: string,
  now: Date,
  from: string,
  ownDay: string | null,
): Promise<AppError> {
  const last = addDays(from, DATE_HORIZON_DAYS - 1);
  const [marked, booked] = await Promise.all([markedBetween(q, from, last), bookedBetween(q, area.rateId, from, last, ownDay)]);
  const first = dateChoices({ schedule: area, now, marked, booked, from }).find((c) => c.available && !c.expressOnly);
  return invalid(
    "deliveryDate",
    `Standard delivery takes ${deliverySpeeds.standard.days}, so it can't reach you on ${shortDay(date)}. Choose Express for that date, or ${
      first ? `a date from ${shortDay(first.date)}` : "another date"
    }.`,
    "Express only: choose Express or a later date",
  );
}

/**
 * Takes one place on the area's counter for the day, or answers the 409: the row is made if it is
 * the day's first, then raised by a conditional update (booked < capacity), which waits for any
 * other checkout holding the row and reads its result, so no number at once passes the capacity.
 * Runs inside the order's transaction, after the stock (the lock order of docs/decisions/0015).
 */
export async function holdDeliverySlot(tx: Tx, slot: ChosenSlot): Promise<string> {
  const id = await raiseCounter(tx, slot.rateId, slot.date, slot.capacity);
  if (!id) throw fullError(slot.date, slot.lga);
  return id;
}

async function raiseCounter(tx: Tx, rateId: string, day: string, capacity: number | null): Promise<string | null> {
  await tx.insert(deliverySlots).values({ rateId, day }).onConflictDoNothing();
  const [row] = await tx
    .update(deliverySlots)
    .set({ booked: sql`${deliverySlots.booked} + 1` })
    .where(
      and(
        eq(deliverySlots.rateId, rateId),
        eq(deliverySlots.day, day),
        capacity === null ? undefined : sql`${deliverySlots.booked} < ${capacity}`,
      ),
    )
    .returning({ id: deliverySlots.id });
  return row?.id ?? null;
}

/**
 * Moves an order's place from the counter it holds (`held`; null: none) to the day `slot` asks
 * (null: no day), returning the new counter's id. Both counters are locked first, in one order (by
 * id), so two moves crossing each other's days wait for each other instead of deadlocking; the old
 * place is given back before the new one is taken under its capacity (the 409 when full).
 */
export async function moveDeliverySlot(tx: Tx, held: string | null, slot: ChosenSlot | null): Promise<string | null> {
  if (slot) await tx.insert(deliverySlots).values({ rateId: slot.rateId, day: slot.date }).onConflictDoNothing();
  const wanted = slot ? and(eq(deliverySlots.rateId, slot.rateId), eq(deliverySlots.day, slot.date)) : undefined;
  await tx
    .select({ id: deliverySlots.id })
    .from(deliverySlots)
    .where(or(held ? eq(deliverySlots.id, held) : undefined, wanted) ?? sql`false`)
    .orderBy(asc(deliverySlots.id))
    .for("update");
  if (held)
    await tx
      .update(deliverySlots)
      .set({ booked: sql`${deliverySlots.booked} - 1` })
      .where(eq(deliverySlots.id, held));
  return slot ? holdDeliverySlot(tx, slot) : null;
}

/** Gives back the places the given orders hold (every cancel, and deleting an order that holds one), in one statement. */
export async function releaseDeliverySlots(tx: Tx, purchaseIds: string[]) {
  if (!purchaseIds.length) return;
  await tx.execute(sql`
    update ${deliverySlots} set booked = ${deliverySlots.booked} - c.n
    from (select ${purchases.deliverySlotId} as slot_id, count(*)::int as n
          from ${purchases}
          where ${inArray(purchases.id, purchaseIds)} and ${isNotNull(purchases.deliverySlotId)}
          group by ${purchases.deliverySlotId}) c
    where ${deliverySlots.id} = c.slot_id`);
}

/**
 * A cancelled order revived by a late payment takes its place again, if the day still has room
 * under today's capacity (the area's, or the peak day's); false when it is full.
 */
export async function retakeDeliverySlot(tx: Tx, slotId: string | null): Promise<boolean> {
  if (!slotId) return true;
  const [slot] = await tx
    .select({
      rateId: deliverySlots.rateId,
      day: deliverySlots.day,
      dailyCapacity: deliveryRates.dailyCapacity,
    })
    .from(deliverySlots)
    .innerJoin(deliveryRates, eq(deliveryRates.id, deliverySlots.rateId))
    .where(eq(deliverySlots.id, slotId));
  if (!slot) return true;
  const [marked] = await markedBetween(tx, slot.day, slot.day);
  return (await raiseCounter(tx, slot.rateId, slot.day, capacityOn(slot, marked))) !== null;
}
