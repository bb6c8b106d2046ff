import { and, asc, count, eq, inArray, isNotNull, lte, or, sql, sum } from "drizzle-orm";
import type { Db } from "../../db/client";
import { morningSummaries, products, purchaseItems, purchases } from "../../db/schema";
import { withinDays } from "../../lib/day-range";
import type { Env } from "../../lib/env.server";
import { addDays, lagosDayTime, lagosNow, longDay, shortDay } from "../../lib/lagos-calendar";
import type { Logger } from "../../lib/logger.server";
import { formatNairaAmount, koboToNaira } from "../../lib/money";
import { publicOrigin } from "../../lib/public-origin";
import { repeatJob } from "../../lib/repeat";
import { ownerWhatsApp } from "../whatsapp/order-messages";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { hourWords, type Settings } from "../settings/schemas";
import { deliveriesDue, pickupsReady } from "../orders/deliveries.server";
import { paidOrder } from "../orders/paid-orders.server";
import { partPaidOrders, partsReceivedOn } from "../orders/part-payments.server";
import { transfersToCheck } from "../orders/transfer-sent.server";
import { moneyToGiveBack } from "../orders/give-back.server";
import { unpaidCheckoutsOn } from "../orders/unpaid-checkouts.server";
import { productChangeWords } from "../catalog/product-change-words";
import { priceAndStockChangesOn } from "../catalog/product-history.server";
import { agreedPricesOn, type AgreedPrices } from "./agreed-prices.server";
import type { RecentProductChange } from "../catalog/types";
import { waitingByProduct } from "../marketing/back-in-stock.server";
import { unreadMessageCount } from "../marketing/messages.server";
import { toTellCount } from "../marketing/back-in-stock-by-hand.server";
import { giftDaysComing } from "../marketing/gift-days.server";
import { withWishCounts } from "../wish-lists/service.server";

// docs/product.md "Owner alerts": every morning from 7 (Lagos), one mail to the shop's contact email
// with yesterday's paid orders, the orders waiting to be prepared, what is low or sold out (and how
// many shoppers wait for it, and whose wish lists hold it), the messages not read yet and the prices and stock the team changed by hand yesterday. On by
// default; the owner turns it off in /settings.

/** At most this many low-stock products and changes are listed; the mail says how many more there are. */
const LISTED = 10;

export type MorningSummary = {
  /** the Lagos day it reports (yesterday), YYYY-MM-DD */
  day: string;
  paid: { orders: number; kobo: number };
  /** online checkouts started that day and not paid (the shop may follow them up) */
  unpaid: { count: number; kobo: number };
  toPrepare: number;
  /** orders whose chosen delivery date is today (the day after `day`) */
  dueToday: number;
  /** pick-ups ready on the shelf, not collected yet (docs/product.md "Pick-up") */
  readyToCollect: number;
  /** `waiting`: shoppers asking to be told it is back; `wished`: shoppers' wish lists holding it */
  lowStock: { id: string; title: string; stock: number; waiting: number; wished: number }[];
  lowStockMore: number;
  changes: RecentProductChange[];
  /** prices the team agreed in the chats below the listed ones, in orders placed that day (docs/product.md "Manual orders") */
  agreed: AgreedPrices;
  /** what shoppers wrote that no one of the team has marked read yet */
  unreadMessages: number;
  /** shoppers the team is to tell by hand on WhatsApp that a product is back */
  toTell: number;
  /** orders part paid and waiting for the rest, and the parts received that day (docs/product.md "Part payments") */
  partPaid: { orders: number; leftKobo: number; overdue: number };
  /** payments not applied to their orders, waiting to be given back (docs/product.md "Paying", "Part payments") */
  toGiveBack: { payments: number; kobo: number };
  partsReceived: { count: number; kobo: number };
  /**
   * of the orders to prepare, those holding a pre-order line, the next day one ships from, and those
   * whose delivery day now comes before it ships (docs/product.md "Pre-orders", "Moving a delivery day")
   */
  preorders: { orders: number; next: string | null; dayToMove: number };
  /** unpaid orders whose transfer the customer says she sent, for the team to find in the account (docs/product.md "Paying") */
  transfersTold: number;
  /** gifts whose day comes round in the week from today, their buyers reminded; of them, those who ordered again (docs/product.md "Gift orders") */
  giftDays: { days: number; orderedAgain: number };
};

