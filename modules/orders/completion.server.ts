import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { cartItems, paymentAttempts, purchaseEvents, purchaseItems, purchases } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { PaymentProvider, VerifiedPayment } from "../payments/types";
import { linkKeys, settleGuestOrder } from "../accounts/email-proof.server";
import { markRedemptionUsed } from "../discounts/redemptions.server";
import { cancelPendingPurchase, shopperCancelNotes } from "./cancellation.server";
import { orderMails, refundDueMails, type MailLinks, type RefundReason } from "./mails.server";
import { isPaidOrder, leftToPayKobo } from "./statuses";
import { reserveStock } from "../stock/reservation.server";
import { retakeDeliverySlot } from "../delivery/schedule.server";
import type { PurchaseView } from "./types";
import { getPurchaseByReference } from "./views.server";
import { recordStrayPayment, strayReason } from "./stray-payments.server";
import { takeChippedIn } from "./part-payments.server";
import { payerOfAttempt, payerThanksMail } from "./payer-mails.server";
import type { ReceivedPayment } from "./received-payment";

type PurchaseRow = typeof purchases.$inferSelect;

export type CompletionResult = {
  /**
   * refund_due: the money arrived but the order is cancelled (sold out meanwhile, or cancelled after payment);
   * stray: the money arrived but the order cannot take it (paid already, or another amount): recorded, to refund;
   * part: a payer chipped in part of what is left through a payment link (added, or added already)
   */
  outcome: "completed" | "already_completed" | "refund_due" | "stray" | "rejected" | "not_paid" | "part";
  purchase: PurchaseRow | null;
};

export type CompletionOptions = { links: MailLinks; now?: Date };

/** The payment attempt a reference names: its order (the checkout's, or a later attempt's), and whether it is a part chipped in. */
export async function attemptOf(db: Db | Tx, reference: string) {
  const [row] = await db
    .select({
      purchaseId: paymentAttempts.purchaseId,
      part: paymentAttempts.part,
      amountKobo: paymentAttempts.amountKobo,
      payerName: paymentAttempts.payerName,
    })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.reference, reference));
  return row ?? null;
}

/** The order a payment reference was started for (the checkout's, or a later attempt's). */
export async function purchaseIdOf(db: Db | Tx, reference: string): Promise<string | null> {
  return (await attemptOf(db, reference))?.purchaseId ?? null;
}

/**
 * A provider's answer about `reference`: completes the order that reference belongs to
 * (completeOrder), or adds what a payer chipped in on a part attempt (docs/product.md "Chipping in").
 */
export async function completePurchase(
  db: Db,
  reference: string,
  payment: ReceivedPayment,
  via: "verify" | "webhook",
  options: CompletionOptions,
): Promise<CompletionResult> {
  const attempt = await attemptOf(db, reference);
  if (!attempt) return { outcome: "rejected", purchase: null };
  const part = attempt.part ? { amountKobo: attempt.amountKobo, payerName: attempt.payerName } : undefined;
  return completeOrder(db, attempt.purchaseId, { ...payment, reference, part }, via, options);
}

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
 * shop stays cancelled: a repeated verify or webhook changes nothing. A provider's payment the
 * order cannot take (a second one, or another amount) is recorded as stray (stray-payments.server.ts).
 */
