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

/** The customer is told what comes back to her, and how. */
export async function refundMail(tx: Tx, p: Purchase, r: Refund, links: MailLinks) {
  const shop = await getSettings(tx);
  const number = orderNumber(p.id);
  const how =
    r.provider === "manual"
      ? "We are sending it back to you the way you paid; if we need your account details we will ask."
      : r.status === "processed"
        ? "It is on its way back to the way you paid."
        : "It is on its way back to the way you paid; banks can take up to 10 working days to show it.";
  const back = r.restocked.length ? `\n\nReturned items: ${r.restocked.map((l) => `${l.quantity} × ${l.title}`).join(", ")}.` : "";
  await enqueueMail(tx, {
    to: p.email,
    subject: `Your refund of ${formatNaira(r.amountKobo)} for order #${number}`,
    text: `Hello ${p.firstName},\n\nWe have refunded ${formatNaira(r.amountKobo)} of your order #${number}. ${how}${back}\n\nRefund reference: ${r.reference}\n\nYour order: ${orderUrl(links, p)}\n\nQuestions? Write to ${shop.contactEmail} or call ${shop.contactPhone}.\n\nWith care,\n${shop.shopName}`,
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