/** How far ahead the summary looks for gift days. */
const GIFT_DAYS_WEEK = 7;

/** Paid and not yet on its way, or paid on delivery and not yet sent out. */
const toPrepare = () =>
  or(inArray(purchases.status, ["completed", "processing"]), and(eq(purchases.paymentMethod, "pod"), eq(purchases.status, "pending")));

/**
 * Of the orders to prepare, those holding a pre-order line (docs/product.md "Pre-orders"), the next
 * day one of them ships from, from `today` on (null: every such day has come), and those whose
 * delivery day comes before a line of theirs ships (the day moved after she chose hers).
 */
async function preordersToPrepare(db: Db, today: string): Promise<MorningSummary["preorders"]> {
  // the join's columns, unqualified in a select list, are purchase_items' own names
  const [row] = await db
    .select({
      orders: sql<number>`count(distinct ${purchaseItems.purchaseId})`.mapWith(Number),
      next: sql<string | null>`(min(${purchaseItems.shipsFrom}) filter (where ${purchaseItems.shipsFrom} >= ${today}))::text`,
      dayToMove:
        sql<number>`count(distinct ${purchaseItems.purchaseId}) filter (where ${purchases.deliveryDate} < ${purchaseItems.shipsFrom})`.mapWith(
          Number,
        ),
    })
    .from(purchaseItems)
    .innerJoin(purchases, eq(purchases.id, purchaseItems.purchaseId))
    .where(and(toPrepare(), isNotNull(purchaseItems.shipsFrom)));
  return { orders: row?.orders ?? 0, next: row?.next ?? null, dayToMove: row?.dayToMove ?? 0 };
}

/** What the summary of `day` says, read now: its paid orders, and today's work (orders to prepare, stock). */
export async function morningSummary(db: Db, day: string, lowStockThreshold: number): Promise<MorningSummary> {
  const low = and(isNotNull(products.stock), lte(products.stock, lowStockThreshold));
  const [
    [paid],
    [prepare],
    lowRows,
    [lowCount],
    changes,
    agreed,
    dueToday,
    readyToCollect,
    unpaid,
    unreadMessages,
    toTell,
    partPaid,
    partsReceived,
    toGiveBack,
    preorders,
    giftDays,
    transfersTold,
  ] = await Promise.all([
    db
      .select({ orders: count(), kobo: sum(purchases.totalKobo).mapWith(Number) })
      .from(purchases)
      .where(and(paidOrder(), ...withinDays(purchases.paidAt, day, day))),
    db.select({ n: count() }).from(purchases).where(toPrepare()),
    db
      .select({ id: products.id, title: products.title, stock: products.stock })
      .from(products)
      .where(low)
      .orderBy(asc(products.stock), asc(products.title))
      .limit(LISTED),
    db.select({ n: count() }).from(products).where(low),
    priceAndStockChangesOn(db, day, LISTED),
    agreedPricesOn(db, day, LISTED),
    deliveriesDue(db, addDays(day, 1)),
    pickupsReady(db),
    unpaidCheckoutsOn(db, day),
    unreadMessageCount(db),
    toTellCount(db),
    partPaidOrders(db, addDays(day, 1)),
    partsReceivedOn(db, day),
    moneyToGiveBack(db),
    preordersToPrepare(db, addDays(day, 1)),
    giftDaysComing(db, addDays(day, 1), GIFT_DAYS_WEEK),
    transfersToCheck(db),
  ]);
  const waiting = await waitingByProduct(
    db,
    lowRows.map((p) => p.id),
  );
  return {
    day,
    paid: { orders: paid?.orders ?? 0, kobo: paid?.kobo ?? 0 },
    unpaid,
    toPrepare: prepare?.n ?? 0,
    dueToday,
    readyToCollect,
    lowStock: (await withWishCounts(db, lowRows)).map((p) => ({ ...p, stock: p.stock ?? 0, waiting: waiting.get(p.id) ?? 0 })),
    lowStockMore: Math.max(0, (lowCount?.n ?? 0) - lowRows.length),
    changes,
    agreed,
    unreadMessages,
    toTell,
    partPaid,
    partsReceived,
    toGiveBack: { payments: toGiveBack.payments, kobo: toGiveBack.kobo },
    preorders,
    giftDays,
    transfersTold,
  };
}

