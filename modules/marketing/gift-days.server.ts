import { and, asc, desc, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { phoneKey, purchaseItems, purchases } from "../../db/schema";
import { withinDays } from "../../lib/day-range";
import { listParams } from "../../lib/form-fields";
import { addDays, daysBetween, lagosNow } from "../../lib/lagos-calendar";
import { koboToNaira } from "../../lib/money";
import type { Env } from "../../lib/env.server";
import { publicOrigin } from "../../lib/public-origin";
import { GIFT_REMINDER_DAYS_BEFORE, giftOccasion } from "../orders/gift-rules";
import { paidOrder } from "../orders/paid-orders.server";
import { purchaseSearchMatch } from "../orders/purchase-search.server";
import { orderNumber } from "../orders/statuses";
import { getSettings } from "../settings/service.server";
import { chatWithShopperUrl, giftDayMessage } from "./shopper-chats";

// The back office's 'Gift days' (/giftdays, GET /api/gift-days; docs/product.md "Gift orders"): the
// gifts whose day comes round again soon, whose buyers asked to be reminded. The owner sees who sent
// what to whom, when the reminder mail goes, whether she has ordered again, and a WhatsApp button
// with the message typed in: the shop sells as much in a chat as on the site.

/** How far ahead the list looks when no `to` is given. */
export const GIFT_DAYS_AHEAD = 30;
/** A paid order of hers this many days before the gift's day, or later, is "ordered again". */
export const ORDERED_AGAIN_WITHIN = 30;

export const giftDaysQuery = z.object(listParams(20)).strict();
export type GiftDaysQuery = z.input<typeof giftDaysQuery>;

export type GiftDayRow = {
  id: string;
  number: string;
  name: string;
  email: string;
  phone: string;
  recipientName: string | null;
  /** the day coming round (YYYY-MM-DD), and how many days away */
  day: string;
  daysLeft: number;
  /** the day last year's gift was for */
  sentFor: string;
  lines: { title: string; quantity: number }[];
  total: number;
  /** the reminder mail's day, and when it went (null: not yet) */
  remindOn: string;
  remindedAt: string | null;
  /** her paid order placed from 30 days before the day on (the newest such), by her phone */
  orderedAgain: { id: string; number: string; on: string } | null;
  whatsappUrl: string;
};

/** The days listed: `from` (today by default) to `to` (30 days on by default), both inclusive. */
export function giftDaysWindow(q: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const from = q.from ?? lagosNow(now).date;
  return { from, to: q.to ?? addDays(from, GIFT_DAYS_AHEAD) };
}

/** Paid gifts, not cancelled, whose buyer still wants the reminder, by the day coming round. */
export async function listGiftDays(
  db: Db,
  env: Pick<Env, "PUBLIC_URL" | "PORT">,
  input: GiftDaysQuery,
  now = new Date(),
): Promise<{ items: GiftDayRow[]; total: number; from: string; to: string }> {
  const q = giftDaysQuery.parse(input);
  const { from, to } = giftDaysWindow(q, now);
  // the day is the reminder's day plus a week: the reminder's column is the one indexed
  const where = and(
    isNotNull(purchases.giftRemindOn),
    gte(purchases.giftRemindOn, addDays(from, -GIFT_REMINDER_DAYS_BEFORE)),
    lte(purchases.giftRemindOn, addDays(to, -GIFT_REMINDER_DAYS_BEFORE)),
    paidOrder(),
    q.q ? purchaseSearchMatch(q.q, purchases) : undefined,
  );
  const [rows, [count], shop] = await Promise.all([
    db
      .select()
      .from(purchases)
      .where(where)
      .orderBy(asc(purchases.giftRemindOn), asc(purchases.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(purchases)
      .where(where),
    getSettings(db),
  ]);
  const [lines, again] = await Promise.all([linesOf(db, rows), orderedSince(db, rows)]);
  const today = lagosNow(now).date;
  const shopUrl = `${publicOrigin(env)}/products`;
  return {
    items: rows.map((p) => {
      const day = addDays(p.giftRemindOn!, GIFT_REMINDER_DAYS_BEFORE);
      const sent = lines.get(p.id) ?? [];
      const next = again.find((o) => o.key === keyOf(p.phone) && o.id !== p.id && o.day >= addDays(day, -ORDERED_AGAIN_WITHIN));
      return {
        id: p.id,
        number: orderNumber(p.id),
        name: `${p.firstName} ${p.lastName}`.trim(),
        email: p.email,
        phone: p.phone,
        recipientName: p.recipientName,
        day,
        daysLeft: daysBetween(today, day),
        sentFor: giftOccasion(p, p.createdAt),
        lines: sent,
        total: koboToNaira(p.totalKobo),
        remindOn: p.giftRemindOn!,
        remindedAt: p.giftRemindedAt?.toISOString() ?? null,
        orderedAgain: next ? { id: next.id, number: orderNumber(next.id), on: next.day } : null,
        whatsappUrl: chatWithShopperUrl(
          p.phone,
          giftDayMessage(shop.shopName, { firstName: p.firstName, recipientName: p.recipientName, day, lines: sent, shopUrl }),
        ),
      };
    }),
    total: count?.n ?? 0,
    from,
    to,
  };
}

type Row = typeof purchases.$inferSelect;

/** What each gift held: one query for the page. */
async function linesOf(db: Db, rows: Row[]): Promise<Map<string, { title: string; quantity: number }[]>> {
  const byOrder = new Map<string, { title: string; quantity: number }[]>();
  if (rows.length === 0) return byOrder;
  const items = await db
    .select({ purchaseId: purchaseItems.purchaseId, title: purchaseItems.title, quantity: purchaseItems.quantity })
    .from(purchaseItems)
    .where(
      inArray(
        purchaseItems.purchaseId,
        rows.map((p) => p.id),
      ),
    )
    .orderBy(asc(purchaseItems.id));
  for (const { purchaseId, ...line } of items) byOrder.set(purchaseId, [...(byOrder.get(purchaseId) ?? []), line]);
  return byOrder;
}

/** A number's last ten digits, as `phoneKey` reads it in SQL: the same buyer however her number was typed. */
const keyOf = (phone: string) => phone.replace(/[^0-9]/g, "").slice(-10);

/**
 * The paid orders of these buyers (by phone) placed since the earliest day that counts as "again":
 * one query for the page, matched to each row above, newest first.
 */
async function orderedSince(db: Db, rows: Row[]): Promise<{ id: string; key: string; day: string; placedAt: Date }[]> {
  if (rows.length === 0) return [];
  const earliest = addDays(rows.map((p) => p.giftRemindOn!).sort()[0]!, GIFT_REMINDER_DAYS_BEFORE - ORDERED_AGAIN_WITHIN);
  const found = await db
    .select({ id: purchases.id, key: sql<string>`${phoneKey(purchases.phone)}`, placedAt: purchases.createdAt })
    .from(purchases)
    .where(
      and(
        paidOrder(),
        inArray(phoneKey(purchases.phone), [...new Set(rows.map((p) => keyOf(p.phone)))]),
        ...withinDays(purchases.createdAt, earliest),
      ),
    )
    .orderBy(desc(purchases.createdAt));
  return found.map((o) => ({ ...o, day: lagosNow(o.placedAt).date }));
}
