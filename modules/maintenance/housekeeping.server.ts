import { and, eq, inArray, isNull, lt, lte, ne, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { idempotencyKeys, mailOutbox, passwordResets, purchases, sessions, stockAlerts, transferReceipts } from "../../db/schema";
import type { Logger } from "../../lib/logger.server";
import { repeatJob } from "../../lib/repeat";
import { pruneRateLimits } from "../../db/rate-limit-store";

const HOUR = 3600_000;
// a checkout retried with the same Idempotency-Key comes within minutes; a day is ample
export const IDEMPOTENCY_KEEP_MS = 24 * HOUR;
// sent mails stay a week, long enough to answer "did my confirmation go out?"; failed ones stay for an admin
export const SENT_MAIL_KEEP_MS = 7 * 24 * HOUR;
// a shopper the team was to tell by hand and never did: after a month the news is stale
export const UNTOLD_KEEP_MS = 30 * 24 * HOUR;
// the picture of a transfer receipt shows her name and account: kept a month after its order was paid or cancelled
export const RECEIPT_KEEP_MS = 30 * 24 * HOUR;
export const RESET_MAIL_BLANKED = "(removed after sending: this mail held a password reset link)";

export type PurgeCounts = {
  sessions: number;
  passwordResets: number;
  idempotencyKeys: number;
  resetMailsBlanked: number;
  sentMails: number;
  answeredStockAlerts: number;
  transferReceipts: number;
};

/**
 * Removes what no request needs any more. Every statement is idempotent, so
 * several app servers may run it at once.
 */
export async function purgeStaleRows(db: Db, now = new Date()): Promise<PurgeCounts> {
  const expiredSessions = await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id });
  // every reset link expires an hour after it was made, used or not: expired covers used ones within that hour
  const deadResets = await db.delete(passwordResets).where(lte(passwordResets.expiresAt, now)).returning({ id: passwordResets.id });
  const oldKeys = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEEP_MS)))
    .returning({ key: idempotencyKeys.key });
  // A reset mail's body is a working credential for its hour. Once the worker is done with it (sent, or
  // given up) nothing reads the body again, so it is blanked at once rather than kept for the week.
  const blanked = await db
    .update(mailOutbox)
    .set({ text: RESET_MAIL_BLANKED, html: null })
    .where(and(eq(mailOutbox.kind, "password_reset"), ne(mailOutbox.status, "pending"), ne(mailOutbox.text, RESET_MAIL_BLANKED)))
    .returning({ id: mailOutbox.id });
  const oldMails = await db
    .delete(mailOutbox)
    // by creation time, which is indexed; a mail is sent within seconds of it
    .where(and(eq(mailOutbox.status, "sent"), lt(mailOutbox.createdAt, new Date(now.getTime() - SENT_MAIL_KEEP_MS))))
    .returning({ id: mailOutbox.id });
  // an answered "tell me when it's back" keeps her number or address no longer than the mail that
  // answered it; one the team tells by hand, a week after she was told (a month if she never was)
  const weekAgo = new Date(now.getTime() - SENT_MAIL_KEEP_MS);
  const answered = await db
    .delete(stockAlerts)
    .where(
      or(
        and(isNull(stockAlerts.handAt), lt(stockAlerts.notifiedAt, weekAgo)),
        lt(stockAlerts.toldAt, weekAgo),
        and(isNull(stockAlerts.toldAt), lt(stockAlerts.handAt, new Date(now.getTime() - UNTOLD_KEEP_MS))),
      ),
    )
    .returning({ id: stockAlerts.id });
  const receipts = await purgeTransferReceipts(db, new Date(now.getTime() - RECEIPT_KEEP_MS));
  await pruneRateLimits(db, now);
  return {
    sessions: expiredSessions.length,
    passwordResets: deadResets.length,
    idempotencyKeys: oldKeys.length,
    resetMailsBlanked: blanked.length,
    sentMails: oldMails.length,
    answeredStockAlerts: answered.length,
    transferReceipts: receipts,
  };
}

/**
 * The pictures of transfer receipts (docs/product.md "Paying") of orders paid, or cancelled, before
 * `before`: the team has recorded the money or the order is gone by then. The order's link to its
 * picture goes with it, in the same transaction.
 */
async function purgeTransferReceipts(db: Db, before: Date): Promise<number> {
  const settled = db
    .select({ id: purchases.id })
    .from(purchases)
    .where(or(lt(purchases.paidAt, before), and(eq(purchases.status, "cancelled"), lt(purchases.updatedAt, before))));
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(transferReceipts)
      .where(inArray(transferReceipts.purchaseId, settled))
      .returning({ id: transferReceipts.id, purchaseId: transferReceipts.purchaseId });
    if (gone.length)
      await tx
        .update(purchases)
        .set({ transferReceiptId: null })
        .where(
          and(
            inArray(
              purchases.id,
              gone.map((r) => r.purchaseId),
            ),
            inArray(
              purchases.transferReceiptId,
              gone.map((r) => r.id),
            ),
          ),
        );
    return gone.length;
  });
}

/** Runs the purge at start and then every ten minutes; passes never overlap. Returns a stop function. */
export function startHousekeeping(db: Db, logger: Logger, { everyMs = 10 * 60_000 } = {}): () => Promise<void> {
  return repeatJob(everyMs, logger, {
    pass: () => purgeStaleRows(db),
    said: (counts) => Object.values(counts).some(Boolean) && counts,
    done: "housekeeping purged stale rows",
    failed: "housekeeping failed",
  });
}