/** "1 customer says she sent a transfer not recorded yet" */
const transfersToldWords = (n: number) =>
  n === 1 ? "1 customer says she sent a transfer not recorded yet" : `${n} customers say they sent a transfer not recorded yet`;

const orders = (n: number) => (n === 1 ? "1 order" : `${n} orders`);
const shoppers = (n: number) => (n === 1 ? "1 shopper waits for it" : `${n} shoppers wait for it`);
/** docs/product.md "Wish lists": how many shoppers would love it. */
const wishLists = (n: number) => (n === 1 ? "on 1 wish list" : `on ${n} wish lists`);
const paidWords = ({ paid }: MorningSummary) =>
  paid.orders ? `${orders(paid.orders)} paid, ${formatNairaAmount(koboToNaira(paid.kobo))}` : "no paid orders";
const unpaidWords = ({ unpaid }: MorningSummary) =>
  `${unpaid.count === 1 ? "1 checkout" : `${unpaid.count} checkouts`} not paid (${formatNairaAmount(koboToNaira(unpaid.kobo))})`;
const messages = (n: number) => (n === 1 ? "1 message" : `${n} messages`);
const toTellWords = (n: number) => (n === 1 ? "1 shopper to tell" : `${n} shoppers to tell`);
/** docs/product.md "Pick-up": the orders on the shelf that their customers have not collected yet. */
const readyWords = (n: number) => `${orders(n)} ready and waiting to be collected at the shop`;
/** docs/product.md "Part payments": the parts received that day. */
const partsWords = (p: MorningSummary["partsReceived"]) =>
  `${p.count === 1 ? "1 part payment" : `${p.count} part payments`} (${formatNairaAmount(koboToNaira(p.kobo))})`;
/** docs/product.md "Part payments": the orders paid in part, and what is still to come. */
const partPaidWords = (p: MorningSummary["partPaid"]) =>
  `${orders(p.orders)} part paid, ${formatNairaAmount(koboToNaira(p.leftKobo))} still to come`;
/** docs/product.md "Paying", "Part payments": money the shop holds for no order. */
const giveBackWords = (g: MorningSummary["toGiveBack"]) =>
  `${g.payments === 1 ? "1 payment" : `${g.payments} payments`} not applied to an order to give back (${formatNairaAmount(koboToNaira(g.kobo))})`;
/** docs/product.md "Pre-orders": of the orders to prepare, those to send when their stock comes in. */
const preorderWords = (p: MorningSummary["preorders"], today: string) =>
  `${p.orders === 1 ? "1 of them holds" : `${p.orders} of them hold`} a pre-order${
    !p.next ? " whose day has come" : p.next === today ? ", the next ships from today" : `, the next ships from ${shortDay(p.next)}`
  }${p.dayToMove ? `; ${p.dayToMove === 1 ? "1 has its" : `${p.dayToMove} have their`} delivery day before it ships, to agree again` : ""}`;
/** docs/product.md "Gift orders": last year's gifts whose day comes round this week, for the shop to reach out. */
const giftDayWords = (g: MorningSummary["giftDays"]) =>
  `${g.days === 1 ? "1 gift day comes" : `${g.days} gift days come`} round in the next ${GIFT_DAYS_WEEK} days${
    g.orderedAgain ? ` (${g.orderedAgain === 1 ? "1 buyer has" : `${g.orderedAgain} buyers have`} ordered again)` : ""
  }`;
const stockWords = (stock: number) => (stock === 0 ? "sold out" : `${stock} left`);

/** Yesterday's prices agreed below the listed ones, when there were any: the gap, then each line with who recorded it. */
function agreedWords(a: AgreedPrices, origin: string): string[] {
  if (!a.orders) return [];
  const naira = (kobo: number) => formatNairaAmount(koboToNaira(kobo));
  return [
    "",
    `Prices agreed in chats below the listed ones yesterday: ${orders(a.orders)}, ${naira(a.belowKobo)} under.`,
    ...a.lines.map(
      (l) =>
        `- ${l.title} × ${l.quantity} at ${naira(l.agreedKobo)} each (listed ${naira(l.listedKobo)}), recorded by ${l.by ?? "no name recorded"}: ${origin}/viewpurchase/${l.purchaseId}`,
    ),
    ...(a.more ? [`- and ${a.more} more`] : []),
  ];
}

