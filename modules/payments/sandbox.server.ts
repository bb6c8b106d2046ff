import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchaseEvents, purchases } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { PaymentProvider } from "./types";

// The offline provider: our own hosted page /pay/sandbox/{reference}. Its
// "transactions" are the shopper's decisions, recorded in the purchase's events.
const PAID = "sandbox: payment approved";
const CANCELLED = "sandbox: payment cancelled";

export function sandboxProvider(db: Db): PaymentProvider {
  return {
    name: "sandbox",
    async initialize({ reference }) {
      return { authorizationUrl: `/pay/sandbox/${encodeURIComponent(reference)}` };
    },
    async verify(reference) {
      const [row] = await db
        .select({ eventId: purchaseEvents.id, note: purchaseEvents.note, totalKobo: purchases.totalKobo, currency: purchases.currency })
        .from(purchaseEvents)
        .innerJoin(purchases, eq(purchases.id, purchaseEvents.purchaseId))
        .where(and(eq(purchases.reference, reference), inArray(purchaseEvents.note, [PAID, CANCELLED])))
        .orderBy(desc(purchaseEvents.createdAt))
        .limit(1);
      if (!row) return { status: "pending", amountKobo: 0, currency: "NGN", transactionId: null };
      if (row.note === CANCELLED) return { status: "abandoned", amountKobo: 0, currency: "NGN", transactionId: null };
      return { status: "success", amountKobo: row.totalKobo, currency: row.currency, transactionId: `SBX-${row.eventId.slice(0, 8)}` };
    },
  };
}

/** What the sandbox page shows: the amount to pay, for a purchase still waiting for payment. */
export async function sandboxPayment(db: Db, reference: string) {
  const [p] = await db
    .select({
      reference: purchases.reference,
      userId: purchases.userId,
      totalKobo: purchases.totalKobo,
      status: purchases.status,
      email: purchases.email,
    })
    .from(purchases)
    .where(eq(purchases.reference, reference));
  if (!p) throw AppError.notFound("Payment");
  return p;
}

/** 'Pay now' or 'Cancel payment' on the sandbox page. */
export async function recordSandboxDecision(db: Db, reference: string, decision: "pay" | "cancel") {
  const p = await sandboxPayment(db, reference);
  if (p.status !== "pending") return p;
  const [row] = await db.select({ id: purchases.id }).from(purchases).where(eq(purchases.reference, reference));
  await db.insert(purchaseEvents).values({ purchaseId: row!.id, status: "pending", note: decision === "pay" ? PAID : CANCELLED });
  return p;
}
