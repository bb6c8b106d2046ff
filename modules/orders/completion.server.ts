import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { cartItems, purchaseEvents, purchaseItems, purchases } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { PaymentProvider, VerifiedPayment } from "../payments/types";
import type { SessionUser } from "../accounts/sessions.server";
import type { PurchaseView } from "./types";
import { markRedemptionUsed } from "../discounts/redemptions.server";
import { orderMails, refundDueMails, type RefundReason } from "./mails.server";
import { isPaidStatus } from "./statuses";
import { cancelPendingPurchase, shopperCancelNotes } from "./cancellation.server";
import { reserveStock } from "../stock/reservation.server";
import { getPurchaseByReference } from "./views.server";

type PurchaseRow = typeof purchases.$inferSelect;
type Actor = Pick<SessionUser, "id" | "role">;

export type CompletionResult = {
  /** refund_due: the money arrived but the order is cancelled (sold out meanwhile, or cancelled after payment) */
  outcome: "completed" | "already_completed" | "refund_due" | "rejected" | "not_paid";
  purchase: PurchaseRow | null;
};

/**
 * Marks a purchase paid exactly once, whatever the number and order of verifies,
 * webhooks and back-office changes: the purchase row is locked (FOR UPDATE) for the
 * whole decision, so a cancel and a payment never interleave. The amount and
 * currency must match the stored total exactly. The winner clears the bought lines
 * from the cart and queues both mails in the same transaction.
 *
 * A payment for an order cancelled before it was paid, but not by the shop (the
 * 30-minute window closed, or the shopper cancelled or replaced it, just before the
 * money arrived), completes it if the stock can be taken again. An order the shop
 * cancelled stays cancelled whatever arrives. When the order stays cancelled, the
 * payment is recorded on it (paid_at, transaction id), and the shopper and the shop
 * are told a refund is due, once. An order that was paid and then cancelled by the
 * shop stays cancelled: a repeated verify or webhook changes nothing.
 */
export async function completePurchase(
  db: Db,
  reference: string,
  payment: VerifiedPayment,
  via: "verify" | "webhook",
  now = new Date(),
): Promise<CompletionResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(purchases).where(eq(purchases.reference, reference)).for("update");
    if (!current) return { outcome: "rejected" as const, purchase: null };
    if (isPaidStatus(current.status)) return { outcome: "already_completed" as const, purchase: current };
    if (current.status === "cancelled" && current.paidAt) return { outcome: "refund_due" as const, purchase: current };
    if (payment.status !== "success") return { outcome: "not_paid" as const, purchase: current };
    if (payment.amountKobo !== current.totalKobo || payment.currency !== current.currency)
      return { outcome: "rejected" as const, purchase: current };

    const items = await tx.select().from(purchaseItems).where(eq(purchaseItems.purchaseId, current.id));
    // why a cancelled order cannot be revived by this payment (null: it can, and was)
    let staysCancelled: RefundReason | null = null;
    if (current.status === "cancelled") {
      if (await cancelledByShop(tx, current.id)) staysCancelled = "cancelled_by_shop";
      else if (!(await takeStockAgain(tx, items))) staysCancelled = "sold_out";
    }
    if (staysCancelled) {
      const [kept] = await tx
        .update(purchases)
        .set({ paidAt: now, transactionId: payment.transactionId, updatedAt: now })
        .where(eq(purchases.id, current.id))
        .returning();
      await tx.insert(purchaseEvents).values({
        purchaseId: current.id,
        status: "cancelled",
        note: `payment received by ${via} after cancellation (${payment.transactionId ?? "no id"}), ${refundNotes[staysCancelled]}: refund needed`,
      });
      await refundDueMails(tx, kept!, items, staysCancelled);
      return { outcome: "refund_due" as const, purchase: kept! };
    }
    if (current.status !== "pending" && current.status !== "cancelled") return { outcome: "rejected" as const, purchase: current };

    const [paid] = await tx
      .update(purchases)
      .set({ status: "completed", paidAt: now, transactionId: payment.transactionId, updatedAt: now })
      .where(eq(purchases.id, current.id))
      .returning();
    await tx.insert(purchaseEvents).values({ purchaseId: paid!.id, status: "completed", note: `payment confirmed by ${via}` });
    // its discount code's use counts now (docs/product.md "Discount codes")
    await markRedemptionUsed(tx, paid!.id, now);
    if (paid!.userId) {
      const bought = items.map((i) => i.productId).filter((id): id is string => !!id);
      if (bought.length) await tx.delete(cartItems).where(and(eq(cartItems.userId, paid!.userId), inArray(cartItems.productId, bought)));
    }
    await orderMails(tx, paid!, items);
    return { outcome: "completed" as const, purchase: paid! };
  });
}

