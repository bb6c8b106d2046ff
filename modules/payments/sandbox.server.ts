import crypto from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentAttempts, purchaseEvents, purchases } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { PaymentProvider } from "./types";

// The offline provider: our own hosted page /pay/sandbox/{reference}. Its "transactions" are the
// payer's decisions, recorded in the purchase's events with the attempt's reference. Like a real
// provider's page, it is opened by whoever holds its address (the buyer, or someone she asked to
// pay), signed with SESSION_SECRET, and sends the payer back where the shop asked.
const PAID = "sandbox: payment approved";
const CANCELLED = "sandbox: payment cancelled";
const decisionNote = (decision: "pay" | "cancel", reference: string) => `${decision === "pay" ? PAID : CANCELLED} (${reference})`;

const signPage = (secret: string, reference: string, back: string) =>
  crypto.createHmac("sha256", secret).update(`sandbox:${reference}:${back}`).digest("base64url").slice(0, 32);

/** Whether `t` is the signature of this sandbox page's address. */
export function isSandboxPageToken(secret: string, reference: string, back: string, t: string): boolean {
  const expected = signPage(secret, reference, back);
  return t.length === expected.length && crypto.timingSafeEqual(Buffer.from(t), Buffer.from(expected));
}

export function sandboxProvider(db: Db, secret: string): PaymentProvider {
  return {
    name: "sandbox",
    async initialize({ reference, callbackUrl }) {
      // back to the shop's own page, as a path (the sandbox is part of the shop)
      const { pathname, search } = new URL(callbackUrl);
      const back = pathname + search;
      const query = new URLSearchParams({ back, t: signPage(secret, reference, back) });
      return { authorizationUrl: `/pay/sandbox/${encodeURIComponent(reference)}?${query}` };
    },
    async verify(reference) {
      const [row] = await db
        .select({
          eventId: purchaseEvents.id,
          note: purchaseEvents.note,
          amountKobo: paymentAttempts.amountKobo,
          currency: purchases.currency,
        })
        .from(paymentAttempts)
        .innerJoin(purchases, eq(purchases.id, paymentAttempts.purchaseId))
        .innerJoin(purchaseEvents, eq(purchaseEvents.purchaseId, purchases.id))
        .where(
          and(
            eq(paymentAttempts.reference, reference),
            inArray(purchaseEvents.note, [decisionNote("pay", reference), decisionNote("cancel", reference)]),
          ),
        )
        .orderBy(desc(purchaseEvents.createdAt))
        .limit(1);
      if (!row) return { status: "pending", amountKobo: 0, currency: "NGN", transactionId: null };
      if (row.note === decisionNote("cancel", reference))
        return { status: "abandoned", amountKobo: 0, currency: "NGN", transactionId: null };
      return { status: "success", amountKobo: row.amountKobo, currency: row.currency, transactionId: `SBX-${row.eventId.slice(0, 8)}` };
    },
    // the sandbox's money never left: its refund is done at once, under an id made from ours
    async refund({ reference }) {
      return { providerRefundId: `SBX-${reference}`, status: "processed" };
    },
  };
}

/** What the sandbox page shows: the amount of this attempt, and whether its order still waits for payment. */
export async function sandboxPayment(db: Db, reference: string) {
  const [p] = await db
    .select({
      purchaseId: purchases.id,
      reference: paymentAttempts.reference,
      totalKobo: paymentAttempts.amountKobo,
      status: purchases.status,
      email: purchases.email,
    })
    .from(paymentAttempts)
    .innerJoin(purchases, eq(purchases.id, paymentAttempts.purchaseId))
    .where(eq(paymentAttempts.reference, reference));
  if (!p) throw AppError.notFound("Payment");
  return p;
}

/**
 * 'Pay now' or 'Cancel payment' on the sandbox page. Like a real provider's page left open, it
 * takes the money once whatever the order became meanwhile (paid by a transfer the owner
 * recorded, cancelled): the shop then records a payment it cannot take, as it would Paystack's.
 * Cancelling matters only while the order waits.
 */
export async function recordSandboxDecision(db: Db, reference: string, decision: "pay" | "cancel") {
  const p = await sandboxPayment(db, reference);
  if (decision === "cancel" && p.status !== "pending") return p;
  const [paid] = await db
    .select({ id: purchaseEvents.id })
    .from(purchaseEvents)
    .where(and(eq(purchaseEvents.purchaseId, p.purchaseId), eq(purchaseEvents.note, decisionNote("pay", reference))))
    .limit(1);
  if (paid) return p;
  await db.insert(purchaseEvents).values({ purchaseId: p.purchaseId, status: p.status, note: decisionNote(decision, reference) });
  return p;
}
