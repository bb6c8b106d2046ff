import type { Db } from "../db/client";
import type { Env } from "../lib/env.server";
import type { InvalidationBus } from "../lib/invalidation.server";
import type { Logger } from "../lib/logger.server";
import { shopStorage } from "../lib/storage.server";
import { startMailWorker } from "../modules/mail/worker.server";
import { startHousekeeping } from "../modules/maintenance/housekeeping.server";
import { startVariantFill } from "../modules/maintenance/image-variants.server";
import { startPurchaseExpiry } from "../modules/orders/expiry.server";
import { startGiftReminders } from "../modules/orders/gift-reminders.server";
import { startBackInStockAlerts } from "../modules/marketing/back-in-stock.server";
import { startMorningSummary } from "../modules/reports/morning-summary.server";
import { startMonthlyExpenses } from "../modules/reports/expense-repeats.server";
import { startWishListMails } from "../modules/wish-lists/list-mails.server";

/**
 * The timers every app process runs beside its requests, the same in `npm start`
 * and `npm run dev`: the outbox's sender (SMTP, or DATA_DIR/outbox without
 * SMTP_URL), the unpaid-purchase expiry, the back-in-stock mails, the owner's morning summary, the monthly expenses' writing down, the gift reminders, the wish lists' news (lower prices, back in stock), the housekeeping purge and, once after
 * start, the completion of pictures stored before a width of IMAGE_WIDTHS. Each is
 * safe to run on several servers at once. Returns a stop function.
 */
export function startBackgroundJobs({
  db,
  env,
  logger,
  invalidation,
}: {
  db: Db;
  env: Env;
  logger: Logger;
  /** a team write here or on another server (a restock, say) starts a back-in-stock pass at once */
  invalidation?: InvalidationBus;
}): () => Promise<void> {
  const stopMail = startMailWorker({ db, env, logger });
  const stopExpiry = startPurchaseExpiry(db, env, logger);
  const stopHousekeeping = startHousekeeping(db, logger);
  const stopVariantFill = startVariantFill(db, shopStorage(env), logger);
  const stopBackInStock = startBackInStockAlerts(db, env, logger);
  const unsubscribe = invalidation?.subscribe(() => stopBackInStock.now());
  const stopSummary = startMorningSummary(db, env, logger);
  const stopMonthly = startMonthlyExpenses(db, logger);
  const stopGiftReminders = startGiftReminders(db, env, logger);
  const stopWishListMails = startWishListMails(db, env, logger);
  return async () => {
    unsubscribe?.();
    await Promise.all([
      stopExpiry(),
      stopMail(),
      stopHousekeeping(),
      stopVariantFill(),
      stopBackInStock(),
      stopSummary(),
      stopMonthly(),
      stopGiftReminders(),
      stopWishListMails(),
    ]);
  };
}