/** The mail's subject and text. */
export function summaryMail(
  s: MorningSummary,
  shop: Pick<Settings, "shopName" | "lowStockThreshold" | "morningSummaryHour">,
  origin: string,
) {
  const { shopName, lowStockThreshold: threshold } = shop;
  const paid = paidWords(s);
  const lines = [
    "Good morning,",
    "",
    `Yesterday, ${longDay(s.day)}, ${shopName} had ${paid}.`,
    ...(s.partsReceived.count ? [`${partsWords(s.partsReceived)} also came in towards orders not paid in full yet.`] : []),
    ...(s.unpaid.count ? [`${unpaidWords(s)}, to follow up: ${origin}/unpaidcheckouts?from=${s.day}&to=${s.day}`] : []),
    ...(s.transfersTold
      ? [`${transfersToldWords(s.transfersTold)}, to find in the account: ${origin}/purchasetable?payment=transfer_sent`]
      : []),
    s.toPrepare
      ? `${orders(s.toPrepare)} to prepare (paid, or paid on delivery, and not yet on the way): ${origin}/purchasetable`
      : "No order is waiting to be prepared.",
    ...(s.preorders.orders ? [`${preorderWords(s.preorders, addDays(s.day, 1))}: ${origin}/purchasetable?preorder=1`] : []),
    ...(s.dueToday ? [`${orders(s.dueToday)} booked for delivery today: ${origin}/deliveries?date=${addDays(s.day, 1)}`] : []),
    ...(s.readyToCollect ? [`${readyWords(s.readyToCollect)}: ${origin}/deliveries`] : []),
    ...(s.partPaid.orders ? [`${partPaidWords(s.partPaid)}: ${origin}/purchasetable?payment=part`] : []),
    // those past the day agreed for the rest, to chase: their own list
    ...(s.partPaid.overdue
      ? [
          `${s.partPaid.overdue === 1 ? "1 of them is" : `${s.partPaid.overdue} of them are`} past the day agreed for the rest: ${origin}/purchasetable?payment=rest_overdue`,
        ]
      : []),
    ...(s.toGiveBack.payments ? [`${giveBackWords(s.toGiveBack)}: ${origin}/purchasetable?payment=give_back`] : []),
    ...(s.unreadMessages ? [`${messages(s.unreadMessages)} from shoppers not read yet: ${origin}/messages`] : []),
    ...(s.toTell ? [`${toTellWords(s.toTell)} on WhatsApp that a product is back: ${origin}/messages`] : []),
    ...(s.giftDays.days ? [`${giftDayWords(s.giftDays)}: ${origin}/giftdays?to=${addDays(s.day, 1 + GIFT_DAYS_WEEK)}`] : []),
    "",
    s.lowStock.length ? `Low stock (${threshold} or fewer left):` : `No product is at ${threshold} or fewer.`,
    ...s.lowStock.map(
      (p) =>
        `- ${p.title}: ${stockWords(p.stock)}${p.waiting ? `, ${shoppers(p.waiting)}` : ""}${p.wished ? `, ${wishLists(p.wished)}` : ""}`,
    ),
    ...(s.lowStockMore ? [`- and ${s.lowStockMore} more: ${origin}/producttable`] : []),
    "",
    s.changes.length ? "Prices and stock changed by hand yesterday:" : "No price or stock was changed by hand yesterday.",
    ...s.changes.map(
      (c) => `- ${lagosDayTime(new Date(c.at), "short")}, ${c.by ?? "no name recorded"}, ${c.product.title}: ${productChangeWords(c)}`,
    ),
    ...agreedWords(s.agreed, origin),
    "",
    `This summary comes every morning from ${hourWords(shop.morningSummaryHour)}. Change the hour or turn it off in Settings: ${origin}/settings`,
  ];
  return { subject: `Yesterday at ${shopName}: ${paid}`, text: lines.join("\n") };
}