export async function completeOrder(
  db: Db,
  purchaseId: string,
  payment: ReceivedPayment,
  via: "verify" | "webhook" | "admin",
  { links, now = new Date() }: CompletionOptions,
): Promise<CompletionResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
    if (!current) return { outcome: "rejected" as const, purchase: null };
    // a part of what is left, chipped in through a payment link: added as a part while it is less than what is left
    if (payment.part && payment.reference && via !== "admin") {
      const taken = await takeChippedIn(tx, current, { ...payment, reference: payment.reference, part: payment.part }, via, links, now);
      if (taken) return taken;
    }
    const stray = via !== "admin" && strayReason(current, payment);
    if (stray) {
      await recordStrayPayment(tx, current, payment, stray, via, links);
      return { outcome: "stray" as const, purchase: current };
    }
    if (isPaidOrder(current)) return { outcome: "already_completed" as const, purchase: current };
    if (current.status === "cancelled" && current.paidAt) return { outcome: "refund_due" as const, purchase: current };
    if (payment.status !== "success") return { outcome: "not_paid" as const, purchase: current };
    // what is left to pay (the total, less any part payment the shop recorded): a provider's payment
    // is exactly that; the owner records at least that (more is kept, to give back as a refund)
    const due = leftToPayKobo(current);
    const short = via === "admin" ? payment.amountKobo < due : payment.amountKobo !== due;
    if (short || payment.currency !== current.currency) return { outcome: "rejected" as const, purchase: current };

    const items = await tx.select().from(purchaseItems).where(eq(purchaseItems.purchaseId, current.id));
    // why a cancelled order cannot be revived by this payment (null: it can, and was)
    let staysCancelled: RefundReason | null = null;
    if (current.status === "cancelled") {
      if (await cancelledByShop(tx, current.id)) staysCancelled = "cancelled_by_shop";
      else staysCancelled = await takeHoldsAgain(tx, current, items);
    }
    const money = {
      paidAt: now,
      transactionId: payment.transactionId,
      paidVia: payment.paidVia ?? ("provider" as const),
      paidAmountKobo: current.depositKobo + payment.amountKobo,
      paidReference: via === "admin" ? null : (payment.reference ?? null),
      paymentNote: payment.note ?? null,
      updatedAt: now,
    };
    if (staysCancelled) {
      const [kept] = await tx.update(purchases).set(money).where(eq(purchases.id, current.id)).returning();
      await tx.insert(purchaseEvents).values({
        purchaseId: current.id,
        status: "cancelled",
        note: `payment received by ${via} after cancellation (${payment.transactionId ?? payment.note ?? "no id"}), ${refundNotes[staysCancelled]}: refund needed`,
        actorId: payment.actorId ?? null,
      });
      await refundDueMails(tx, kept!, items, staysCancelled, links);
      return { outcome: "refund_due" as const, purchase: kept! };
    }
    // an unpaid order is pending, or (paid on delivery) on its way; anything else is settled
    const unpaidOnItsWay = current.paymentMethod === "pod" && ["processing", "shipped", "delivered"].includes(current.status);
    if (current.status !== "pending" && current.status !== "cancelled" && !unpaidOnItsWay) {
      if (via === "admin") return { outcome: "rejected" as const, purchase: current };
      await recordStrayPayment(tx, current, payment, "closed", via, links);
      return { outcome: "stray" as const, purchase: current };
    }

    // a pay-on-delivery order already on its way keeps its fulfilment status: the money is what arrived
    const status = current.status === "pending" || current.status === "cancelled" ? "completed" : current.status;
    const [updated] = await tx
      .update(purchases)
      .set({ ...money, status })
      .where(eq(purchases.id, current.id))
      .returning();
    await tx.insert(purchaseEvents).values({
      purchaseId: current.id,
      status,
      note:
        via === "admin"
          ? `${receivedWords[money.paidVia]} recorded${payment.note ? ` (${payment.note})` : ""}`
          : `payment confirmed by ${via}`,
      actorId: payment.actorId ?? null,
    });
    // its discount code's use counts now (docs/product.md "Discount codes")
    await markRedemptionUsed(tx, current.id, now);
    const paid = await settleGuestOrder(tx, updated!, linkKeys(links));
    if (paid.userId) {
      const bought = items.map((i) => i.productId).filter((id): id is string => !!id);
      if (bought.length) await tx.delete(cartItems).where(and(eq(cartItems.userId, paid.userId), inArray(cartItems.productId, bought)));
    }
    await orderMails(tx, paid, items, links);
    // whoever paid the rest through the link is thanked, when she gave her email there (docs/product.md "Chipping in")
    const payer = via !== "admin" && payment.reference ? await payerOfAttempt(tx, paid, payment.reference) : null;
    if (payer) await payerThanksMail(tx, paid, payer, payment.amountKobo, 0);
    return { outcome: "completed" as const, purchase: paid };
  });
}

const receivedWords = { provider: "payment", transfer: "bank transfer", cash: "cash payment", pos: "POS payment" } as const;

