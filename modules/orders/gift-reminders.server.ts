import { and, eq, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchaseEvents, purchaseItems, purchases } from "../../db/schema";
import { addDays, daysBetween, lagosNow, longDay } from "../../lib/lagos-calendar";
import type { Logger } from "../../lib/logger.server";
import { publicOrigin } from "../../lib/public-origin";
import { repeatJob } from "../../lib/repeat";
import { AppError } from "../../lib/errors";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { shopperWhatsApp } from "../whatsapp/order-messages";
import { GIFT_REMINDER_DAYS_BEFORE, giftOccasion, giftYearsAgo, nextGiftReminder, nextYearlyReminder } from "./gift-rules";
import { orderUrl, type MailLinks } from "./mails.server";
import { holdsOrder, type OrderHolder } from "./order-links.server";
import { isPaidOrder } from "./statuses";

// docs/product.md "Gift orders": a gift's buyer may ask at checkout to be reminded when its day comes
// round next year (a birthday, a wedding anniversary, Mothering Sunday). The order keeps the day to
// remind her (giftRemindOn, set at placement); one mail a week before the day, with what she sent and
// where to find something new, on WhatsApp too when she chose it for the order. From her order's
// page she may ask for it every year: once the day goes by, it rolls on to next year's.

const toSend = () => and(isNotNull(purchases.giftRemindOn), isNull(purchases.giftRemindedAt));

/**
 * Sends the reminders due by `now` (Lagos day): each order's row is locked and marked in the
 * transaction that queues its mail, so servers passing at once send it once. A gift never paid, or
 * cancelled, or whose day went by while no server ran, loses its reminder. Returns how many went.
 */
export async function sendGiftReminders(db: Db, links: MailLinks, now = new Date()): Promise<number> {
  const today = lagosNow(now).date;
  await rollYearlyReminders(db, today);
  const due = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(toSend(), lte(purchases.giftRemindOn, today)))
    .orderBy(purchases.giftRemindOn)
    .limit(200);
  let sent = 0;
  for (const { id } of due) {
    const went = await db.transaction(async (tx) => {
      const [p] = await tx
        .select()
        .from(purchases)
        .where(and(eq(purchases.id, id), toSend()))
        .for("update");
      if (!p) return false;
      const day = addDays(p.giftRemindOn!, GIFT_REMINDER_DAYS_BEFORE);
      // the reminder goes for a gift paid and not cancelled
      if (!isPaidOrder(p) || day < today) {
        await tx.update(purchases).set({ giftRemindOn: null }).where(eq(purchases.id, id));
        return false;
      }
      const items = await tx
        .select({ title: purchaseItems.title, quantity: purchaseItems.quantity })
        .from(purchaseItems)
        .where(eq(purchaseItems.purchaseId, id));
      await enqueueMail(tx, reminderMail(p, day, daysBetween(today, day), items, await getSettings(tx), links));
      await tx.update(purchases).set({ giftRemindedAt: now }).where(eq(purchases.id, id));
      return true;
    });
    if (went) sent++;
  }
  return sent;
}

/** A yearly reminder whose gift's day has gone by (a week after its reminder's day). */
const dayGoneBy = (today: string) =>
  and(eq(purchases.giftRemindYearly, true), lt(purchases.giftRemindOn, addDays(today, -GIFT_REMINDER_DAYS_BEFORE)));

/**
 * "Remind me every year": each reminder whose day has gone by rolls on to the next year's (sent or
 * not: a server down past the day), the team's 'messaged' mark cleared for the new year. A gift no
 * longer paid (cancelled since) loses it. Each row locked and checked again, so passes at once roll
 * it once.
 */
async function rollYearlyReminders(db: Db, today: string): Promise<void> {
  const due = await db.select({ id: purchases.id }).from(purchases).where(dayGoneBy(today)).limit(200);
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [p] = await tx
        .select()
        .from(purchases)
        .where(and(eq(purchases.id, id), dayGoneBy(today)))
        .for("update");
      if (!p) return;
      if (!isPaidOrder(p)) {
        await tx.update(purchases).set({ giftRemindOn: null, giftRemindYearly: false }).where(eq(purchases.id, id));
        return;
      }
      const next = nextYearlyReminder(giftOccasion(p, p.createdAt), addDays(p.giftRemindOn!, GIFT_REMINDER_DAYS_BEFORE), today);
      await tx
        .update(purchases)
        .set({ giftRemindOn: next.remindOn, giftRemindedAt: null, giftDayMessagedAt: null, giftDayMessagedBy: null })
        .where(eq(purchases.id, id));
    });
  }
}

const whenWords = (days: number) => (days === 7 ? "a week from today" : days === 0 ? "today" : days === 1 ? "tomorrow" : `in ${days} days`);

