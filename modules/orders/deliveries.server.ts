import { and, asc, count, eq, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchaseItems, purchases } from "../../db/schema";
import { longDay } from "../../lib/lagos-calendar";
import { koboToNaira } from "../../lib/money";
import { formatNigerianPhone } from "../../lib/phone";
import { leftToPayKobo, orderNumber, type PurchaseStatus } from "./statuses";

// 'Deliveries for <date>' and its printed run sheet (docs/product.md "Delivery on a chosen date"): the
// orders due on one Lagos day that the riders take out, grouped by delivery area.

/** Orders that go out: paid and on their way, and pay-on-delivery orders (placed, the rider collects). */
const OUTGOING: PurchaseStatus[] = ["completed", "processing", "shipped"];

/**
 * One delivery on the run sheet. A gift goes to its recipient: `name` and `phone` are hers, and
 * `gift` carries the card's message and who it is from (docs/product.md "Gift orders").
 */
export type RunSheetRow = {
  id: string;
  number: string;
  status: PurchaseStatus;
  /** the window she chose, as she read it ('9 am – 12 pm'); null: any time that day */
  window: string | null;
  /** who receives it: the buyer, or a gift's recipient */
  name: string;
  phone: string;
  /** a gift: the card's message and who sends it ('Anonymous' when she asked) */
  gift: { message: string | null; from: string } | null;
  address: string;
  note: string | null;
  items: { title: string; quantity: number; size: string | null; color: string | null }[];
  /** naira the rider collects (a pay-on-delivery order not paid yet); null: paid */
  collect: number | null;
  /** a pick-up nobody came for: when she was reminded to collect it; null: not yet */
  remindedAt: string | null;
  /** a pick-up ready to collect with a code: the team asks for it at the counter (not shown to them) */
  asksForCode: boolean;
};

export type RunSheetArea = { lga: string; rows: RunSheetRow[] };

/** The sheet's name for orders without a delivery area. */
export const NO_AREA = "No area";

export type RunSheet = { date: string; label: string; areas: RunSheetArea[]; total: number };

/** '9 am – 12 pm' → 9 (the labels windowLabel writes); no window sorts first. */
function windowStart(window: string | null): number {
  const m = window ? /^(\d{1,2}) (am|pm)/.exec(window) : null;
  if (!m) return -1;
  const h = Number(m[1]) % 12;
  return m[2] === "pm" ? h + 12 : h;
}

/** The orders due on `date` that the shop still sends: paid, or pay on delivery once placed (docs/product.md "Paying"). */
const dueOn = (date: string, giftsOnly: boolean) =>
  and(
    eq(purchases.deliveryDate, date),
    giftsOnly ? eq(purchases.isGift, true) : undefined,
    or(inArray(purchases.status, OUTGOING), and(eq(purchases.status, "pending"), eq(purchases.paymentMethod, "pod"))),
  );

/** Orders collected at the shop that are not collected yet: they have no date (docs/product.md "Pick-up"). */
const pickupWaiting = and(
  eq(purchases.deliveryMethod, "pickup"),
  or(inArray(purchases.status, OUTGOING), and(eq(purchases.status, "pending"), eq(purchases.paymentMethod, "pod"))),
);

/** The most pick-ups the back office lists at once, oldest first. */
export const PICKUPS_SHOWN = 100;

/** How many pick-ups are ready and wait on the shop's shelf for her (the owner's morning summary). */
export async function pickupsReady(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(purchases)
    .where(and(eq(purchases.deliveryMethod, "pickup"), eq(purchases.status, "shipped")));
  return row?.n ?? 0;
}

/** How many orders are due on `date` (the owner's morning summary). */
export async function deliveriesDue(db: Db, date: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(purchases).where(dueOn(date, false));
  return row?.n ?? 0;
}

/**
 * The orders due on `date` (a Lagos calendar date), by area, each area's by window then order time;
 * `giftsOnly`: only gift orders (the back office's 'Gifts due tomorrow').
 */
export async function deliveriesFor(db: Db, date: string, { giftsOnly = false } = {}): Promise<RunSheet> {
  const rows = await db.select().from(purchases).where(dueOn(date, giftsOnly)).orderBy(asc(purchases.lga), asc(purchases.createdAt));
  const areas = new Map<string, RunSheetRow[]>();
  for (const [i, row] of (await sheetRows(db, rows)).entries()) {
    const lga = rows[i]!.lga ?? NO_AREA;
    areas.set(lga, [...(areas.get(lga) ?? []), row]);
  }
  return {
    date,
    label: longDay(date),
    total: rows.length,
    areas: [...areas].map(([lga, list]) => ({
      lga,
      // a stable sort: orders of one window keep the order they were placed in
      rows: list.sort((a, b) => windowStart(a.window) - windowStart(b.window)),
    })),
  };
}

