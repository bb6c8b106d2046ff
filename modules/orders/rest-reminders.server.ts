import { and, eq, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { purchaseEvents, purchases } from "../../db/schema";
import { addDays, lagosNow, longDay, shortDay } from "../../lib/lagos-calendar";
import { formatNaira } from "../../lib/money";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { shopperWhatsApp } from "../whatsapp/order-messages";
import { orderUrl, type MailLinks } from "./mails.server";
import { partPaidWaiting } from "./part-payments.server";
import { inReminderHours } from "./pickup-reminders.server";
import { leftToPayKobo, orderNumber } from "./statuses";

// docs/product.md "Part payments": a part-paid order whose rest is due on a day agreed with her
// (rest_due_on) tells her the day before and reminds her once that morning, by mail (and on WhatsApp
// when she asked for her updates there), in Lagos daytime; a day moved later does both again.

type Purchase = typeof purchases.$inferSelect;

/** The column that marks the due day she was told of: on the day (or late), or the day before. */
type Mark = "restRemindedOn" | "restForewarnedOn";

/**
 * Claims the orders waiting for their rest whose due day matches `when` and that `mark` has not
 * marked for that day yet: the update that stamps the day in `mark` (once, whichever server's
 * timer gets there first), at most 200 at a time.
 */
async function claim(tx: Tx, mark: Mark, when: SQL): Promise<Purchase[]> {
  const column = purchases[mark];
  const unmarked = or(isNull(column), ne(column, purchases.restDueOn));
  const due = tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(partPaidWaiting, when, unmarked))
    .limit(200);
  return tx
    .update(purchases)
    .set({ [mark]: sql`${purchases.restDueOn}` })
    .where(and(inArray(purchases.id, due), unmarked))
    .returning();
}

/**
 * Queues the reminders due at `now`: the day's (and any day gone by while no server ran, reminded
 * late, saying when it was due), then tomorrow's heads-up. Each order's mail is queued and its
 * history written in the transaction that claims it. Returns how many were queued.
 */
export async function remindRestDue(db: Db, links: MailLinks, now = new Date()): Promise<number> {
  if (!inReminderHours(now)) return 0;
  const today = lagosNow(now).date;
  return db.transaction(async (tx) => {
    const due = await claim(tx, "restRemindedOn", lte(purchases.restDueOn, today));
    for (const p of due) await reminderMail(tx, p, today, links);
    const ahead = await claim(tx, "restForewarnedOn", eq(purchases.restDueOn, addDays(today, 1)));
    for (const p of ahead) await reminderMail(tx, p, today, links);
    return due.length + ahead.length;
  });
}

/** When the rest is due, as her reminder says it: "today", "tomorrow" (the heads-up), or a day gone by. */
function dueWords(day: string, today: string): { short: string; long: string } {
  if (day === today) return { short: "today", long: `today, ${longDay(day)}` };
  if (day === addDays(today, 1)) return { short: "tomorrow", long: `tomorrow, ${longDay(day)}` };
  return { short: shortDay(day), long: `on ${longDay(day)}` };
}

/** "₦231,500 is left to pay on your order #…, due today" (or tomorrow): what she paid, and her order's page (how to pay). */
async function reminderMail(tx: Tx, p: Purchase, today: string, links: MailLinks) {
  const shop = await getSettings(tx);
  const number = orderNumber(p.id);
  const link = orderUrl(links, p);
  const left = formatNaira(leftToPayKobo(p));
  const day = p.restDueOn!;
  const due = dueWords(day, today);
  await enqueueMail(tx, {
    to: p.email,
    kind: "order_rest_due",
    subject: `Your ${shop.shopName} order #${number}: ${left} left to pay, due ${due.short}`,
    text: `Hello ${p.firstName},\n\nAs agreed, the ${left} left to pay on your order #${number} is due ${due.long}. You have paid ${formatNaira(p.depositKobo)} of ${formatNaira(p.totalKobo)}.\n\nHow to pay it, and your order: ${link}\n\nQuestions, or need more time? Write to ${shop.contactEmail} or call ${shop.contactPhone}.\n\nWith care,\n${shop.shopName}`,
    whatsapp: shopperWhatsApp(p, "order_update", [p.firstName, shop.shopName, number, `has ${left} left to pay, due ${due.short}`, link]),
  });
  await tx.insert(purchaseEvents).values({
    purchaseId: p.id,
    status: p.status,
    note: `reminder of the rest sent${day > today ? " a day ahead" : ""}: ${left} due ${shortDay(day)}`,
  });
}
