import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchases } from "../../db/schema";
import type { Logger } from "../../lib/logger.server";
import { cancelPurchases, shopperCancelNotes } from "./cancellation.server";

/** Unpaid purchases hold their stock this long, then are cancelled (expireStalePurchases). */
export const PAYMENT_WINDOW_MS = 30 * 60_000;

/** Cancels every purchase still unpaid after the payment window and releases its stock. */
export async function expireStalePurchases(db: Db, now = new Date()): Promise<number> {
  const stale = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.status, "pending"), lt(purchases.expiresAt, now)))
    .limit(500);
  const done = await cancelPurchases(
    db,
    stale.map((s) => s.id),
    shopperCancelNotes.expired,
    now,
  );
  return done.length;
}

/** Every minute, cancels purchases left unpaid past the payment window (safe on several servers at once). */
export function startPurchaseExpiry(db: Db, logger: Logger, everyMs = 60_000) {
  const tick = async () => {
    try {
      const cancelled = await expireStalePurchases(db);
      if (cancelled) logger.info({ cancelled }, "unpaid purchases cancelled, stock released");
    } catch (err) {
      logger.error({ err }, "purchase expiry failed");
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
