import type { Tx } from "../../db/client";
import type { purchaseItems, purchases } from "../../db/schema";
import { formatNaira } from "../../lib/money";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { orderNumber } from "./statuses";
import { codeOn } from "./views.server";

type Purchase = typeof purchases.$inferSelect;
type Item = typeof purchaseItems.$inferSelect;

/** The code's line (docs/product.md "Discount codes"): what it took off the goods, or the delivery fee it waived. */
function codeLines(p: Purchase): string[] {
  const on = codeOn(p);
  if (!on) return [];
  return on === "goods"
    ? [`Discount code ${p.discountCode}: -${formatNaira(p.codeDiscountKobo)}`]
    : [`Discount code ${p.discountCode}: free delivery (you saved ${formatNaira(p.codeDiscountKobo)})`];
}

function summary(p: Purchase, items: Item[]): string {
  return [
    ...items.map((i) => `${i.quantity} × ${i.title}: ${formatNaira(i.totalPriceKobo)}`),
    "",
    `Subtotal: ${formatNaira(p.subtotalKobo)}`,
    ...codeLines(p),
    `VAT: ${formatNaira(p.vatKobo)}`,
    `Delivery (${p.deliveryMethod}): ${formatNaira(p.deliveryKobo)}`,
    `Total paid: ${formatNaira(p.totalKobo)}`,
    "",
    `Delivery address: ${p.address}${p.lga ? ` (${p.lga})` : ""}`,
    `Phone: ${p.phone}`,
  ].join("\n");
}

/** The shopper's confirmation and the shop's new-order notice, queued in the payment's transaction. */
export async function orderMails(tx: Tx, p: Purchase, items: Item[]) {
  const settings = await getSettings(tx);
  const number = orderNumber(p.id);
  await enqueueMail(tx, {
    to: p.email,
    subject: `Your ${settings.shopName} order #${number} is confirmed`,
    text: `Hello ${p.firstName},\n\nThank you for your order #${number}. We have received your payment and will prepare your parcel.\n\n${summary(p, items)}\n\nQuestions? Write to ${settings.contactEmail} or call ${settings.contactPhone}.\n`,
    kind: "order_confirmation",
  });
  await enqueueMail(tx, {
    to: settings.contactEmail,
    subject: `New order #${number}: ${formatNaira(p.totalKobo)}`,
    text: `${p.firstName} ${p.lastName} <${p.email}> paid order #${number} (reference ${p.reference}).\n\n${summary(p, items)}\n`,
    kind: "order_new_admin",
  });
}

/** Why a paid order stays cancelled: the shop had cancelled it, or its items sold out after it lapsed. */
export type RefundReason = "cancelled_by_shop" | "sold_out";

/**
 * The money arrived for an order that is cancelled and cannot be revived: the
 * shopper is told the refund is coming, the shop that it must send it.
 */
export async function refundDueMails(tx: Tx, p: Purchase, items: Item[], reason: RefundReason) {
  const settings = await getSettings(tx);
  const number = orderNumber(p.id);
  const why = {
    cancelled_by_shop: { shopper: "but we had already cancelled the order", shop: "which the shop had cancelled before it was paid" },
    sold_out: {
      shopper: "but the order had already been cancelled and the items sold out in the meantime",
      shop: "and its stock is no longer available",
    },
  }[reason];
  await enqueueMail(tx, {
    to: p.email,
    subject: `Your ${settings.shopName} order #${number}: your payment will be refunded`,
    text: `Hello ${p.firstName},\n\nWe received your payment of ${formatNaira(p.totalKobo)} for order #${number}, ${why.shopper}. We are refunding the full amount to your card within 5 working days; you do not need to do anything.\n\n${summary(p, items)}\n\nWe are sorry. Questions? Write to ${settings.contactEmail} or call ${settings.contactPhone}.\n`,
    kind: "order_refund_due",
  });
  await enqueueMail(tx, {
    to: settings.contactEmail,
    subject: `Refund needed: order #${number}, ${formatNaira(p.totalKobo)}`,
    text: `A payment arrived for cancelled order #${number} (reference ${p.reference}, transaction ${p.transactionId ?? "unknown"}), ${why.shop}. Refund ${formatNaira(p.totalKobo)} to ${p.firstName} ${p.lastName} <${p.email}> from the payment provider's dashboard.\n\n${summary(p, items)}\n`,
    kind: "order_refund_admin",
  });
}
