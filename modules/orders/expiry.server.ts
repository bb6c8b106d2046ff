import { and, eq, gt, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchases } from "../../db/schema";
import type { Logger } from "../../lib/logger.server";
import { getSettings } from "../settings/service.server";
import { cancelPurchases, shopperCancelNotes, type ShopperCancelNote } from "./cancellation.server";
import { remindUnpaidCheckouts } from "./checkout-reminders.server";
import { remindUncollectedPickups } from "./pickup-reminders.server";
import { remindRestDue } from "./rest-reminders.server";
import { transferReminderMail, type MailLinks } from "./mails.server";
import { repeatJob } from "../../lib/repeat";

/** Unpaid online checkouts hold their stock this long, then are cancelled (expireStalePurchases). */
export const PAYMENT_WINDOW_MS = 30 * 60_000;

/** Why an unpaid order lapsed, by how it was to be paid (pay on delivery never lapses). */
const lapseNotes: Record<"online" | "transfer" | "pay_link" | "pod" | "manual", ShopperCancelNote> = {
  online: shopperCancelNotes.expired,
  manual: shopperCancelNotes.expired,
  pod: shopperCancelNotes.expired,
  transfer: shopperCancelNotes.transferLapsed,
  pay_link: shopperCancelNotes.linkLapsed,
};

/** Cancels every order still unpaid after its time to pay (docs/product.md "Paying") and releases its stock. */
export async function expireStalePurchases(db: Db, now = new Date()): Promise<number> {
  const stale = await db
    .select({ id: purchases.id, method: purchases.paymentMethod })
    .from(purchases)
    .where(and(eq(purchases.status, "pending"), lt(purchases.expiresAt, now)))
    .limit(500);
  let done = 0;
  for (const method of new Set(stale.map((s) => s.method))) {
    const ids = stale.filter((s) => s.method === method).map((s) => s.id);
    done += (await cancelPurchases(db, ids, lapseNotes[method], now, true)).length;
  }
  return done;
}

/**
 * One reminder for an order still waiting for its transfer, `transferReminderHours` before it
 * lapses. Claimed by an update (reminded_at), so several servers send it once.
 */
export async function remindPendingTransfers(db: Db, links: MailLinks, now = new Date()): Promise<number> {
  const { transferReminderHours } = await getSettings(db);
  if (!transferReminderHours) return 0;
  const soon = new Date(now.getTime() + transferReminderHours * 3_600_000);
  return db.transaction(async (tx) => {
    const due = await tx
      .update(purchases)
      .set({ remindedAt: now, reminderCount: sql`${purchases.reminderCount} + 1` })
      .where(
        and(
          eq(purchases.status, "pending"),
          eq(purchases.paymentMethod, "transfer"),
          isNull(purchases.remindedAt),
          // she said she sent it: the team is checking, no "we have not received it"
          isNull(purchases.transferSentAt),
          gt(purchases.expiresAt, now),
          lte(purchases.expiresAt, soon),
        ),
      )
      .returning();
    for (const p of due) await transferReminderMail(tx, p, links);
    return due.length;
  });
}

/**
 * Every minute (and at start): lapse unpaid orders past their time, remind transfers about to lapse,
 * remind unpaid checkouts (docs/product.md "Unpaid checkouts"), pick-ups nobody came for
 * (docs/product.md "Pick-up") and part-paid orders whose rest is due (docs/product.md "Part
 * payments"); safe on several servers at once, and passes never overlap.
 */
export function startPurchaseExpiry(db: Db, links: MailLinks, logger: Logger, everyMs = 60_000) {
  return repeatJob(everyMs, logger, { pass: () => expiryPass(db, links, logger), failed: "purchase expiry failed" });
}

async function expiryPass(db: Db, links: MailLinks, logger: Logger) {
  const cancelled = await expireStalePurchases(db);
  if (cancelled) logger.info({ cancelled }, "unpaid purchases cancelled, stock released");
  const reminded = await remindPendingTransfers(db, links);
  if (reminded) logger.info({ reminded }, "transfer reminders queued");
  // after the cancels: a checkout whose window just closed gets its first reminder in the same pass
  const saved = await remindUnpaidCheckouts(db, links);
  if (saved) logger.info({ saved }, "unpaid checkout reminders queued");
  const collect = await remindUncollectedPickups(db, links);
  if (collect) logger.info({ collect }, "pick-up reminders queued");
  const rest = await remindRestDue(db, links);
  if (rest) logger.info({ rest }, "reminders of a part-paid order's rest queued");
}