const refundNotes: Record<RefundReason, string> = {
  cancelled_by_shop: "the shop had cancelled the order",
  sold_out: "stock no longer available",
};

const shopperNotes: readonly (string | null)[] = Object.values(shopperCancelNotes);

/**
 * Whether anyone but the shopper's own path cancelled this order: read from its
 * history under the order's lock. The window closing and the shopper's cancels
 * are recorded with no actor and one of shopperCancelNotes; the back office's
 * cancel records the admin who did it. Anything else counts as the shop's.
 */
async function cancelledByShop(tx: Tx, purchaseId: string): Promise<boolean> {
  const cancels = await tx
    .select({ note: purchaseEvents.note, actorId: purchaseEvents.actorId })
    .from(purchaseEvents)
    .where(and(eq(purchaseEvents.purchaseId, purchaseId), eq(purchaseEvents.status, "cancelled")));
  return !cancels.length || cancels.some((e) => e.actorId !== null || !shopperNotes.includes(e.note));
}

/** Reserves a cancelled order's items again, all or none (a savepoint undoes a partial take). */
async function takeStockAgain(tx: Tx, items: (typeof purchaseItems.$inferSelect)[]): Promise<boolean> {
  const lines = items.filter((i) => i.productId).map((i) => ({ productId: i.productId!, quantity: i.quantity, title: i.title }));
  try {
    await tx.transaction((sp) => reserveStock(sp, lines));
    return true;
  } catch (e) {
    if (e instanceof AppError && e.kind === "conflict") return false;
    throw e;
  }
}

/** /checkout/complete: ask the provider, then complete (or not). Only the buyer or an admin may look. */
export async function verifyAndComplete(db: Db, provider: PaymentProvider, actor: Actor, reference: string) {
  const [current] = await db.select().from(purchases).where(eq(purchases.reference, reference));
  if (!current || (actor.role !== "admin" && current.userId !== actor.id)) throw AppError.notFound("Order");
  let outcome: CompletionResult["outcome"] = isPaidStatus(current.status)
    ? "already_completed"
    : current.status === "cancelled" && current.paidAt
      ? "refund_due"
      : "not_paid";
  let paymentStatus: VerifiedPayment["status"] | null = null;
  // only an order not yet paid asks the provider: a paid one (even if cancelled since) is settled
  if (outcome === "not_paid" && (current.status === "pending" || current.status === "cancelled")) {
    const payment = await provider.verify(reference);
    paymentStatus = payment.status;
    outcome = (await completePurchase(db, reference, payment, "verify")).outcome;
    // came back without paying: the stock goes back, the cart stays
    if (outcome === "not_paid" && (payment.status === "abandoned" || payment.status === "failed"))
      await cancelPendingPurchase(db, reference, shopperCancelNotes[payment.status]);
  }
  const purchase = await getPurchaseByReference(db, reference);
  return { outcome, paymentStatus, purchase: purchase! };
}

/**
 * The payment popup closed or failed without paying (PAYSTACK_MODE=popup): the
 * order is cancelled now, through the same path as the sandbox's 'Cancel
 * payment', instead of after the 30-minute window; the cart stays. The provider
 * is asked first, so a payment that did go through completes instead. If it
 * cannot be asked, the order is cancelled anyway: a payment arriving later still
 * completes it while the stock lasts (completePurchase).
 */
export async function abandonPayment(db: Db, provider: PaymentProvider, actor: Actor, reference: string): Promise<PurchaseView> {
  const [current] = await db.select().from(purchases).where(eq(purchases.reference, reference));
  if (!current || (actor.role !== "admin" && current.userId !== actor.id)) throw AppError.notFound("Order");
  if (current.status === "pending") {
    const payment = await provider.verify(reference).catch(() => null);
    if (payment?.status === "success") await completePurchase(db, reference, payment, "verify");
    else await cancelPendingPurchase(db, reference, shopperCancelNotes.windowClosed);
  }
  return (await getPurchaseByReference(db, reference))!;
}
