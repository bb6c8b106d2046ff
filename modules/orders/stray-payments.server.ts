import type { Db, Tx } from "../../db/client";
import { and, asc, eq } from "drizzle-orm";
import { paymentAttempts, providerEvents, purchaseEvents, purchases, strayPayments } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { formatNaira, koboToNaira } from "../../lib/money";
import { publicOrigin } from "../../lib/public-origin";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { orderUrl, type MailLinks } from "./mails.server";
import { adminOrderPath, byHandWords, orderNumber, leftToPayKobo } from "./statuses";
import type { ReceivedPayment } from "./received-payment";
import { payerOfAttempt, payerRefundMail } from "./payer-mails.server";

// Money the provider took that its order cannot take (docs/product.md "Paying"): a second payment
// for an order already paid (a shared link paid by two people, a card payment after the owner
// recorded a transfer), or a payment on an earlier attempt whose amount is no longer the order's
// total (the order was repriced when it was revived). It is never applied and never silent: the
// order's timeline says a refund is needed, and the shopper and the shop are told, once per
// provider transaction however often the provider or the shopper's return repeats it. Each is a
// row of its own (stray_payments), refunded by its own transaction (stray-refunds.server.ts).

type Purchase = typeof purchases.$inferSelect;

/**
 * chipped_in: a part paid through the payment link of an order the shop then cancelled
 * (part-payments.server.ts); held_part: a part the shop recorded itself on it (held-parts.server.ts)
 */
export type StrayReason = "paid_twice" | "wrong_amount" | "closed" | "chipped_in" | "held_part";

/** Why a provider's payment cannot be applied to this order (read under the order's lock), or null when it can be (or is a repeat). */
export function strayReason(p: Purchase, payment: ReceivedPayment): StrayReason | null {
  if (payment.status !== "success" || (payment.paidVia && payment.paidVia !== "provider")) return null;
  // the payment already recorded, told again, is not a second one
  if (p.paidAt) return payment.transactionId && payment.transactionId !== p.transactionId ? "paid_twice" : null;
  if (payment.amountKobo !== leftToPayKobo(p) || payment.currency !== p.currency) return "wrong_amount";
  return null;
}

const timelineWords: Record<StrayReason, (p: Purchase) => string> = {
  paid_twice: () => "the order was already paid",
  wrong_amount: (p) =>
    p.depositKobo
      ? `it does not match the ${formatNaira(leftToPayKobo(p))} left to pay after its part payments`
      : `it does not match the order's total of ${formatNaira(p.totalKobo)}`,
  closed: (p) => `the order is ${p.status}`,
  chipped_in: () => "it was chipped in through the payment link and the order was cancelled",
  held_part: () => "it was a part payment the shop recorded, and the order was cancelled",
};

const shopperWords: Record<StrayReason, (p: Pick<Purchase, "totalKobo" | "depositKobo">) => string> = {
  paid_twice: () => "but the order had already been paid, so this second payment is not needed",
  wrong_amount: (p) =>
    `on an earlier payment page, but ${p.depositKobo ? `the order has ${formatNaira(leftToPayKobo(p))} left to pay` : `the order's total is now ${formatNaira(p.totalKobo)}`}, so it could not pay for it`,
  closed: () => "but the order can no longer take a payment",
  chipped_in: () => "chipped in through its payment link, but the order was cancelled, so it goes back to whoever paid it",
  held_part: () => "as a part payment, and the order was cancelled",
};

/**
 * Records a stray payment on its order and tells the shopper and the shop, once: the provider's
 * transaction (or the attempt's reference) takes a key in provider_events in the caller's
 * transaction. Returns false when it was already recorded.
 */
