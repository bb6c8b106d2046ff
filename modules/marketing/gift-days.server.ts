import { and, asc, desc, eq, gte, inArray, isNotNull, lte, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../../db/client";
import { phoneKey, purchaseEvents, purchaseItems, purchases, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { listParams } from "../../lib/form-fields";
import { addDays, daysBetween, lagosDayTime, lagosNow, longDay } from "../../lib/lagos-calendar";
import { koboToNaira } from "../../lib/money";
import type { Env } from "../../lib/env.server";
import { publicOrigin } from "../../lib/public-origin";
import { GIFT_REMINDER_DAYS_BEFORE, giftOccasion, whenGiftWasSent } from "../orders/gift-rules";
import { paidOrder } from "../orders/paid-orders.server";
import { purchaseSearchMatch } from "../orders/purchase-search.server";
import { orderNumber } from "../orders/statuses";
import { getSettings } from "../settings/service.server";
import { optedOutOf } from "../whatsapp/opt-outs.server";
import { chatWithShopperUrl, giftDayMessage } from "../whatsapp/shopper-chats";

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
  /** the day the gift was for, and "Last year" or "In 2026" (a yearly reminder come round again) */
  sentFor: string;
  sentWhen: string;
  /** the buyer asked for the reminder every year */
  yearly: boolean;
  lines: { title: string; quantity: number }[];
  total: number;
  /** the reminder mail's day, and when it went (null: not yet) */
  remindOn: string;
  remindedAt: string | null;
  /** her paid order placed from 30 days before the day on (the newest such), by her phone */
  orderedAgain: { id: string; number: string; on: string } | null;
  /** a chat with her, the message typed in; null: her number replied STOP to the shop's WhatsApp */
  whatsappUrl: string | null;
  /** a team member marked the buyer messaged about it: when, and who (null: a member since deleted) */
  messaged: { at: string; by: string | null } | null;
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
  const where = and(giftDaysBetween(from, to), q.q ? purchaseSearchMatch(q.q, purchases) : undefined);
  const [rows, [count], shop] = await Promise.all([
    db
      .select({ p: purchases, againId: orderedAgainId(db), messagedBy: memberName })
      .from(purchases)
      .leftJoin(users, eq(users.id, purchases.giftDayMessagedBy))
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
  const [lines, placed, stopped] = await Promise.all([
    linesOf(
      db,
      rows.map(({ p }) => p.id),
    ),
    placedOn(
      db,
      rows.flatMap(({ againId }) => (againId ? [againId] : [])),
    ),
    optedOutOf(
      db,
      rows.map(({ p }) => p.phone),
    ),
  ]);
  const today = lagosNow(now).date;
  const shopUrl = `${publicOrigin(env)}/products`;
  return {
    items: rows.map(({ p, againId, messagedBy }) => {
      const day = giftDay(p.giftRemindOn!);
      const sent = lines.get(p.id) ?? [];
      const sentFor = giftOccasion(p, p.createdAt);
      const sentWhen = whenGiftWasSent(sentFor, day);
      return {
        id: p.id,
        number: orderNumber(p.id),
        name: `${p.firstName} ${p.lastName}`.trim(),
        email: p.email,
        phone: p.phone,
        recipientName: p.recipientName,
        day,
        daysLeft: daysBetween(today, day),
        sentFor,
        sentWhen,
        yearly: p.giftRemindYearly,
        lines: sent,
        total: koboToNaira(p.totalKobo),
        remindOn: p.giftRemindOn!,
        remindedAt: p.giftRemindedAt?.toISOString() ?? null,
        orderedAgain: againId ? { id: againId, number: orderNumber(againId), on: placed.get(againId)! } : null,
        whatsappUrl: stopped.has(p.phone)
          ? null
          : chatWithShopperUrl(
              p.phone,
              giftDayMessage(shop.shopName, {
                firstName: p.firstName,
                recipientName: p.recipientName,
                day,
                sentWhen,
                lines: sent,
                shopUrl,
              }),
            ),
        messaged: p.giftDayMessagedAt ? { at: p.giftDayMessagedAt.toISOString(), by: messagedBy } : null,
      };
    }),
    total: count?.n ?? 0,
    from,
    to,
  };
}

/**
 * 'Mark as messaged': the team member who wrote to the buyer about her gift's day says so, so no one
 * writes twice; the order's history keeps it with her name. Once: a second mark, or two at once, is
 * refused with who marked it. Only a gift the list shows (paid, not cancelled, reminder wanted).
 */
export async function markGiftDayMessaged(db: Db, purchaseId: string, actorId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ p: purchases, messagedBy: memberName })
      .from(purchases)
      .leftJoin(users, eq(users.id, purchases.giftDayMessagedBy))
      .where(and(eq(purchases.id, purchaseId), isNotNull(purchases.giftRemindOn), paidOrder()))
      .for("update", { of: purchases });
    if (!row) throw AppError.notFound("Gift day");
    if (row.p.giftDayMessagedAt) {
      throw new AppError(
        "conflict",
        `${row.messagedBy ?? "A team member"} marked this buyer messaged already, ${lagosDayTime(row.p.giftDayMessagedAt, "short")}.`,
      );
    }
    await tx.update(purchases).set({ giftDayMessagedAt: now, giftDayMessagedBy: actorId }).where(eq(purchases.id, purchaseId));
    await tx.insert(purchaseEvents).values({
      purchaseId,
      status: row.p.status,
      note: `gift day: buyer messaged about ${longDay(giftDay(row.p.giftRemindOn!))}`,
      actorId,
      createdAt: now,
    });
  });
}

