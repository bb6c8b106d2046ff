import crypto from "node:crypto";
import { asc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { paymentDisputes, products, purchaseEvents, purchaseItems, purchases, refunds, users, type RestockedLine } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { formatNaira, koboToNaira, nairaToKobo } from "../../lib/money";
import type { PaymentProvider, StartedRefund } from "../payments/types";
import type { MailLinks } from "./mails.server";
import { refundMail } from "./refund-mails.server";
import { payerOfTransaction, payerRefundMail } from "./payer-mails.server";
import { moneySources, refundedByTransaction } from "./money-sources.server";
import { refundInput, type RefundInput, type RefundState } from "./refund-schemas";
import { refundRoom, splitRefund, type RefundPiece } from "./refund-split";
import { isPaidStatus } from "./statuses";

// Refunds from the back office (docs/product.md "Refunds", docs/decisions/0017-unpaid-checkouts-and-refunds.md):
// full or partial, through the provider that took the money (or by hand for money the shop
// received itself), never more in all than was paid, with the stock of chosen lines put back.

type PurchaseRow = typeof purchases.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/** What was paid for the order: what arrived (the owner may have recorded more than the total), or nothing yet. */
export const paidKobo = (p: Pick<PurchaseRow, "paidAt" | "paidAmountKobo" | "totalKobo">): number =>
  p.paidAt ? (p.paidAmountKobo ?? p.totalKobo) : 0;

/**
 * Of what went back, the part that was the sale: refunds give back first what arrived over the
 * order's total (an overpaid transfer the owner recorded), which was never a sale; what the shop
 * keeps of the order is its total less this (docs/product.md "Reports").
 */
export const saleRefundedKobo = (p: Pick<PurchaseRow, "paidAt" | "paidAmountKobo" | "totalKobo">, refundedKobo: number): number =>
  Math.max(0, refundedKobo - Math.max(0, paidKobo(p) - p.totalKobo));

/** saleRefundedKobo in SQL, for an order's row (purchases) and the sum of its refunds (null: none). */
export const saleRefundedSql = (refundedKobo: SQL): SQL =>
  sql`greatest(0, coalesce(${refundedKobo}, 0) - greatest(0, (case when ${purchases.paidAt} is null then 0 else coalesce(${purchases.paidAmountKobo}, ${purchases.totalKobo}) end) - ${purchases.totalKobo}))`;

/** What each order got back (kobo, refunds processed or on their way), one row per refunded order: a subquery to join. */
export function refundedPerOrder(db: Db | Tx) {
  return db
    .select({ id: refunds.purchaseId, kobo: sql<number>`sum(${refunds.amountKobo})`.as("refunded_kobo") })
    .from(refunds)
    .where(ne(refunds.status, "failed"))
    .groupBy(refunds.purchaseId)
    .as("refunded_per_order");
}

export const newRefundReference = () => `RFD-${crypto.randomBytes(8).toString("hex")}`;

/**
 * Checks that the chosen lines can take their units back: the order still holds its stock (a
 * cancelled order gave it all back), and no line gets back more than it holds. Read under the
 * order's lock, which every restock takes, so putBack after it cannot fail.
 */
async function checkRestock(tx: Tx, p: PurchaseRow, lines: { itemId: string; quantity: number }[]) {
  if (!lines.length) return [];
  if (!isPaidStatus(p.status))
    throw new AppError("conflict", "This order's stock is already back (it was cancelled): nothing to put back.", {
      fields: { restock: "Already back in stock" },
    });
  const items = await tx.select().from(purchaseItems).where(eq(purchaseItems.purchaseId, p.id));
  const asked = new Map<string, number>();
  for (const l of lines) asked.set(l.itemId, (asked.get(l.itemId) ?? 0) + l.quantity);
  return [...asked].map(([itemId, quantity]) => {
    const item = items.find((i) => i.id === itemId);
    const left = item ? item.quantity - item.restockedQuantity : 0;
    if (!item || quantity > left) {
      const msg = item ? `Only ${left} of ${item.title} can still be put back.` : "That line is not in this order.";
      throw new AppError("conflict", msg, { fields: { [`restock_${itemId}`]: msg } });
    }
    return { item, quantity };
  });
}

/** Puts the checked units back (an untracked product stays untracked) and counts them on their lines. */
async function putBack(tx: Tx, lines: Awaited<ReturnType<typeof checkRestock>>): Promise<RestockedLine[]> {
  for (const { item, quantity } of lines) {
    await tx
      .update(purchaseItems)
      .set({ restockedQuantity: sql`${purchaseItems.restockedQuantity} + ${quantity}` })
      .where(eq(purchaseItems.id, item.id));
    if (item.productId)
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${quantity}` })
        .where(eq(products.id, item.productId));
  }
  return lines.map(({ item, quantity }) => ({ itemId: item.id, title: item.title, quantity }));
}

const restockWords = (lines: RestockedLine[]) =>
  lines.length ? `; back in stock: ${lines.map((l) => `${l.quantity} × ${l.title}`).join(", ")}` : "";

export type RefundOutcome = { refund: RefundRow; refunds: RefundRow[]; purchase: PurchaseRow };

type PieceTried = { piece: RefundPiece; reference: string; started: StartedRefund | null; failure: string | null };

/**
 * Refunds part or all of a paid order, back the way its money came (refund-split.ts): one refund
 * for each way it takes from, what the shop received by hand given back first, then each provider
 * transaction for at most what it took. The order's row is locked (FOR UPDATE) from the check to
 * the commit, the provider's answers included, so refunds of one order run one after another and
 * their sum never passes what was paid, however many arrive at once. The provider is asked first:
 * a refusal is recorded (a failed refund, on the timeline) and answered as a 402, and stops the
 * rest: nothing more is asked, nothing is put back, nothing is owed by hand.
 */
export async function createRefund(
  db: Db,
  provider: PaymentProvider,
  links: MailLinks,
  purchaseId: string,
  input: RefundInput,
  actorId: string | null,
): Promise<RefundOutcome> {
  const { amount, reason, restock } = refundInput.parse(input);
  const amountKobo = nairaToKobo(amount);
  const result = await db.transaction(async (tx) => {
    const [p] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
    if (!p) throw AppError.notFound("Purchase");
    const paid = paidKobo(p);
    if (!paid) throw new AppError("conflict", "This order has not been paid: there is nothing to refund.");
    const [sources, refunded] = await Promise.all([moneySources(tx, p), refundedByTransaction(tx, p.id)]);
    const committed = [...refunded.values()].reduce((sum, kobo) => sum + kobo, 0);
    const left = Math.min(paid - committed, refundRoom(sources, refunded));
    const pieces = amountKobo <= left ? splitRefund(sources, refunded, amountKobo) : null;
    if (!pieces) {
      const msg = left > 0 ? `At most ${formatNaira(left)} can still be refunded.` : "This order's payment has been refunded in full.";
      throw new AppError("conflict", msg, { fields: { amount: msg } });
    }
    if (pieces.some((piece) => piece.transaction) && p.paymentProvider !== provider.name)
      throw new AppError("conflict", `This order was paid through ${p.paymentProvider}: refund it there.`);
    const toRestock = await checkRestock(tx, p, restock);
    const tried: PieceTried[] = [];
    for (const piece of [...pieces.filter((x) => x.transaction), ...pieces.filter((x) => !x.transaction)]) {
      const done = await tryPiece(provider, p, piece, reason);
      tried.push(done);
      if (done.failure) break;
    }
    const failure = tried.find((x) => x.failure)?.failure ?? null;
    const restocked = failure ? [] : await putBack(tx, toRestock);
    const made: RefundRow[] = [];
    for (const [i, done] of tried.entries())
      made.push(await recordPiece(tx, provider, p, done, i === 0 ? restocked : [], { reason, actorId }));
    const sent = made.map((refund, i) => ({ refund, payer: tried[i]!.piece.payer })).filter((s) => s.refund.status !== "failed");
    if (sent.length) await refundMail(tx, p, sent, links);
    // and whoever paid through the link (a part, or the rest) is told her money is on its way back, when she gave her email
    for (const { refund } of sent) {
      const to = refund.transactionId ? await payerOfTransaction(tx, p, refund.transactionId) : null;
      if (to) await payerRefundMail(tx, p, to, refund.amountKobo, refund.status === "processed" ? "refunded" : "on_its_way");
    }
    return { refunds: made, purchase: p, failure, sentKobo: sent.reduce((sum, s) => sum + s.refund.amountKobo, 0) };
  });
  if (result.failure) {
    const before = result.sentKobo ? ` (${formatNaira(result.sentKobo)} of it went back before that and is recorded)` : "";
    throw new AppError("payment_failed", `The refund was refused: ${result.failure}${before}`);
  }
  return { refund: result.refunds[0]!, refunds: result.refunds, purchase: result.purchase };
}

/** Asks the provider for one piece taken from a transaction; a piece by hand needs no asking. */
async function tryPiece(provider: PaymentProvider, p: PurchaseRow, piece: RefundPiece, reason: string | undefined): Promise<PieceTried> {
  const reference = newRefundReference();
  if (!piece.transaction) return { piece, reference, started: null, failure: null };
  try {
    const started = await provider.refund({
      transaction: piece.transaction,
      amountKobo: piece.kobo,
      currency: p.currency,
      reference,
      note: reason,
    });
    return { piece, reference, started, failure: null };
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { piece, reference, started: null, failure: e.message };
  }
}

/** Records one piece as a refund, with its line on the order's timeline. */
async function recordPiece(
  tx: Tx,
  provider: PaymentProvider,
  p: PurchaseRow,
  { piece, reference, started, failure }: PieceTried,
  restocked: RestockedLine[],
  { reason, actorId }: { reason: string | undefined; actorId: string | null },
): Promise<RefundRow> {
  const byHand = !piece.transaction;
  const status = failure ? "failed" : byHand ? "processed" : started!.status;
  const now = new Date();
  const [refund] = await tx
    .insert(refunds)
    .values({
      purchaseId: p.id,
      amountKobo: piece.kobo,
      status,
      provider: byHand ? "manual" : provider.name,
      reference,
      transactionId: piece.transaction,
      providerRefundId: started?.providerRefundId ?? null,
      reason: reason || null,
      failureReason: failure,
      restocked,
      actorId,
      processedAt: status === "processed" ? now : null,
    })
    .returning();
  const amount = formatNaira(piece.kobo);
  const how = byHand ? "to be sent back by the shop" : `${provider.name} ${started?.providerRefundId ?? reference}`;
  const whose = piece.payer ? `, to ${piece.payer}, who chipped in` : "";
  const said = {
    failed: `Refund of ${amount}${whose} refused by ${provider.name}: ${failure}`,
    pending: `Refund of ${amount} asked (${how}${whose}), waiting for the provider`,
    processed: `Refund of ${amount} ${byHand ? "recorded" : "processed"} (${how}${whose})`,
  }[status];
  await tx.insert(purchaseEvents).values({
    purchaseId: p.id,
    status: p.status,
    note: `${said}${restockWords(restocked)}${reason ? `. Reason: ${reason}` : ""}`,
    actorId,
  });
  return refund!;
}

export type RefundView = {
  id: string;
  amount: number;
  /** who it went back to when she was not the buyer: a friend who chipped in */
  payer: string | null;
  status: RefundRow["status"];
  provider: string;
  reference: string;
  providerRefundId: string | null;
  reason: string | null;
  failureReason: string | null;
  restocked: RestockedLine[];
  actorName: string | null;
  createdAt: string;
  processedAt: string | null;
};

export type DisputeView = { id: string; amount: number; status: string; resolution: string | null; createdAt: string };

/** An order's money as the back office shows it (naira): paid, refunded, on its way back, still refundable, and due. */
export type RefundSummary = {
  paid: number;
  refunded: number;
  pending: number;
  refundable: number;
  /** a payment that arrived for an order that stays cancelled, not yet refunded (docs/product.md "Paying") */
  due: number;
  state: RefundState;
  /** stock can be put back only while the order still holds it */
  canRestock: boolean;
  /** each way the money came (refund-split.ts), what it took and what it can still give back; one way for most orders */
  ways: { byHand: boolean; payer: string | null; amount: number; refundable: number }[];
  lines: { id: string; title: string; quantity: number; restocked: number }[];
  refunds: RefundView[];
  disputes: DisputeView[];
};

export async function refundSummary(db: Db, purchaseId: string): Promise<RefundSummary> {
  const [p] = await db.select().from(purchases).where(eq(purchases.id, purchaseId));
  if (!p) throw AppError.notFound("Purchase");
  const rows = await db
    .select({ refund: refunds, actorName: sql<string | null>`nullif(btrim(${users.firstName} || ' ' || ${users.lastName}), '')` })
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.actorId))
    .where(eq(refunds.purchaseId, purchaseId))
    .orderBy(asc(refunds.createdAt));
  const items = await db.select().from(purchaseItems).where(eq(purchaseItems.purchaseId, purchaseId)).orderBy(asc(purchaseItems.title));
  const disputes = await db.select().from(paymentDisputes).where(eq(paymentDisputes.purchaseId, purchaseId));
  const sum = (status: RefundRow["status"]) => rows.filter((r) => r.refund.status === status).reduce((s, r) => s + r.refund.amountKobo, 0);
  const paid = paidKobo(p);
  const [sources, refundedBy] = await Promise.all([moneySources(db, p), refundedByTransaction(db, p.id)]);
  const payers = new Map(sources.map((w) => [w.transaction, w.payer]));
  const refunded = sum("processed");
  const pending = sum("pending");
  const state: RefundState =
    !refunded && !pending
      ? "none"
      : pending
        ? "pending"
        : refunded >= paid
          ? "full"
          : saleRefundedKobo(p, refunded)
            ? "partial"
            : "overpayment";
  const refundable = Math.max(0, paid - refunded - pending);
  return {
    paid: koboToNaira(paid),
    refunded: koboToNaira(refunded),
    pending: koboToNaira(pending),
    refundable: koboToNaira(refundable),
    due: koboToNaira(p.status === "cancelled" ? refundable : 0),
    state,
    canRestock: isPaidStatus(p.status) && !!p.paidAt,
    lines: items.map((i) => ({ id: i.id, title: i.title, quantity: i.quantity, restocked: i.restockedQuantity })),
    ways: sources.map((w) => ({
      byHand: !w.transaction,
      payer: w.payer,
      amount: koboToNaira(w.kobo),
      refundable: koboToNaira(refundRoom([w], refundedBy)),
    })),
    refunds: rows.map(({ refund: r, actorName }) => ({
      id: r.id,
      amount: koboToNaira(r.amountKobo),
      payer: payers.get(r.transactionId) ?? null,
      status: r.status,
      provider: r.provider,
      reference: r.reference,
      providerRefundId: r.providerRefundId,
      reason: r.reason,
      failureReason: r.failureReason,
      restocked: r.restocked,
      actorName,
      createdAt: r.createdAt.toISOString(),
      processedAt: r.processedAt?.toISOString() ?? null,
    })),
    disputes: disputes.map((d) => ({
      id: d.id,
      amount: koboToNaira(d.amountKobo),
      status: d.status,
      resolution: d.resolution,
      createdAt: d.createdAt.toISOString(),
    })),
  };
}