/** "Funke Bello's day comes round again on Monday 10 May 2027", with what she sent a year before. */
function reminderMail(
  p: typeof purchases.$inferSelect,
  day: string,
  daysLeft: number,
  items: { title: string; quantity: number }[],
  shop: { shopName: string; contactEmail: string; contactPhone: string },
  links: MailLinks,
) {
  const who = p.recipientName || "your friend";
  const shopUrl = `${publicOrigin(links)}/products`;
  const sent = items.map((i) => `${i.quantity} × ${i.title}`).join(", ");
  const occasion = giftOccasion(p, p.createdAt);
  const ago = giftYearsAgo(occasion, day);
  return {
    to: p.email,
    subject: `${who}'s day comes round again on ${longDay(day)}`,
    text: `Hello ${p.firstName},\n\n${ago === 1 ? "A year ago" : `In ${occasion.slice(0, 4)}`} you sent ${who} a gift from ${shop.shopName}: ${sent}. You asked us to remind you: the day comes round again on ${longDay(day)}, ${whenWords(daysLeft)}.\n\nSend something again: ${shopUrl}\n\n${ago === 1 ? "Last year's order" : "That order"}: ${orderUrl(links, p)}\n${p.giftRemindYearly ? "We will remind you again next year. To stop, open the order and press 'Stop the yearly reminder'." : "To be reminded every year, open the order and press 'Remind me every year'."}\n\nQuestions? Write to ${shop.contactEmail} or call ${shop.contactPhone}.\n\nWith care,\n${shop.shopName}\n`,
    kind: "gift_reminder",
    whatsapp: shopperWhatsApp(p, "gift_reminder", [p.firstName, who, shop.shopName, longDay(day), shopUrl]),
  };
}

/**
 * Her order page's "Don't remind me": the reminder not sent yet is given up, and a yearly one for
 * good. Hers by the order's link (`token`) or her account; anyone else's is not found. Says whether
 * it was yearly (the page's words).
 */
export async function stopGiftReminder(
  db: Db,
  env: Pick<MailLinks, "SESSION_SECRET">,
  purchaseId: string,
  who: OrderHolder,
): Promise<{ yearly: boolean }> {
  const [p] = await db
    .select({ id: purchases.id, userId: purchases.userId, yearly: purchases.giftRemindYearly })
    .from(purchases)
    .where(eq(purchases.id, purchaseId));
  if (!p || !holdsOrder(env, p, who)) throw AppError.notFound("Order");
  await db
    .update(purchases)
    .set({ giftRemindOn: null, giftRemindYearly: false })
    .where(and(eq(purchases.id, p.id), or(isNull(purchases.giftRemindedAt), eq(purchases.giftRemindYearly, true))));
  return { yearly: p.yearly };
}

/**
 * Her order page's "Remind me every year": the gift's reminder (due, or sent) comes round every
 * year from now on; the order's history says so. Asked again, nothing changes. Hers by the order's
 * link or her account (anyone else's is not found); a gift she gave the reminder up for, or an order
 * that is no gift, has none to repeat (409). Returns the next reminder's day.
 */
export async function remindEveryYear(
  db: Db,
  env: Pick<MailLinks, "SESSION_SECRET">,
  purchaseId: string,
  who: OrderHolder,
  now = new Date(),
): Promise<{ remindOn: string }> {
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
    if (!p || !holdsOrder(env, p, who)) throw AppError.notFound("Order");
    if (!p.isGift || !p.giftRemindOn) throw new AppError("conflict", "This order has no gift reminder to repeat.");
    if (p.status === "cancelled") throw new AppError("conflict", "This order was cancelled: it has no gift reminder to repeat.");
    const today = lagosNow(now).date;
    const yearly = { ...p, giftRemindYearly: true };
    if (!p.giftRemindYearly) {
      await tx.update(purchases).set({ giftRemindYearly: true }).where(eq(purchases.id, p.id));
      await tx.insert(purchaseEvents).values({
        purchaseId: p.id,
        status: p.status,
        note: `gift reminder: the buyer asked for it every year (next on ${longDay(nextGiftReminder(yearly, today)!)})`,
        createdAt: now,
      });
    }
    return { remindOn: nextGiftReminder(yearly, today)! };
  });
}

/** Every hour on every server (the order's row makes it one mail); passes never overlap. */
export function startGiftReminders(db: Db, links: MailLinks, logger: Logger, everyMs = 60 * 60_000) {
  return repeatJob(everyMs, logger, {
    pass: () => sendGiftReminders(db, links),
    said: (n) => n && { reminders: n },
    done: "gift reminders sent",
    failed: "sending gift reminders failed",
  });
}