export async function recordStrayPayment(
  tx: Tx,
  p: Purchase,
  payment: ReceivedPayment,
  reason: StrayReason,
  via: "verify" | "webhook",
  links: MailLinks,
): Promise<boolean> {
  const reference = payment.reference ?? p.reference;
  const transaction = payment.transactionId ?? "unknown";
  const [fresh] = await tx
    .insert(providerEvents)
    .values({ eventKey: `stray:${reference}:${transaction}`, event: "stray payment", purchaseId: p.id })
    .onConflictDoNothing()
    .returning({ id: providerEvents.id });
  if (!fresh) return false;
  const [attempt] = await tx
    .select({ provider: paymentAttempts.provider })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.reference, reference));
  // (a payment of nothing has nothing to give back)
  if (payment.amountKobo > 0)
    await tx.insert(strayPayments).values({
      purchaseId: p.id,
      provider: attempt?.provider ?? p.paymentProvider,
      reference,
      transactionId: payment.transactionId,
      amountKobo: payment.amountKobo,
      currency: payment.currency,
      reason,
    });
  const amount = `${formatNaira(payment.amountKobo)}${payment.currency !== p.currency ? ` (${payment.currency})` : ""}`;
  await tx.insert(purchaseEvents).values({
    purchaseId: p.id,
    status: p.status,
    note: `Payment of ${amount} received by ${via} (reference ${reference}, transaction ${transaction}) but not applied: ${timelineWords[reason](p)}. Refund needed.`,
  });
  const shop = await getSettings(tx);
  const number = orderNumber(p.id);
  await enqueueMail(tx, {
    to: p.email,
    subject: `Your ${shop.shopName} order #${number}: a payment will be refunded`,
    text: `Hello ${p.firstName},\n\nWe received a payment of ${amount} for order #${number}, ${shopperWords[reason](p)}. We are refunding it to the account or card it came from within 5 working days; you do not need to do anything.\n\nYour order: ${orderUrl(links, p)}\n\nQuestions? Write to ${shop.contactEmail} or call ${shop.contactPhone}.\n\nWith care,\n${shop.shopName}`,
    kind: "order_stray_payment",
  });
  await enqueueMail(tx, {
    to: shop.contactEmail,
    subject: `Refund needed: order #${number}, ${amount} not applied`,
    text: `A payment of ${amount} arrived for order #${number} (reference ${reference}, transaction ${transaction}), but ${timelineWords[reason](p)}. The shop holds this money without an order for it: refund it on the payment provider's dashboard (transaction ${transaction}) and tell ${p.firstName} ${p.lastName} <${p.email}>.\n\nThe order: ${publicOrigin(links)}${adminOrderPath(p.id)}\n`,
    kind: "order_stray_payment_admin",
  });
  // whoever paid it through the link is told too, when she gave her email (docs/product.md "Chipping in")
  const payer = payment.amountKobo > 0 ? await payerOfAttempt(tx, p, reference) : null;
  if (payer) await payerRefundMail(tx, p, payer, payment.amountKobo, "to_refund", timelineWords[reason](p));
  return true;
}

/**
 * An order's row and then one of its payments not applied, locked for the caller's transaction (the
 * order's lock is the one its refunds and the provider's events take): whoever comes second waits,
 * then reads what the first recorded. 404 when either is not there.
 */
export async function lockStrayPayment(tx: Tx, purchaseId: string, strayId: string) {
  const [p] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
  if (!p) throw AppError.notFound("Purchase");
  const [stray] = await tx
    .select()
    .from(strayPayments)
    .where(and(eq(strayPayments.id, strayId), eq(strayPayments.purchaseId, p.id)))
    .for("update");
  if (!stray) throw AppError.notFound("Payment");
  return { p, stray };
}

/** What the shopper's order page says of a payment her order did not take (naira; no transaction details). */
export type UnappliedPayment = {
  amount: number;
  /** why, in the words of her mail: "but the order had already been paid, so this second payment is not needed" */
  why: string;
  status: "refund_needed" | "refund_pending" | "refunded" | "kept";
  refundedAt: string | null;
  /** a part the shop recorded itself: given back by hand (how, once it was), not through the provider */
  byHand: { givenBackVia: string | null } | null;
};

/** An order's payments it did not take, oldest first, for the order's own page (docs/product.md "Refunds"). */
export async function unappliedPayments(db: Db, purchaseId: string): Promise<UnappliedPayment[]> {
  const rows = await db
    .select({
      amountKobo: strayPayments.amountKobo,
      reason: strayPayments.reason,
      status: strayPayments.status,
      refundedAt: strayPayments.refundedAt,
      givenBackVia: strayPayments.givenBackVia,
      totalKobo: purchases.totalKobo,
      depositKobo: purchases.depositKobo,
    })
    .from(strayPayments)
    .innerJoin(purchases, eq(purchases.id, strayPayments.purchaseId))
    .where(eq(strayPayments.purchaseId, purchaseId))
    .orderBy(asc(strayPayments.createdAt));
  return rows.map((r) => ({
    amount: koboToNaira(r.amountKobo),
    why: (shopperWords[r.reason as StrayReason] ?? shopperWords.closed)(r),
    status: r.status,
    refundedAt: r.refundedAt?.toISOString() ?? null,
    byHand:
      r.reason === "held_part" ? { givenBackVia: r.givenBackVia ? byHandWords[r.givenBackVia as keyof typeof byHandWords] : null } : null,
  }));
}
