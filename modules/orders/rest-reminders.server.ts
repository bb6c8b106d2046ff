import { and, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { purchaseEvents, purchases } from "../../db/schema";
import { lagosNow, longDay, shortDay } from "../../lib/lagos-calendar";
import { formatNaira } from "../../lib/money";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { shopperWhatsApp } from "../whatsapp/order-messages";
import { orderUrl, type MailLinks } from "./mails.server";
import { partPaidWaiting } from "./part-payments.server";
import { inReminderHours } from "./pickup-reminders.server";
import { leftToPayKobo, orderNumber } from "./statuses";

// docs/product.md "Part payments": a part-paid order whose rest is due on a day agreed with her
// (rest_due_on) reminds her once that morning, by mail (and on WhatsApp when she asked for her
// updates there), in Lagos daytime; a day moved later reminds her again on the new day.

type Purchase = typeof purchases.$inferSelect;

/**
 * Queues the reminders due at `now`: each order is claimed by the update that stamps the due day in
 * `rest_reminded_on` (once, whichever server's timer gets there first), its mail queued and its
 * history written in the same transaction. A day gone by while no server ran is reminded late,
 * saying when it was due. Returns how many were queued.
 */
export async function remindRestDue(db: Db, links: MailLinks, now = new Date()): Promise<number> {
  if (!inReminderHours(now)) return 0;
  const today = lagosNow(now).date;
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: purchases.id })
      .from(purchases)
      .where(
        and(
          partPaidWaiting,
          lte(purchases.restDueOn, today),
          or(isNull(purchases.restRemindedOn), ne(purchases.restRemindedOn, purchases.restDueOn)),
        ),
      )
      .limit(200);
    const claimed = await tx
      .update(purchases)
      .set({ restRemindedOn: sql`${purchases.restDueOn}` })
      .where(and(inArray(purchases.id, due), or(isNull(purchases.restRemindedOn), ne(purchases.restRemindedOn, purchases.restDueOn))))
      .returning();
    for (const p of claimed) await reminderMail(tx, p, today, links);
    return claimed.length;
  });
}

/** "₦231,500 is left to pay on your order #…, due today": what she paid, and her order's page (how to pay). */
async function reminderMail(tx: Tx, p: Purchase, today: string, links: MailLinks) {
  const shop = await getSettings(tx);
  const number = orderNumber(p.id);
  const link = orderUrl(links, p);
  const left = formatNaira(leftToPayKobo(p));
  const day = p.restDueOn!;
  const when = day === today ? `today, ${longDay(day)}` : `on ${longDay(day)}`;
  await enqueueMail(tx, {
    to: p.email,
    kind: "order_rest_due",
    subject: `Your ${shop.shopName} order #${number}: ${left} left to pay, due ${day === today ? "today" : shortDay(day)}`,
    text: `Hello ${p.firstName},\n\nAs agreed, the ${left} left to pay on your order #${number} is due ${when}. You have paid ${formatNaira(p.depositKobo)} of ${formatNaira(p.totalKobo)}.\n\nHow to pay it, and your order: ${link}\n\nQuestions, or need more time? Write to ${shop.contactEmail} or call ${shop.contactPhone}.\n\nWith care,\n${shop.shopName}`,
    whatsapp: shopperWhatsApp(p, "order_update", [
      p.firstName,
      shop.shopName,
      number,
      `has ${left} left to pay, due ${day === today ? "today" : shortDay(day)}`,
      link,
    ]),
  });
  await tx.insert(purchaseEvents).values({
    purchaseId: p.id,
    status: p.status,
    note: `reminder of the rest sent: ${left} due ${shortDay(day)}`,
  });
}
