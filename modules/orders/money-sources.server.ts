import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { partPayments, paymentAttempts, refunds, type purchases } from "../../db/schema";
import type { MoneySource } from "./refund-split";

type Purchase = typeof purchases.$inferSelect;

// The ways a paid order's money came (docs/product.md "Refunds"), for refundSplit: the parts the
// shop recorded and the rest if recorded by hand, pooled; the rest through the provider; each part
// chipped in through the payment link, by its own transaction, the latest first.

/** What the provider's refund names for the order's last payment (the one that paid it in full). */
export const lastTransaction = (p: Pick<Purchase, "transactionId" | "reference">) => p.transactionId ?? p.reference;

export async function moneySources(tx: Tx | Db, p: Purchase): Promise<MoneySource[]> {
  if (!p.paidAt) return [];
  const parts = await tx
    .select({
      kobo: partPayments.amountKobo,
      via: partPayments.paidVia,
      transaction: partPayments.transactionId,
      reference: partPayments.reference,
      payer: partPayments.payerName,
    })
    .from(partPayments)
    .where(eq(partPayments.purchaseId, p.id))
    .orderBy(desc(partPayments.createdAt), desc(partPayments.id));
  const chipped = parts.filter((part) => part.via === "provider");
  // what the shop recorded of the deposit: its ledger rows, and any deposit recorded before the ledger was kept
  const depositByHand = p.depositKobo - chipped.reduce((sum, part) => sum + part.kobo, 0);
  const lastKobo = (p.paidAmountKobo ?? p.totalKobo) - p.depositKobo;
  const lastByHand = !!p.paidVia && p.paidVia !== "provider";
  const byHand = depositByHand + (lastByHand ? lastKobo : 0);
  const lastPayer = !lastByHand && lastKobo > 0 ? await restPayer(tx, p) : null;
  return [
    ...(byHand > 0 ? [{ transaction: null, kobo: byHand, payer: null }] : []),
    ...(!lastByHand && lastKobo > 0 ? [{ transaction: lastTransaction(p), kobo: lastKobo, payer: lastPayer }] : []),
    ...chipped.map((part) => ({ transaction: part.transaction ?? part.reference!, kobo: part.kobo, payer: part.payer })),
  ];
}

/**
 * Who paid the rest through the order's link, by the name she gave (chipping in all that was left):
 * null for the buyer's own payment, or a link payment made without a name.
 */
async function restPayer(tx: Tx | Db, p: Purchase): Promise<string | null> {
  if (!p.paidReference || p.paidReference === p.reference) return null;
  const [attempt] = await tx
    .select({ name: paymentAttempts.payerName })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.purchaseId, p.id), eq(paymentAttempts.reference, p.paidReference)));
  return attempt?.name ?? null;
}

/** What was already given back from each way (processed or on its way; a failed refund gave nothing), by transaction; null: by hand. */
export async function refundedByTransaction(tx: Tx | Db, purchaseId: string): Promise<Map<string | null, number>> {
  const rows = await tx
    .select({ transaction: refunds.transactionId, kobo: sql<number>`sum(${refunds.amountKobo})`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.purchaseId, purchaseId), ne(refunds.status, "failed")))
    .groupBy(refunds.transactionId);
  return new Map(rows.map((r) => [r.transaction, r.kobo]));
}

/**
 * The transaction a provider's refund event is about, as the order's sources name it: a part
 * chipped in is named by its own payment reference; anything else is the order's last payment.
 */
export async function transactionOfReference(tx: Tx, p: Purchase, reference: string): Promise<string> {
  const [part] = await tx
    .select({ transaction: partPayments.transactionId })
    .from(partPayments)
    .where(and(eq(partPayments.purchaseId, p.id), eq(partPayments.paidVia, "provider"), eq(partPayments.reference, reference)));
  return part ? (part.transaction ?? reference) : lastTransaction(p);
}
