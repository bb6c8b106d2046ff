import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { paymentDisputes, providerEvents, purchaseEvents, purchases, refunds } from "../../db/schema";
import { formatNaira } from "../../lib/money";
import type { DisputeEvent, ProviderMoneyEvent, RefundEvent } from "../payments/paystack-events";
import { purchaseIdOf } from "./completion.server";
import { transactionOfReference } from "./money-sources.server";
import { newRefundReference } from "./refunds.server";
import { disputeMail, refundFailedMail } from "./refund-mails.server";
import { applyStrayRefundEvent, strayPaymentOf } from "./stray-refunds.server";

// The provider's refund and dispute events (docs/product.md "Refunds"): verified by the webhook's
// signature, then applied once. Each event takes a key made from what it says (the event and the
// refund's or dispute's id) in provider_events, in the same transaction as its change: a replay
// finds the key taken and changes nothing, however many arrive at once.

type PurchaseRow = typeof purchases.$inferSelect;
export type ProviderEventOutcome = "applied" | "replayed" | "unknown_order";

const eventKey = (e: ProviderMoneyEvent) =>
  e.kind === "dispute"
    ? `paystack:${e.event}:${e.disputeId}`
    : `paystack:${e.event}:${e.refundId ?? e.refundReference ?? `${e.transactionReference}:${e.amountKobo}`}`;

export async function recordProviderMoneyEvent(db: Db, event: ProviderMoneyEvent): Promise<ProviderEventOutcome> {
  const purchaseId = await purchaseIdOf(db, event.transactionReference);
  if (!purchaseId) return "unknown_order";
  return db.transaction(async (tx) => {
    // the same lock as a refund from the back office: the two never interleave
    const [p] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
    if (!p) return "unknown_order" as const;
    const [fresh] = await tx
      .insert(providerEvents)
      .values({ eventKey: eventKey(event), event: event.event, purchaseId })
      .onConflictDoNothing()
      .returning({ id: providerEvents.id });
    if (!fresh) return "replayed" as const;
    if (event.kind === "refund") await applyRefundEvent(tx, p, event);
    else await applyDisputeEvent(tx, p, event);
    return "applied" as const;
  });
}

const note = (tx: Tx, p: PurchaseRow, text: string) => tx.insert(purchaseEvents).values({ purchaseId: p.id, status: p.status, note: text });

/** The refund the event is about: by the provider's id, else the oldest refund of that amount still waiting. */
async function refundOf(tx: Tx, p: PurchaseRow, e: RefundEvent) {
  if (e.refundId) {
    const [byId] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, e.refundId));
    if (byId) return byId.purchaseId === p.id ? byId : null;
  }
  const [waiting] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.purchaseId, p.id), eq(refunds.status, "pending"), eq(refunds.amountKobo, e.amountKobo)))
    .orderBy(asc(refunds.createdAt))
    .limit(1);
  return waiting ?? null;
}

async function applyRefundEvent(tx: Tx, p: PurchaseRow, e: RefundEvent) {
  const amount = formatNaira(e.amountKobo);
  // a refund of a payment the order never took is that payment's, not the order's
  const strayById = await strayPaymentOf(tx, p, e, "id");
  if (strayById) return applyStrayRefundEvent(tx, p, strayById, e);
  const refund = await refundOf(tx, p, e);
  const stray = refund ? null : await strayPaymentOf(tx, p, e, "transaction");
  if (stray) return applyStrayRefundEvent(tx, p, stray, e);
  if (!refund) {
    // a refund the shop did not ask for here (made on the provider's dashboard): recorded as it is
    if (e.status === "processed") {
      await tx.insert(refunds).values({
        purchaseId: p.id,
        amountKobo: e.amountKobo,
        status: "processed",
        provider: "paystack",
        reference: newRefundReference(),
        providerRefundId: e.refundId,
        providerReference: e.refundReference,
        // which of the order's payments it gave back from (a part chipped in has its own)
        transactionId: await transactionOfReference(tx, p, e.transactionReference),
        reason: "made at the payment provider",
        processedAt: new Date(),
      });
      await note(
        tx,
        p,
        `Refund of ${amount} processed by paystack (made outside the shop${e.refundReference ? `, ${e.refundReference}` : ""})`,
      );
    } else await note(tx, p, `A refund of ${amount} failed at paystack (not one asked from the shop)`);
    return;
  }
  if (refund.status !== "pending") {
    await note(tx, p, `Paystack says the refund ${refund.reference} of ${amount} ${e.status}; it was already ${refund.status}`);
    return;
  }
  const [changed] = await tx
    .update(refunds)
    .set({
      status: e.status,
      processedAt: e.status === "processed" ? new Date() : null,
      providerReference: e.refundReference ?? refund.providerReference,
      failureReason: e.status === "failed" ? "failed at the payment provider" : null,
      updatedAt: new Date(),
    })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending")))
    .returning();
  await note(
    tx,
    p,
    e.status === "processed"
      ? `Refund of ${amount} processed by paystack (${refund.reference}${e.refundReference ? `, ${e.refundReference}` : ""})`
      : `Refund of ${amount} failed at paystack (${refund.reference}): it can be refunded again`,
  );
  if (e.status === "failed") await refundFailedMail(tx, p, changed!);
}

const disputeWords = (e: DisputeEvent) =>
  e.event === "charge.dispute.create"
    ? `Payment disputed by the customer: ${formatNaira(e.amountKobo)} (${e.status}${e.dueAt ? `, answer by ${e.dueAt.slice(0, 10)}` : ""})`
    : `Payment dispute resolved: ${e.resolution ?? e.status} (${formatNaira(e.amountKobo)})`;

async function applyDisputeEvent(tx: Tx, p: PurchaseRow, e: DisputeEvent) {
  await tx
    .insert(paymentDisputes)
    .values({ purchaseId: p.id, providerDisputeId: e.disputeId, amountKobo: e.amountKobo, status: e.status, resolution: e.resolution })
    .onConflictDoUpdate({
      target: paymentDisputes.providerDisputeId,
      set: { status: e.status, resolution: sql`coalesce(excluded.resolution, ${paymentDisputes.resolution})`, updatedAt: new Date() },
    });
  const words = disputeWords(e);
  await note(tx, p, words);
  await disputeMail(tx, p, words);
}
