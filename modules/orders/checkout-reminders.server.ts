import { and, asc, eq, gt, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { checkoutReminderOptOuts, purchaseEvents, purchaseItems, purchases } from "../../db/schema";
import { formatNaira } from "../../lib/money";
import { checkCode } from "../discounts/codes.server";
import { enqueueMail } from "../mail/outbox.server";
import { shopperWhatsApp } from "../whatsapp/order-messages";
import type { DiscountRule } from "../pricing/price-order";
import { getSettings } from "../settings/service.server";
import { getReminderSettings } from "../settings/reminder-settings.server";
import { shopperCancelNotes } from "./cancellation.server";
import type { MailLinks } from "./mails.server";
import { RESUME_LINK_MS, resumeUrl, stopRemindersUrl } from "./resume-links.server";
import { orderNumber } from "./statuses";

// Unpaid checkouts won back (docs/product.md "Unpaid checkouts"): an online checkout not paid in
// its 30 minutes is cancelled and its stock released as before (expiry.server.ts); then its buyer
// gets one mail saying the order is saved, with a link that holds the stock again and starts a
// fresh payment (resume.server.ts), and a second one after 24 hours, with the owner's discount
// code if she chose one. Never for an order that was paid, one the shop cancelled, a shopper who
// opted out, one waiting for her bank transfer, or a checkout she has since made again.

/** When each reminder is due, counted from the checkout: the first as its payment window (PAYMENT_WINDOW_MS) closes. */
export const FIRST_REMINDER_MS = 30 * 60_000;
export const SECOND_REMINDER_MS = 24 * 60 * 60_000;
/** No reminder about a checkout older than this (its link would have ended). */
export const LAST_REMINDER_MS = RESUME_LINK_MS;

type PurchaseRow = typeof purchases.$inferSelect;
type Schedule = { count: 1 | 2; from: number; to: number };
const schedule: Schedule[] = [
  { count: 1, from: FIRST_REMINDER_MS, to: SECOND_REMINDER_MS },
  { count: 2, from: SECOND_REMINDER_MS, to: LAST_REMINDER_MS },
];

/** The ways an unpaid checkout ends that are the shopper's (the window closed, she left or failed the payment). */
const remindableCancels: readonly string[] = [
  shopperCancelNotes.expired,
  shopperCancelNotes.windowClosed,
  shopperCancelNotes.cancelled,
  shopperCancelNotes.notStarted,
  shopperCancelNotes.abandoned,
  shopperCancelNotes.failed,
];

/** Cancelled, if at all, only for a reason of the shopper's (never by the shop, never replaced by a newer checkout). */
export const endedByShopper = (): SQL =>
  sql`not exists (select 1 from ${purchaseEvents} e where e.purchase_id = ${purchases.id} and e.status = 'cancelled'
      and (e.actor_id is not null or e.note is null or e.note not in (${sql.join(
        remindableCancels.map((n) => sql`${n}`),
        sql`, `,
      )})))`;

/** Her latest order, and she is not paying another one by transfer: a checkout she made again is the one that counts. */
export const herLatestCheckout = (): SQL =>
  sql`not exists (select 1 from ${purchases} other where lower(other.email) = lower(${purchases.email}) and other.id <> ${purchases.id}
      and (other.created_at > ${purchases.createdAt} or (other.payment_method = 'transfer' and other.status = 'pending')))`;

export const optedOut = (): SQL => sql`exists (select 1 from ${checkoutReminderOptOuts} o where o.email = lower(${purchases.email}))`;

/**
 * An unpaid online checkout its buyer may be reminded of, as SQL on purchases: unpaid and
 * cancelled only for a reason of hers; her email has not opted out; she has no order waiting
 * for a transfer and has not checked out again since.
 */
export function remindableCheckout(): SQL {
  return and(
    eq(purchases.paymentMethod, "online"),
    eq(purchases.status, "cancelled"),
    isNull(purchases.paidAt),
    endedByShopper(),
    sql`not ${optedOut()}`,
    herLatestCheckout(),
  )!;
}

/**
 * Sends the reminders that are due at `now`: each checkout is claimed by the update that counts
 * its reminder (reminder_count moves from the previous value only once, whichever server's timer
 * gets there first), and its mail is queued in the same transaction.
 */
export async function remindUnpaidCheckouts(db: Db, links: MailLinks, now = new Date()): Promise<number> {
  let sent = 0;
  for (const step of schedule) {
    sent += await db.transaction(async (tx) => {
      const due = tx
        .select({ id: purchases.id })
        .from(purchases)
        .where(
          and(
            remindableCheckout(),
            eq(purchases.reminderCount, step.count - 1),
            lte(purchases.createdAt, new Date(now.getTime() - step.from)),
            gt(purchases.createdAt, new Date(now.getTime() - step.to)),
          ),
        )
        .limit(200);
      const claimed = await tx
        .update(purchases)
        .set({ reminderCount: step.count, remindedAt: now })
        .where(and(inArray(purchases.id, due), eq(purchases.reminderCount, step.count - 1)))
        .returning();
      for (const p of claimed) await reminderMail(tx, p, step.count, links, now);
      return claimed.length;
    });
  }
  return sent;
}

/** A discount code in the shopper's words: "10% off", "₦2,000 off", "free delivery" (and its minimum). */
export function codeOffer(rule: DiscountRule): string {
  const what =
    rule.kind === "percent" ? `${rule.percent}% off` : rule.kind === "fixed" ? `${formatNaira(rule.amountKobo ?? 0)} off` : "free delivery";
  return rule.minOrderKobo ? `${what} on orders of ${formatNaira(rule.minOrderKobo)} or more` : what;
}

/** The second reminder's code, if the owner chose one and it can be used now. */
async function reminderCode(tx: Tx, now: Date) {
  const { secondReminderCode } = await getReminderSettings(tx);
  if (!secondReminderCode) return null;
  const checked = await checkCode(tx, secondReminderCode, { now, usage: false });
  return checked.usable?.rule ?? null;
}

/**
 * 'Your order is saved, complete it here' (the first reminder, or the shop's own from 'Unpaid
 * checkouts'), or the second one with the owner's code. Both carry the link to stop them.
 */
export async function reminderMail(tx: Tx, p: PurchaseRow, count: 1 | 2, links: MailLinks, now = new Date()) {
  const shop = await getSettings(tx);
  const items = await tx.select().from(purchaseItems).where(eq(purchaseItems.purchaseId, p.id)).orderBy(asc(purchaseItems.title));
  const number = orderNumber(p.id);
  const code = count === 2 ? await reminderCode(tx, now) : null;
  const link = resumeUrl(links, p.id, new Date(now.getTime() + RESUME_LINK_MS), code?.code);
  const lines = items.map((i) => `${i.quantity} × ${i.title}: ${formatNaira(i.totalPriceKobo)}`).join("\n");
  const offer = code ? `\n\nUse code ${code.code} for ${codeOffer(code)}: the link below applies it for you.` : "";
  const intro =
    count === 1
      ? `Your order #${number} was not paid, so we have saved it for you:`
      : `Your order #${number} is still saved, and the items are waiting for you:`;
  await enqueueMail(tx, {
    to: p.email,
    subject:
      count === 1
        ? `Your ${shop.shopName} order is saved: complete it here`
        : `Still thinking it over? Your ${shop.shopName} order #${number}`,
    text: `Hello ${p.firstName},\n\n${intro}\n\n${lines}\nTotal: ${formatNaira(p.totalKobo)}${offer}\n\nComplete it here: ${link}\n\nWe hold the items again while you pay, as long as they are in stock, and you pay on the secure payment page.\n\nQuestions? Write to ${shop.contactEmail} or call ${shop.contactPhone}.\n\nWith care,\n${shop.shopName}\n\nNo more reminders about unpaid orders: ${stopRemindersUrl(links, p.email)}\n`,
    kind: count === 1 ? "checkout_reminder_1" : "checkout_reminder_2",
    // on WhatsApp instead when she asked for her updates there (the mail goes if it cannot)
    whatsapp: shopperWhatsApp(p, "checkout_reminder", [
      p.firstName,
      shop.shopName,
      number,
      `${itemsInBrief(items)}, ${formatNaira(p.totalKobo)}${code ? `; code ${code.code} gives ${codeOffer(code)}` : ""}`,
      link,
    ]),
  });
}

/** "2 × Pocket Gratitude Notebook and 1 more": what a short message can say of the order. */
function itemsInBrief(items: { quantity: number; title: string }[]): string {
  const [first, ...rest] = items;
  if (!first) return "your items";
  return `${first.quantity} × ${first.title}${rest.length ? ` and ${rest.length} more` : ""}`;
}

/** The shopper's 'stop these reminders': her email never gets another one. */
export async function stopReminders(db: Db, email: string): Promise<void> {
  await db.insert(checkoutReminderOptOuts).values({ email: email.trim().toLowerCase() }).onConflictDoNothing();
}

export async function hasStoppedReminders(db: Db | Tx, email: string): Promise<boolean> {
  const [row] = await db.select().from(checkoutReminderOptOuts).where(eq(checkoutReminderOptOuts.email, email.trim().toLowerCase()));
  return !!row;
}
