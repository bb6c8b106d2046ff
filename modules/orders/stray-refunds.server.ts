import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { partPayments, purchaseEvents, type purchases, strayPayments, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { formatNaira, koboToNaira } from "../../lib/money";
import type { RefundEvent } from "../payments/paystack-events";
import type { PaymentProvider } from "../payments/types";
import { newRefundReference } from "./refunds.server";
import { payerOfAttempt, payerRefundMail } from "./payer-mails.server";
import { byHandWords, orderNumber } from "./statuses";
import { lockStrayPayment } from "./stray-payments.server";

// Giving back a payment its order could not take (stray-payments.server.ts; docs/product.md
// "Paying"): from the order's page, through the provider that took it, by its own transaction; or
// on the provider's dashboard, which the provider's refund event then reports. Either way it is
// the stray payment that is refunded, never the order's own money: the order's refunds, its
// refund state and the sales report do not move.

type StrayRow = typeof strayPayments.$inferSelect;
type PurchaseRow = typeof purchases.$inferSelect;

export type StrayPaymentView = {
  id: string;
  amount: number;
  currency: string;
  provider: string;
  reference: string | null;
  transactionId: string | null;
  reason: string;
  /** a part the shop recorded itself (docs/product.md "Part payments"): how it came, and once settled, how it went back or why it was kept */
  byHand: { came: string; givenBackVia: string | null; note: string | null } | null;
  status: StrayRow["status"];
  providerRefundId: string | null;
  actorName: string | null;
  createdAt: string;
  refundedAt: string | null;
};

const reasonWords: Record<string, string> = {
  paid_twice: "the order was already paid",
  wrong_amount: "it did not match the order's total",
  closed: "the order could no longer take a payment",
  chipped_in: "chipped in through the payment link, and the order was cancelled",
  held_part: "a part payment the shop recorded, and the order was cancelled",
};

/** An order's stray payments, oldest first, as the order's page shows them (naira). */
export async function strayPaymentViews(db: Db, purchaseId: string): Promise<StrayPaymentView[]> {
  const rows = await db
    .select({
      row: strayPayments,
      actorName: sql<string | null>`nullif(btrim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      part: { paidVia: partPayments.paidVia, reference: partPayments.reference },
    })
    .from(strayPayments)
    .leftJoin(users, eq(users.id, strayPayments.actorId))
    .leftJoin(partPayments, eq(partPayments.id, strayPayments.partPaymentId))
    .where(eq(strayPayments.purchaseId, purchaseId))
    .orderBy(asc(strayPayments.createdAt));
  return rows.map(({ row: s, actorName, part }) => ({
    id: s.id,
    amount: koboToNaira(s.amountKobo),
    currency: s.currency,
    provider: s.provider,
    reference: s.reference,
    transactionId: s.transactionId,
    reason: reasonWords[s.reason] ?? s.reason,
    byHand:
      s.reason === "held_part"
        ? {
            came:
              part?.paidVia && part.paidVia !== "provider"
                ? `${byHandWords[part.paidVia]}${part.reference ? ` (${part.reference})` : ""}`
                : "by hand",
            givenBackVia: s.givenBackVia && s.givenBackVia !== "provider" ? byHandWords[s.givenBackVia] : null,
            note: s.settledNote,
          }
        : null,
    status: s.status,
    providerRefundId: s.providerRefundId,
    actorName,
    createdAt: s.createdAt.toISOString(),
    refundedAt: s.refundedAt?.toISOString() ?? null,
  }));
}

const note = (tx: Tx, p: PurchaseRow, text: string, actorId: string | null = null) =>
  tx.insert(purchaseEvents).values({ purchaseId: p.id, status: p.status, note: text, actorId });

/** Tells her the money went back (she was told when it arrived that it would), and whoever paid it through the link. */
async function refundedMail(tx: Tx, p: PurchaseRow, s: StrayRow) {
  const payer = s.reference ? await payerOfAttempt(tx, p, s.reference) : null;
  if (payer) await payerRefundMail(tx, p, payer, s.amountKobo, "refunded");
  const shop = await getSettings(tx);
  const number = orderNumber(p.id);
  await enqueueMail(tx, {
    to: p.email,
    subject: `Your ${shop.shopName} order #${number}: your payment of ${formatNaira(s.amountKobo)} has been refunded`,
    text: `Hello ${p.firstName},\n\nThe payment of ${formatNaira(s.amountKobo)} we could not apply to order #${number} has been refunded to the account or card it came from. Banks can take a few working days to show it.\n\nQuestions? Write to ${shop.contactEmail} or call ${shop.contactPhone}.\n\nWith care,\n${shop.shopName}`,
    kind: "order_stray_refunded",
  });
}

const named = (s: StrayRow) => `${formatNaira(s.amountKobo)} not applied (transaction ${s.transactionId ?? s.reference})`;

/**
 * Refunds one stray payment of an order in full through its provider, once: the order's row and
 * then the payment's are locked (the order's lock is the one its refunds and the provider's events
 * take), so two clicks or two admins ask the provider once. A refusal is on the timeline and
 * answered as a 402; the payment still waits for its refund.
 */
export async function refundStrayPayment(
  db: Db,
  provider: PaymentProvider,
  purchaseId: string,
  strayId: string,
  actorId: string | null,
): Promise<StrayRow> {
  const result = await db.transaction(async (tx) => {
    const { p, stray } = await lockStrayPayment(tx, purchaseId, strayId);
    if (stray.reason === "held_part") throw new AppError("conflict", "This part was received by hand: record it given back or kept.");
    if (stray.status !== "refund_needed")
      throw new AppError(
        "conflict",
        stray.status === "refunded" ? "This payment has already been refunded." : "A refund of this payment is already on its way.",
      );
    if (stray.provider !== provider.name)
      throw new AppError("conflict", `This payment was made through ${stray.provider}: refund it there.`);
    const reference = newRefundReference();
    let failure: string | null = null;
    let started: Awaited<ReturnType<PaymentProvider["refund"]>> | null = null;
    try {
      started = await provider.refund({
        // (only a part held by hand has no reference, and it is not refunded here)
        transaction: stray.transactionId ?? stray.reference!,
        amountKobo: stray.amountKobo,
        currency: stray.currency,
        reference,
        note: `payment not applied to order #${orderNumber(p.id)}`,
      });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      failure = e.message;
    }
    if (!started) {
      await note(tx, p, `Refund of the payment of ${named(stray)} refused by ${provider.name}: ${failure}`, actorId);
      return { stray, failure };
    }
    const [changed] = await tx
      .update(strayPayments)
      .set({
        status: started.status === "processed" ? "refunded" : "refund_pending",
        refundReference: reference,
        providerRefundId: started.providerRefundId,
        actorId,
        refundedAt: started.status === "processed" ? new Date() : null,
        updatedAt: new Date(),
      })
      .where(eq(strayPayments.id, stray.id))
      .returning();
    if (started.status === "processed") await refundedMail(tx, p, changed!);
    const how = `${provider.name} ${started.providerRefundId}`;
    await note(
      tx,
      p,
      started.status === "processed"
        ? `Refund of the payment of ${named(stray)} processed (${how})`
        : `Refund of the payment of ${named(stray)} asked (${how}), waiting for the provider`,
      actorId,
    );
    return { stray: changed!, failure: null };
  });
  if (result.failure) throw new AppError("payment_failed", `The refund was refused: ${result.failure}`);
  return result.stray;
}

/**
 * The stray payment a provider's refund event is about: the one whose refund has that id, or, by
 * "transaction", the oldest of that transaction reference and amount still waiting for its money
 * to go back (one asked from the shop first).
 */
export async function strayPaymentOf(tx: Tx, p: PurchaseRow, e: RefundEvent, by: "id" | "transaction"): Promise<StrayRow | null> {
  if (by === "id") {
    if (!e.refundId) return null;
    const [row] = await tx
      .select()
      .from(strayPayments)
      .where(and(eq(strayPayments.purchaseId, p.id), eq(strayPayments.providerRefundId, e.refundId)));
    return row ?? null;
  }
  const [row] = await tx
    .select()
    .from(strayPayments)
    .where(
      and(
        eq(strayPayments.purchaseId, p.id),
        eq(strayPayments.reference, e.transactionReference),
        eq(strayPayments.amountKobo, e.amountKobo),
        inArray(strayPayments.status, ["refund_needed", "refund_pending"]),
      ),
    )
    .orderBy(desc(strayPayments.status), asc(strayPayments.createdAt))
    .limit(1);
  return row ?? null;
}

/** Applies a provider's refund event to a stray payment: refunded, or, when it failed, waiting to be refunded again. */
export async function applyStrayRefundEvent(tx: Tx, p: PurchaseRow, stray: StrayRow, e: RefundEvent): Promise<void> {
  const said = `${named(stray)}${e.refundReference ? `, ${e.refundReference}` : ""}`;
  if (e.status === "processed") {
    if (stray.status === "refunded")
      return void (await note(tx, p, `Paystack says the refund of the payment of ${said} processed; it already was`));
    await tx
      .update(strayPayments)
      .set({ status: "refunded", providerRefundId: stray.providerRefundId ?? e.refundId, refundedAt: new Date(), updatedAt: new Date() })
      .where(eq(strayPayments.id, stray.id));
    await note(tx, p, `Refund of the payment of ${said} processed by paystack`);
    await refundedMail(tx, p, stray);
    return;
  }
  if (stray.status === "refund_pending")
    await tx
      .update(strayPayments)
      .set({ status: "refund_needed", providerRefundId: null, updatedAt: new Date() })
      .where(eq(strayPayments.id, stray.id));
  await note(tx, p, `Refund of the payment of ${said} failed at paystack: it can be refunded again`);
}