/**
 * The orders to be collected at the shop, oldest first (at most PICKUPS_SHOWN), and how many there
 * are: paid or to be paid when collected, being prepared, or ready (docs/product.md "Pick-up").
 */
export async function pickupsWaiting(db: Db): Promise<PickupsWaiting> {
  const [rows, counted] = await Promise.all([
    db.select().from(purchases).where(pickupWaiting).orderBy(asc(purchases.createdAt)).limit(PICKUPS_SHOWN),
    db
      .select({ status: purchases.status, paymentMethod: purchases.paymentMethod, n: count() })
      .from(purchases)
      .where(pickupWaiting)
      .groupBy(purchases.status, purchases.paymentMethod),
  ]);
  const total = (step?: AreaStep) => counted.filter((c) => !step || STEP_FROM[step](c)).reduce((sum, c) => sum + c.n, 0);
  return { rows: await sheetRows(db, rows), total: total(), toPack: total("prepare"), packed: total("send_out") };
}

/** The pick-ups waiting (the oldest PICKUPS_SHOWN), how many in all, and how many each step moves on. */
export type PickupsWaiting = { rows: RunSheetRow[]; total: number; toPack: number; packed: number };

/** The pick-ups a step moves on, oldest first: packed, or ready to collect from packed. */
export async function pickupsForStep(db: Db, step: AreaStep): Promise<string[]> {
  const rows = await db
    .select({ id: purchases.id, status: purchases.status, paymentMethod: purchases.paymentMethod })
    .from(purchases)
    .where(pickupWaiting)
    .orderBy(asc(purchases.createdAt));
  return rows.filter(STEP_FROM[step]).map((r) => r.id);
}

/** Each order as a line of the sheet, with its items (one query for them all). */
async function sheetRows(db: Db, rows: (typeof purchases.$inferSelect)[]): Promise<RunSheetRow[]> {
  const items = rows.length
    ? await db
        .select({
          purchaseId: purchaseItems.purchaseId,
          title: purchaseItems.title,
          quantity: purchaseItems.quantity,
          size: purchaseItems.size,
          color: purchaseItems.color,
        })
        .from(purchaseItems)
        .where(
          inArray(
            purchaseItems.purchaseId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(purchaseItems.title))
    : [];
  return rows.map((p) => ({
    id: p.id,
    number: orderNumber(p.id),
    status: p.status,
    window: p.deliveryWindow,
    name: p.isGift && p.recipientName ? p.recipientName : `${p.firstName} ${p.lastName}`.trim(),
    phone: formatNigerianPhone(p.isGift && p.recipientPhone ? p.recipientPhone : p.phone),
    gift: p.isGift ? { message: p.giftMessage, from: p.anonymousSender ? "Anonymous" : `${p.firstName} ${p.lastName}`.trim() } : null,
    address: p.address,
    note: p.orderNote,
    items: items.filter((i) => i.purchaseId === p.id).map(({ title, quantity, size, color }) => ({ title, quantity, size, color })),
    // what the rider collects: what is left after a part payment (docs/product.md "Part payments")
    collect: p.paymentMethod === "pod" && !p.paidAt ? koboToNaira(leftToPayKobo(p)) : null,
    remindedAt: p.collectRemindedAt?.toISOString() ?? null,
    asksForCode: !!p.collectionCode,
  }));
}

/**
 * The day's steps the run sheet takes for a whole area at once: packed ('Preparing'), then out with
 * a rider; for the pick-ups, packed, then ready to collect.
 */
export type AreaStep = "prepare" | "send_out";

/** The statuses each step moves on from (a pay-on-delivery order is packed from 'Placed'). */
const STEP_FROM: Record<AreaStep, (p: { status: PurchaseStatus; paymentMethod: string }) => boolean> = {
  prepare: (p) => p.status === "completed" || (p.status === "pending" && p.paymentMethod === "pod"),
  send_out: (p) => p.status === "processing",
};

/**
 * The orders due on `date` in one area (as the sheet names it, 'No area' too) that a step moves on.
 */
export async function ordersForStep(db: Db, date: string, lga: string, step: AreaStep): Promise<string[]> {
  const rows = await db
    .select({ id: purchases.id, status: purchases.status, paymentMethod: purchases.paymentMethod })
    .from(purchases)
    .where(and(dueOn(date, false), lga === NO_AREA ? isNull(purchases.lga) : eq(purchases.lga, lga)))
    .orderBy(asc(purchases.createdAt));
  return rows.filter(STEP_FROM[step]).map((r) => r.id);
}