/** A team member's name, from the users joined to the order. */
const memberName = sql<string | null>`nullif(btrim(${users.firstName} || ' ' || ${users.lastName}), '')`;

/** The morning summary's line: the gift days in the next `days` days from `today`, and of them those whose buyer ordered again. */
export async function giftDaysComing(db: Db, today: string, days: number): Promise<{ days: number; orderedAgain: number }> {
  const [row] = await db
    .select({
      days: sql<number>`count(*)::int`,
      orderedAgain: sql<number>`(count(*) filter (where ${orderedAgainId(db)} is not null))::int`,
    })
    .from(purchases)
    .where(giftDaysBetween(today, addDays(today, days)));
  return { days: row?.days ?? 0, orderedAgain: row?.orderedAgain ?? 0 };
}

/** The day a gift comes round: its reminder's day and a week. */
const giftDay = (remindOn: string) => addDays(remindOn, GIFT_REMINDER_DAYS_BEFORE);

/**
 * Paid gifts, not cancelled, whose buyer still wants the reminder, whose day falls from `from` to
 * `to`: the reminder's day (the one indexed) a week earlier.
 */
const giftDaysBetween = (from: string, to: string): SQL =>
  and(
    isNotNull(purchases.giftRemindOn),
    gte(purchases.giftRemindOn, addDays(from, -GIFT_REMINDER_DAYS_BEFORE)),
    lte(purchases.giftRemindOn, addDays(to, -GIFT_REMINDER_DAYS_BEFORE)),
    paidOrder(),
  )!;

const again = alias(purchases, "again");

/**
 * Of a gift's row, her newest paid order (by her number, however it was typed) placed from 30 days
 * before the gift's day (Lagos) on, or null: "ordered again", one rule for the list and the summary.
 */
const orderedAgainId = (db: Db) =>
  sql<string | null>`(${db
    .select({ id: again.id })
    .from(again)
    .where(
      and(
        paidOrder(again),
        sql`${phoneKey(again.phone)} = ${phoneKey(purchases.phone)}`,
        ne(again.id, purchases.id),
        sql`${again.createdAt} >= ((${purchases.giftRemindOn} + ${GIFT_REMINDER_DAYS_BEFORE - ORDERED_AGAIN_WITHIN}::int)::timestamp at time zone 'Africa/Lagos')`,
      ),
    )
    .orderBy(desc(again.createdAt))
    .limit(1)})`;

/** What each gift held: one query for the page. */
async function linesOf(db: Db, ids: string[]): Promise<Map<string, { title: string; quantity: number }[]>> {
  const byOrder = new Map<string, { title: string; quantity: number }[]>();
  if (ids.length === 0) return byOrder;
  const items = await db
    .select({ purchaseId: purchaseItems.purchaseId, title: purchaseItems.title, quantity: purchaseItems.quantity })
    .from(purchaseItems)
    .where(inArray(purchaseItems.purchaseId, ids))
    .orderBy(asc(purchaseItems.id));
  for (const { purchaseId, ...line } of items) byOrder.set(purchaseId, [...(byOrder.get(purchaseId) ?? []), line]);
  return byOrder;
}

/** The Lagos day each of these orders was placed: one query for the page. */
async function placedOn(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: purchases.id, at: purchases.createdAt }).from(purchases).where(inArray(purchases.id, ids));
  return new Map(found.map((o) => [o.id, lagosNow(o.at).date]));
}
