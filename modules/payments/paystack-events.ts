// Paystack's refund and dispute events (https://paystack.com/docs/payments/refunds,
// https://paystack.com/docs/payments/webhooks), as the shop reads them: signed and parsed by the
// webhook's handler, applied by modules/orders/provider-events.server.ts.

export type RefundEvent = {
  kind: "refund";
  event: "refund.processed" | "refund.failed";
  status: "processed" | "failed";
  /** the payment reference of the transaction refunded */
  transactionReference: string;
  /** the refund's id when the event carries it, and its reference (the bank's) */
  refundId: string | null;
  refundReference: string | null;
  amountKobo: number;
};

export type DisputeEvent = {
  kind: "dispute";
  event: "charge.dispute.create" | "charge.dispute.resolve";
  disputeId: string;
  transactionReference: string;
  amountKobo: number;
  status: string;
  resolution: string | null;
  dueAt: string | null;
};

export type ProviderMoneyEvent = RefundEvent | DisputeEvent;

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" ? String(v) : null);
const kobo = (v: unknown): number | null => {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : null;
};
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A refund or dispute event, or null for any other event or one missing what the shop needs to find its order. */
export function parsePaystackMoneyEvent(event: unknown, data: unknown): ProviderMoneyEvent | null {
  if (!isObject(data)) return null;
  if (event === "refund.processed" || event === "refund.failed") {
    const transactionReference = text(data.transaction_reference);
    const amountKobo = kobo(data.amount);
    if (!transactionReference || !amountKobo) return null;
    return {
      kind: "refund",
      event,
      status: event === "refund.processed" ? "processed" : "failed",
      transactionReference,
      refundId: text(data.id),
      refundReference: text(data.refund_reference),
      amountKobo,
    };
  }
  if (event === "charge.dispute.create" || event === "charge.dispute.resolve") {
    const transaction = isObject(data.transaction) ? data.transaction : {};
    const transactionReference = text(transaction.reference) ?? text(data.transaction_reference);
    const disputeId = text(data.id);
    const amountKobo = kobo(data.refund_amount) ?? kobo(transaction.amount);
    if (!transactionReference || !disputeId || !amountKobo) return null;
    return {
      kind: "dispute",
      event,
      disputeId,
      transactionReference,
      amountKobo,
      status: text(data.status) ?? (event === "charge.dispute.resolve" ? "resolved" : "open"),
      resolution: text(data.resolution),
      dueAt: text(data.dueAt),
    };
  }
  return null;
}
