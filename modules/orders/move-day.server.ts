import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { purchases } from "../../db/schema";
import { isAppError } from "../../lib/errors";
import { dateParam } from "../../lib/form-fields";
import { listDeliveryWindows } from "../delivery/schedule.server";
import { moveDeliveryDay } from "./delivery-day.server";
import type { MailLinks } from "./mails.server";
import { notSentStatuses, orderNumber } from "./statuses";

// docs/product.md "Delivery on a chosen date" ("A whole day moved"): a public holiday announced two
// days ahead, a rider down, a fuel queue: the team moves every order booked for one day to another
// from the day's deliveries page. Each order moves as from its own page (moveDeliveryDay: its lock,
// the new day's checks and limit, its customer told), so the rules of a move keep one home.

export const moveDayInput = z
  .object({
    from: dateParam.pipe(z.string({ error: "Choose the day to move" })),
    to: dateParam.pipe(z.string({ error: "Choose the day to move them to" })),
  })
  .refine((v) => v.from !== v.to, { path: ["to"], message: "Choose another day than the one they are on" });
export type MoveDayInput = z.input<typeof moveDayInput>;

/** What a whole day's move did: how many moved, and each order left where it was, with why. */
export type DayMoved = { moved: number; left: { number: string; why: string }[] };

/**
 * Moves every order booked for `from` and not sent yet (paid, placed, or waiting for its payment:
 * each holds its place) to `to`, keeping its window when the shop still has it. One that the new
 * day cannot take (full, too soon for Standard, before its pre-order ships) stays and is named.
 */
export async function moveDayOrders(db: Db, links: MailLinks, actorId: string, input: MoveDayInput, now = new Date()): Promise<DayMoved> {
  const { from, to } = moveDayInput.parse(input);
  const [orders, windows] = await Promise.all([
    db
      .select({ id: purchases.id, window: purchases.deliveryWindow })
      .from(purchases)
      .where(and(eq(purchases.deliveryDate, from), inArray(purchases.status, notSentStatuses), ne(purchases.deliveryMethod, "pickup")))
      .orderBy(asc(purchases.createdAt)),
    listDeliveryWindows(db),
  ]);
  const result: DayMoved = { moved: 0, left: [] };
  for (const o of orders) {
    const deliveryWindow = windows.find((w) => w.label === o.window)?.id;
    try {
      await moveDeliveryDay(db, o.id, { deliveryDate: to, deliveryWindow }, actorId, links, now);
      result.moved++;
    } catch (e) {
      if (!isAppError(e)) throw e;
      result.left.push({ number: orderNumber(o.id), why: e.message });
    }
  }
  return result;
}

/** How many orders not sent yet are booked for each of `days` (a day with none is absent). */
export async function bookedOn(db: Db, days: string[]): Promise<Map<string, number>> {
  if (!days.length) return new Map();
  const rows = await db
    .select({ day: purchases.deliveryDate, n: count() })
    .from(purchases)
    .where(and(inArray(purchases.deliveryDate, days), inArray(purchases.status, notSentStatuses), ne(purchases.deliveryMethod, "pickup")))
    .groupBy(purchases.deliveryDate);
  return new Map(rows.map((r) => [r.day!, r.n]));
}

/** How many orders not sent yet are booked for `day` (its deliveries page offers to move them). */
export const bookedFor = async (db: Db, day: string) => (await bookedOn(db, [day])).get(day) ?? 0;
