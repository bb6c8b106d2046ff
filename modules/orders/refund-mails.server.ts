import type { Tx } from "../../db/client";
import type { purchases, refunds } from "../../db/schema";
import { formatNaira } from "../../lib/money";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { orderUrl, type MailLinks } from "./mails.server";
import { orderNumber } from "./statuses";

type Purchase = typeof purchases.$inferSelect;
type Refund = typeof refunds.$inferSelect;

// The mails of refunds and disputes (docs/product.md "Refunds"), queued in the transaction that
// records them. Refund wording never assumes a card: "the way you paid".

/** How a refund's money comes back, in the customer's mail. */
function howBack(r: Refund, payer: string | null): string {
  if (payer) return `It is on its way back to the way ${payer} paid.`;
  if (r.provider === "manual") return "We are sending it back to you the way you paid; if we need your account details we will ask.";
  return r.status === "processed"
    ? "It is on its way back to the way you paid."
    : "It is on its way back to the way you paid; banks can take up to 10 working days to show it.";
}

/**
 * The customer is told what comes back to her, and how: one refund, or the pieces of one taken
 * from each way the order was paid (a part a friend chipped in goes back to the friend).
 */
export async function refundMail(tx: Tx, p: Purchase, sent: { refund: Refund; payer: string | null }[], links: MailLinks) {
  const shop = await getSettings(tx);
  const number = orderNumber(p.id);
  const kobo = sent.reduce((sum, s) => sum + s.refund.amountKobo, 0);
  const restocked = sent.flatMap((s) => s.refund.restocked);
  const back = restocked.length ? `\n\nReturned items: ${restocked.map((l) => `${l.quantity} × ${l.title}`).join(", ")}.` : "";
  const [only] = sent;
  const what =
    sent.length === 1 && only && !only.payer
      ? `${howBack(only.refund, null)}${back}\n\nRefund reference: ${only.refund.reference}`
      : `It comes back the way the order was paid:\n${sent
          .map(
            ({ refund: r, payer }) =>
              `- ${formatNaira(r.amountKobo)}${payer ? ` to ${payer}, who chipped in` : ""}: ${howBack(r, payer)} Reference: ${r.reference}`,
          )
          .join("\n")}${back}`;
  await enqueueMail(tx, {
    to: p.email,
    subject: `Your refund of ${formatNaira(kobo)} for order #${number}`,
    text: `Hello ${p.firstName},\n\nWe have refunded ${formatNaira(kobo)} of your order #${number}. ${what}\n\nYour order: ${orderUrl(links, p)}\n\nQuestions? Write to ${shop.contactEmail} or call ${shop.contactPhone}.\n\nWith care,\n${shop.shopName}`,
    kind: "order_refund",
  });
}

/** The provider could not send the money back: the shop must act (the amount can be refunded again). */
export async function refundFailedMail(tx: Tx, p: Purchase, r: Refund) {
  const shop = await getSettings(tx);
  const number = orderNumber(p.id);
  await enqueueMail(tx, {
    to: shop.contactEmail,
    subject: `Refund failed: order #${number}, ${formatNaira(r.amountKobo)}`,
    text: `The refund of ${formatNaira(r.amountKobo)} for order #${number} (${r.reference}) failed at the payment provider. The amount can be refunded again from the order's page, or sent back to ${p.firstName} ${p.lastName} <${p.email}> by hand.\n`,
    kind: "order_refund_failed_admin",
  });
}

/** A customer disputed the payment with her bank: the shop has a deadline to answer the provider. */
export async function disputeMail(tx: Tx, p: Purchase, words: string) {
  const shop = await getSettings(tx);
  const number = orderNumber(p.id);
  await enqueueMail(tx, {
    to: shop.contactEmail,
    subject: `Payment dispute: order #${number}`,
    text: `${words}\n\nOrder #${number}, ${p.firstName} ${p.lastName} <${p.email}>, total ${formatNaira(p.totalKobo)}. Answer it on the payment provider's dashboard.\n`,
    kind: "order_dispute_admin",
  });
}
