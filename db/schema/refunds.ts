import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, id, updatedAt } from "./columns";
import { paidViaEnum, partPayments, purchases } from "./orders";

// Refunds, disputes and the provider's events about them (docs/product.md "Refunds";
// docs/decisions/0017-unpaid-checkouts-and-refunds.md).

/** pending: asked of the provider (or being asked); processed: the money went back; failed: it did not, and counts for nothing. */
export const refundStatusEnum = pgEnum("refund_status", ["pending", "processed", "failed"]);

/** A line whose stock a refund put back: which order line, how many, and its title at the time. */
export type RestockedLine = { itemId: string; title: string; quantity: number };

// One refund of part or all of an order's money. The sum of an order's refunds that did not fail
// never exceeds what was paid: checked under the order's row lock (modules/orders/refunds.server.ts).
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    purchaseId: uuid()
      .notNull()
      .references(() => purchases.id, { onDelete: "cascade" }),
    amountKobo: integer().notNull(),
    status: refundStatusEnum().notNull().default("pending"),
    // sandbox, paystack, or manual (money the shop received by hand goes back by hand)
    provider: text().notNull(),
    // our own reference for the refund, made before the provider is asked
    reference: text().notNull().unique(),
    // the provider's id of the refund (Paystack's refund id): one refund record per provider refund
    providerRefundId: text().unique(),
    // what the provider's events call it besides (Paystack's refund_reference, the bank's reference)
    providerReference: text(),
    // the provider's transaction it gives money back from (null: by hand). An order paid in parts
    // (chipped in, a deposit, the rest) took several; each gives back at most what it took.
    transactionId: text(),
    reason: text(),
    failureReason: text(),
    restocked: jsonb().$type<RestockedLine[]>().notNull().default([]),
    actorId: uuid().references(() => users.id, { onDelete: "set null" }),
    processedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("refunds_amount_positive", sql`${t.amountKobo} > 0`), index("refunds_purchase_id_idx").on(t.purchaseId, t.createdAt)],
);

// A customer's dispute (chargeback) of an order's payment, as the provider reports it.
export const paymentDisputes = pgTable(
  "payment_disputes",
  {
    id: id(),
    purchaseId: uuid()
      .notNull()
      .references(() => purchases.id, { onDelete: "cascade" }),
    providerDisputeId: text().notNull().unique(),
    amountKobo: integer().notNull(),
    // the provider's words: awaiting-merchant-feedback, resolved…
    status: text().notNull(),
    resolution: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("payment_disputes_purchase_id_idx").on(t.purchaseId)],
);

/**
 * refund_needed: the shop holds it; refund_pending: asked of the provider; refunded: the money went
 * back; kept: a part payment the shop received itself, kept as agreed with the customer.
 */
export const strayPaymentStatusEnum = pgEnum("stray_payment_status", ["refund_needed", "refund_pending", "refunded", "kept"]);

// A payment the provider took that its order could not take (modules/orders/stray-payments.server.ts):
// a second payment, another amount, a closed order. Never part of the order's money; refunded by
// its own transaction, from the order's page or on the provider's dashboard. A part payment the shop
// recorded itself on an order it then cancelled is one too (provider 'manual', its part named): given
// back by hand, or kept as agreed, and recorded so from the order's page.
export const strayPayments = pgTable(
  "stray_payments",
  {
    id: id(),
    purchaseId: uuid()
      .notNull()
      .references(() => purchases.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    // the payment attempt's reference, and the provider's transaction (what a refund names); none for
    // a part the shop recorded itself
    reference: text(),
    transactionId: text(),
    amountKobo: integer().notNull(),
    currency: text().notNull(),
    // paid_twice, wrong_amount, closed, chipped_in, held_part
    reason: text().notNull(),
    // held_part: the part payment the shop recorded, once
    partPaymentId: uuid()
      .unique()
      .references(() => partPayments.id, { onDelete: "cascade" }),
    // held_part given back: how, and what the owner wrote (the transfer's reference, or why it was kept)
    givenBackVia: paidViaEnum(),
    settledNote: text(),
    status: strayPaymentStatusEnum().notNull().default("refund_needed"),
    refundReference: text().unique(),
    providerRefundId: text().unique(),
    actorId: uuid().references(() => users.id, { onDelete: "set null" }),
    refundedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("stray_payments_amount_positive", sql`${t.amountKobo} > 0`),
    index("stray_payments_purchase_id_idx").on(t.purchaseId),
    // the few waiting for the owner: the orders list's filter, the morning summary, the dashboard (give-back.server.ts)
    index("stray_payments_to_give_back_idx")
      .on(t.purchaseId)
      .where(sql`${t.status} = 'refund_needed'`),
  ],
);

// Every refund or dispute event of the provider that changed something, by a key made from what
// it says: a replayed event finds its key taken and changes nothing.
export const providerEvents = pgTable("provider_events", {
  id: id(),
  eventKey: text().notNull().unique(),
  event: text().notNull(),
  purchaseId: uuid().references(() => purchases.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

// Shoppers who asked for no more reminders about unpaid checkouts (the link in the reminder mail).
export const checkoutReminderOptOuts = pgTable("checkout_reminder_opt_outs", {
  // lower-cased
  email: text().primaryKey(),
  createdAt: createdAt(),
});