const refundNotes: Record<RefundReason, string> = {
  cancelled_by_shop: "the shop had cancelled the order",
  sold_out: "stock no longer available",
  date_full: "its delivery date fully booked meanwhile",
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

class DateFull extends Error {}

/**
 * Reserves a cancelled order's items and its place on its delivery day again, all or none (a
 * savepoint undoes a partial take); null when both were taken, else why not.
 */
async function takeHoldsAgain(
  tx: Tx,
  order: Pick<PurchaseRow, "deliverySlotId">,
  items: (typeof purchaseItems.$inferSelect)[],
): Promise<RefundReason | null> {
  const lines = items.filter((i) => i.productId).map((i) => ({ productId: i.productId!, quantity: i.quantity, title: i.title }));
  try {
    await tx.transaction(async (sp) => {
      await reserveStock(sp, lines);
      if (!(await retakeDeliverySlot(sp, order.deliverySlotId))) throw new DateFull();
    });
    return null;
  } catch (e) {
    if (e instanceof DateFull) return "date_full";
    if (e instanceof AppError && e.kind === "conflict") return "sold_out";
    throw e;
  }
}

/**
 * The buyer (or whoever pays through a shared link) came back from the provider: ask the
 * provider about `reference`, then complete the order once (or not). Who may look is checked by
 * the caller (order-access.server.ts). Coming back from the checkout's own payment without paying
 * gives the stock back, the cart stays; a shared link's attempt leaves its order waiting for
 * another try until the link ends.
 */
export async function verifyAndComplete(db: Db, provider: PaymentProvider, reference: string, options: CompletionOptions) {
  const id = await purchaseIdOf(db, reference);
  const [current] = id ? await db.select().from(purchases).where(eq(purchases.id, id)) : [];
  if (!current) throw AppError.notFound("Order");
  let outcome: CompletionResult["outcome"] = isPaidOrder(current)
    ? "already_completed"
    : current.status === "cancelled" && current.paidAt
      ? "refund_due"
      : "not_paid";
  let paymentStatus: VerifiedPayment["status"] | null = null;
  // a paid order that was to be paid online asks only about another attempt than the one that paid
  // it (paid by a transfer the owner recorded meanwhile, or on another page): money taken there is
  // a second payment, recorded to refund as soon as she is back (stray-payments.server.ts), not
  // only when the provider's webhook comes. Orders to be paid by transfer or on delivery never ask.
  const paidOnline = current.paidVia === null || current.paidVia === "provider";
  const payableOnline = current.paymentMethod === "online" || current.paymentMethod === "pay_link";
  if (outcome === "already_completed" && payableOnline && !(paidOnline && current.reference === reference)) {
    const payment = await provider.verify(reference).catch(() => null);
    if (payment?.status === "success") outcome = (await completePurchase(db, reference, payment, "verify", options)).outcome;
  }
  // only an order not yet paid asks the provider: a paid one (even if cancelled since) is settled
  if (outcome === "not_paid" && (current.status === "pending" || current.status === "cancelled")) {
    const payment = await provider.verify(reference);
    paymentStatus = payment.status;
    outcome = (await completePurchase(db, reference, payment, "verify", options)).outcome;
    if (outcome === "not_paid" && current.paymentMethod === "online" && (payment.status === "abandoned" || payment.status === "failed"))
      await cancelPendingPurchase(db, current.id, shopperCancelNotes[payment.status]);
  }
  const purchase = await getPurchaseByReference(db, current.reference);
  return { outcome, paymentStatus, purchase: purchase! };
}

/**
 * The payment popup closed or failed without paying (PAYSTACK_MODE=popup): the
 * order is cancelled now, through the same path as the sandbox's 'Cancel
 * payment', instead of after the 30-minute window; the cart stays. The provider
 * is asked first, so a payment that did go through completes instead. If it
 * cannot be asked, the order is cancelled anyway: a payment arriving later still
 * completes it while the stock lasts (completePurchase). The caller checks who may.
 */
export async function abandonPayment(
  db: Db,
  provider: PaymentProvider,
  reference: string,
  options: CompletionOptions,
): Promise<PurchaseView> {
  const id = await purchaseIdOf(db, reference);
  const [current] = id ? await db.select().from(purchases).where(eq(purchases.id, id)) : [];
  if (!current) throw AppError.notFound("Order");
  if (current.status === "pending" && current.paymentMethod === "online") {
    const payment = await provider.verify(reference).catch(() => null);
    if (payment?.status === "success") await completePurchase(db, reference, payment, "verify", options);
    else await cancelPendingPurchase(db, current.id, shopperCancelNotes.windowClosed);
  }
  return (await getPurchaseByReference(db, current.reference))!;
}