/** The summary in the six short parameters of the `morning_summary` WhatsApp template (no line breaks: lists become one line). */
export function summaryWhatsAppParams(s: MorningSummary, shopName: string, origin: string): string[] {
  const low = s.lowStock.map(
    (p) => `${p.title} (${stockWords(p.stock)}${p.waiting ? `, ${p.waiting} waiting` : ""}${p.wished ? `, ${p.wished} wished` : ""})`,
  );
  const changes = s.changes.length;
  return [
    shopName,
    [
      paidWords(s),
      ...(s.partsReceived.count ? [`${partsWords(s.partsReceived)} towards orders not paid in full`] : []),
      ...(s.unpaid.count ? [unpaidWords(s)] : []),
    ].join("; "),
    [
      s.toPrepare ? orders(s.toPrepare) : "none",
      ...(s.transfersTold ? [transfersToldWords(s.transfersTold)] : []),
      ...(s.preorders.orders ? [preorderWords(s.preorders, addDays(s.day, 1))] : []),
      ...(s.dueToday ? [`${orders(s.dueToday)} booked for delivery today`] : []),
      ...(s.readyToCollect ? [readyWords(s.readyToCollect)] : []),
      ...(s.partPaid.orders
        ? [`${partPaidWords(s.partPaid)}${s.partPaid.overdue ? ` (${s.partPaid.overdue} past the day agreed for the rest)` : ""}`]
        : []),
      ...(s.toGiveBack.payments ? [giveBackWords(s.toGiveBack)] : []),
      ...(s.unreadMessages ? [`${messages(s.unreadMessages)} to answer`] : []),
      ...(s.toTell ? [`${toTellWords(s.toTell)} that a product is back`] : []),
      ...(s.giftDays.days ? [giftDayWords(s.giftDays)] : []),
    ].join("; "),
    low.length ? `${low.join(", ")}${s.lowStockMore ? ` and ${s.lowStockMore} more` : ""}` : "none",
    changes
      ? `${changes === 1 ? "1 save" : `${changes}${changes === LISTED ? " or more" : ""} saves`} by hand (the dashboard lists them)`
      : "none",
    `${origin}/dashboard`,
  ];
}

/**
 * Queues today's summary (of yesterday) once it is the owner's hour in Lagos (7 am unless she chose another), when she wants it: the day's
 * row is taken in the transaction that queues the mail, so servers running this together send one.
 * Returns whether this call queued it.
 */
export async function sendMorningSummary(db: Db, links: Pick<Env, "PUBLIC_URL" | "PORT">, now = new Date()): Promise<boolean> {
  const { date, hour } = lagosNow(now);
  const shop = await getSettings(db);
  if (!shop.morningSummary || hour < shop.morningSummaryHour) return false;
  const [taken] = await db.select({ day: morningSummaries.day }).from(morningSummaries).where(eq(morningSummaries.day, date));
  if (taken) return false;
  const summary = await morningSummary(db, addDays(date, -1), shop.lowStockThreshold);
  const origin = publicOrigin(links);
  const mail = summaryMail(summary, shop, origin);
  // with an alerts number, on WhatsApp instead, as the other owner alerts (the mail when WhatsApp cannot)
  const whatsapp = ownerWhatsApp(shop, "morning_summary", summaryWhatsAppParams(summary, shop.shopName, origin));
  return db.transaction(async (tx) => {
    const [claimed] = await tx.insert(morningSummaries).values({ day: date }).onConflictDoNothing().returning();
    if (!claimed) return false;
    await enqueueMail(tx, { kind: "morning_summary", to: shop.contactEmail, ...mail, ...(whatsapp ? { whatsapp } : {}) });
    return true;
  });
}

/** Every five minutes, on every server (the day's row makes it one mail); passes never overlap. */
export function startMorningSummary(db: Db, links: Pick<Env, "PUBLIC_URL" | "PORT">, logger: Logger, everyMs = 300_000) {
  return repeatJob(everyMs, logger, {
    pass: () => sendMorningSummary(db, links),
    said: (queued) => queued && {},
    done: "morning summary queued",
    failed: "morning summary failed",
  });
}
