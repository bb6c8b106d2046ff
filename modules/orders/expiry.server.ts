import type { Db } from "../../db/client";
import type { Logger } from "../../lib/logger.server";
import { expireStalePurchases } from "./service.server";

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
