import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { purchaseEvents, purchases } from "../../db/schema";
import { releaseRedemptions } from "../discounts/redemptions.server";
import { lockProducts, productsOf, releaseStock } from "../stock/reservation.server";
import { releaseDeliverySlots } from "../delivery/schedule.server";

/**
 * Why a pending order was cancelled when the shop did not decide it: the window
 * closed, or the shopper left, failed or replaced the payment. A payment that
 * still arrives for such an order completes it while the stock lasts; an order
 * the shop cancelled stays cancelled (completePurchase reads these notes).
 */
export const shopperCancelNotes = {
  expired: "not paid within 30 minutes",
  transferLapsed: "no bank transfer arrived in time",
  linkLapsed: "nobody paid through the shared link in time",
  cancelled: "payment cancelled by the shopper",
  windowClosed: "payment window closed without paying",
  notStarted: "the payment could not be started",
  replaced: "replaced by a newer checkout",
  abandoned: "payment abandoned",
  failed: "payment failed",
} as const;
export type ShopperCancelNote = (typeof shopperCancelNotes)[keyof typeof shopperCancelNotes];

/**
 * pending → cancelled inside the caller's transaction (only from pending), stock and delivery date
 * given back, each change recorded. `lapsed`: only those whose time to pay is still over, checked in
 * the update itself (a transfer she said she sent meanwhile moved it on, transfer-sent.server.ts).
 */
export async function cancelPendingIn(tx: Tx, ids: string[], note: ShopperCancelNote, now: Date, lapsed = false): Promise<string[]> {
  if (!ids.length) return [];
  const cancelled = await tx
    .update(purchases)
    .set({ status: "cancelled", updatedAt: now })
    // an order with a part payment waits for the rest: only the shop cancels it (changePurchaseStatus)
    .where(
      and(
        inArray(purchases.id, ids),
        eq(purchases.status, "pending"),
        eq(purchases.depositKobo, 0),
        lapsed ? lt(purchases.expiresAt, now) : undefined,
      ),
    )
    .returning({ id: purchases.id });
  const done = cancelled.map((c) => c.id);
  await releaseStock(tx, done);
  // and their places on their delivery days (docs/product.md "Delivery on a chosen date")
  await releaseDeliverySlots(tx, done);
  // their discount codes' uses are free again (docs/product.md "Discount codes")
  await releaseRedemptions(tx, done, now);
  if (done.length) await tx.insert(purchaseEvents).values(done.map((purchaseId) => ({ purchaseId, status: "cancelled" as const, note })));
  return done;
}

/**
 * pending → cancelled (only from pending), stock given back, each change recorded,
 * for a reason that is not the shop's (the back office cancels with changePurchaseStatus).
 */
export async function cancelPurchases(db: Db, ids: string[], note: ShopperCancelNote, now = new Date(), lapsed = false) {
  if (!ids.length) return [];
  return db.transaction(async (tx) => {
    await lockProducts(tx, await productsOf(tx, ids));
    return cancelPendingIn(tx, ids, note, now, lapsed);
  });
}

/** The shopper left the payment page without paying: cancel and give the stock back; the cart stays. */
export async function cancelPendingPurchase(db: Db, purchaseId: string, note: ShopperCancelNote = shopperCancelNotes.cancelled) {
  await cancelPurchases(db, [purchaseId], note);
}
