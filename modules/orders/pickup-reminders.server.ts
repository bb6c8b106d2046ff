import { and, eq, exists, inArray, isNull, lte } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { purchaseEvents, purchases } from "../../db/schema";
import { lagosNow } from "../../lib/lagos-calendar";
import { formatNaira } from "../../lib/money";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { shopperWhatsApp } from "../whatsapp/order-messages";
import { orderUrl, type MailLinks } from "./mails.server";
import { collectionCodeWords, pickupReminder } from "./pickup";
import { leftToPayKobo, orderNumber } from "./statuses";

// docs/product.md "Pick-up": an order ready to collect that nobody came for is on the shop's shelf.
// Once it has waited the days the owner set in /settings (3 unless she changes it; 0: never), she
// is reminded once, by mail (and on WhatsApp when she asked for her updates there), in Lagos
// daytime; the owner sees when on the order's page.

const DAY = 24 * 3600_000;
/** Reminders go between these Lagos hours only: never a message at night. */
export const REMINDER_HOURS = { from: 9, to: 19 } as const;

/** `now` falls within REMINDER_HOURS (Lagos): the pick-up and part-payment reminders' daytime. */
export function inReminderHours(now: Date): boolean {
  const { hour } = lagosNow(now);
  return hour >= REMINDER_HOURS.from && hour < REMINDER_HOURS.to;
}

type PurchaseRow = typeof purchases.$inferSelect;

/**
 * Queues the reminders due at `now`: each order is claimed by the update that stamps
 * `collect_reminded_at` (once, whichever server's timer gets there first) and its mail is queued in
 * the same transaction. Returns how many were queued.
 */
export async function remindUncollectedPickups(db: Db, links: MailLinks, now = new Date()): Promise<number> {
  if (!inReminderHours(now)) return 0;
  const { pickupReminderDays } = await getSettings(db);
  if (!pickupReminderDays) return 0;
  const readyBefore = new Date(now.getTime() - pickupReminderDays * DAY);
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: purchases.id })
      .from(purchases)
      .where(
        and(
          eq(purchases.deliveryMethod, "pickup"),
          eq(purchases.status, "shipped"),
          isNull(purchases.collectRemindedAt),
          // marked ready long enough ago (its 'shipped' step)
          exists(
            tx
              .select({ one: purchaseEvents.id })
              .from(purchaseEvents)
              .where(
                and(
                  eq(purchaseEvents.purchaseId, purchases.id),
                  eq(purchaseEvents.status, "shipped"),
                  lte(purchaseEvents.createdAt, readyBefore),
                ),
              ),
          ),
        ),
      )
      .limit(200);
    const claimed = await tx
      .update(purchases)
      .set({ collectRemindedAt: now })
      .where(and(inArray(purchases.id, due), isNull(purchases.collectRemindedAt)))
      .returning();
    for (const p of claimed) await reminderMail(tx, p, links);
    return claimed.length;
  });
}

/** 'Your order is waiting for you': where, when the shop is open, and what to bring when she pays there. */
async function reminderMail(tx: Tx, p: PurchaseRow, links: MailLinks) {
  const shop = await getSettings(tx);
  const number = orderNumber(p.id);
  const link = orderUrl(links, p);
  const code = p.collectionCode ? `\n\n${collectionCodeWords.line(p.collectionCode)}` : "";
  const update = `${pickupReminder.update(p.address)}${p.collectionCode ? collectionCodeWords.update(p.collectionCode) : ""}`;
  const toPay = p.paymentMethod === "pod" && !p.paidAt ? `\n\n${pickupReminder.bring(formatNaira(leftToPayKobo(p)))}` : "";
  await enqueueMail(tx, {
    to: p.email,
    kind: "pickup_reminder",
    subject: `${pickupReminder.subject} (order #${number})`,
    text: `Hello ${p.firstName},\n\n${pickupReminder.line(number, p.address)}${code}${toPay}\n\nCannot come? Write to ${shop.contactEmail} or call ${shop.contactPhone}, and we will find a way together.\n\nYour order: ${link}\n\nWith care,\n${shop.shopName}`,
    whatsapp: shopperWhatsApp(p, "order_update", [p.firstName, shop.shopName, number, update, link]),
  });
}
