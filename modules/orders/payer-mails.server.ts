import { and, eq, or } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { partPayments, paymentAttempts, type purchases } from "../../db/schema";
import { formatNaira } from "../../lib/money";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { lastTransaction } from "./money-sources.server";
import { orderNumber } from "./statuses";

// Whoever pays through an order's payment link is often not its buyer: a friend chipping in to a
// birthday gift (docs/product.md "Chipping in"). When she gave her email on the link's page, the
// shop thanks her once her money is in, and tells her when it goes back to her. She never gets the
// buyer's details: her mails name the buyer by first name, as the link's page does, and the order
// by its number, never its address or its page.

type Purchase = typeof purchases.$inferSelect;

/** Someone who paid through the link and gave her email there. */
export type Payer = { name: string | null; email: string };

/** The payer of a payment attempt, when she gave an email that is not the buyer's own. */
export async function payerOfAttempt(tx: Tx, p: Purchase, reference: string): Promise<Payer | null> {
  const [row] = await tx
    .select({ name: paymentAttempts.payerName, email: paymentAttempts.payerEmail })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.purchaseId, p.id), eq(paymentAttempts.reference, reference)));
  return notTheBuyer(p, row);
}

/**
 * Who paid what a refund's transaction names (its provider transaction, or its payment reference):
 * a part chipped in, or the rest, paid through the link by someone who gave her email there.
 */
export async function payerOfTransaction(tx: Tx, p: Purchase, transaction: string): Promise<Payer | null> {
  if (p.paidReference && p.paidVia === "provider" && transaction === lastTransaction(p)) return payerOfAttempt(tx, p, p.paidReference);
  const [row] = await tx
    .select({ name: paymentAttempts.payerName, email: paymentAttempts.payerEmail })
    .from(partPayments)
    .innerJoin(paymentAttempts, eq(paymentAttempts.reference, partPayments.reference))
    .where(
      and(
        eq(partPayments.purchaseId, p.id),
        eq(partPayments.paidVia, "provider"),
        or(eq(partPayments.transactionId, transaction), eq(partPayments.reference, transaction)),
      ),
    );
  return notTheBuyer(p, row);
}

function notTheBuyer(p: Purchase, row: { name: string | null; email: string | null } | undefined): Payer | null {
  if (!row?.email || row.email.toLowerCase() === p.email.trim().toLowerCase()) return null;
  return { name: row.name, email: row.email };
}

async function mailPayer(tx: Tx, payer: Payer, kind: string, subject: string, lines: string) {
  const shop = await getSettings(tx);
  await enqueueMail(tx, {
    to: payer.email,
    kind,
    subject,
    text: `Hello${payer.name ? ` ${payer.name}` : ""},\n\n${lines}\n\nQuestions? Write to ${shop.contactEmail} or call ${shop.contactPhone}.\n\nWith care,\n${shop.shopName}`,
  });
}

/** Her money is in: a part (with what is left after it), or the rest, which paid the order. */
export async function payerThanksMail(tx: Tx, p: Purchase, payer: Payer, kobo: number, leftKobo: number) {
  const { shopName } = await getSettings(tx);
  const whose = `${p.firstName}'s order #${orderNumber(p.id)}`;
  const words = leftKobo > 0 ? `${formatNaira(leftKobo)} is left to pay.` : `It is paid in full now; ${p.firstName} gets the confirmation.`;
  await mailPayer(
    tx,
    payer,
    "chip_in_thanks",
    `Thank you for paying ${formatNaira(kobo)} towards ${p.firstName}'s order`,
    `Thank you: your ${formatNaira(kobo)} towards ${whose} at ${shopName} is in. ${words} The payment's receipt comes from the payment provider.`,
  );
}

/**
 * Her money goes back to her: `to_refund`, the order could not take it (`why`: "the order was
 * cancelled") and the shop will refund it; `on_its_way`, a refund was asked; `refunded`, it went.
 */
export async function payerRefundMail(
  tx: Tx,
  p: Purchase,
  payer: Payer,
  kobo: number,
  state: "to_refund" | "on_its_way" | "refunded",
  why = "the order could not take it",
) {
  const amount = formatNaira(kobo);
  const paid = `The ${amount} you paid towards ${p.firstName}'s order #${orderNumber(p.id)}`;
  const words = {
    to_refund: `${paid} will be refunded to the account or card you paid with within 5 working days: ${why}. You do not need to do anything.`,
    on_its_way: `${paid} is on its way back to the account or card you paid with. Banks can take a few working days to show it; you do not need to do anything.`,
    refunded: `${paid} has been refunded to the account or card you paid with. Banks can take a few working days to show it.`,
  }[state];
  const subject = { to_refund: "will be refunded", on_its_way: "is on its way back", refunded: "has been refunded" }[state];
  await mailPayer(tx, payer, "chip_in_refund", `Your ${amount} towards ${p.firstName}'s order ${subject}`, words);
}
