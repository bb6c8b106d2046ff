import type { Tx } from "../../db/client";
import type { purchaseItems, purchases } from "../../db/schema";
import type { Env } from "../../lib/env.server";
import { lagosDayTime, longDay, shortDay } from "../../lib/lagos-calendar";
import { formatNaira } from "../../lib/money";
import { formatNigerianPhone } from "../../lib/phone";
import { publicOrigin } from "../../lib/public-origin";
import { dateFeeLabel, deliveryRowLabel } from "../delivery/methods";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { orderCompletePath, payLinkUrl } from "./order-links.server";
import { giftSummaryLines } from "./gift-rules";
import { adminOrderPath, orderNumber } from "./statuses";
import { payOnCollection } from "./pickup";
import { codeOn } from "./views.server";
import { ownerWhatsApp, shopperWhatsApp } from "../whatsapp/order-messages";
import { shipsFromWords } from "../stock/preorder";

type Purchase = typeof purchases.$inferSelect;
type Item = typeof purchaseItems.$inferSelect;

/** What order mails need to link back to the order: the shop's public address and the signing secret. */
export type MailLinks = Pick<Env, "SESSION_SECRET" | "PUBLIC_URL" | "PORT">;

/** The order's page, which its buyer opens from any mail with or without an account. */
export const orderUrl = (links: MailLinks, p: Pick<Purchase, "id" | "reference">) => `${publicOrigin(links)}${orderCompletePath(links, p)}`;

/** The code's line (docs/product.md "Discount codes"): what it took off the goods, or the delivery fee it waived. */
function codeLines(p: Purchase): string[] {
  const on = codeOn(p);
  if (!on) return [];
  return on === "goods"
    ? [`Discount code ${p.discountCode}: -${formatNaira(p.codeDiscountKobo)}`]
    : [`Discount code ${p.discountCode}: free delivery (you saved ${formatNaira(p.codeDiscountKobo)})`];
}

/** docs/product.md "Delivery on a chosen date": 'Delivery on Friday 14 February 2027, 9 am – 12 pm', or null without a date. */
export function deliveryDateLine(p: Pick<Purchase, "deliveryDate" | "deliveryWindow">): string | null {
  if (!p.deliveryDate) return null;
  return `Delivery on ${longDay(p.deliveryDate)}${p.deliveryWindow ? `, ${p.deliveryWindow}` : ""}`;
}

/**
 * The order's lines, totals and where it goes, for the buyer's mails or the shop's. A gift sent to
 * the address on her wish list tells the buyer her name and area only (docs/product.md "Wish lists").
 */
function summary(p: Purchase, items: Item[], reader: "buyer" | "shop", totalLabel = "Total"): string {
  const date = deliveryDateLine(p);
  const hidden = reader === "buyer" && p.addressPrivate;
  return [
    ...items.map(
      (i) =>
        `${i.quantity} × ${i.title}${i.shipsFrom ? ` (pre-order: ${shipsFromWords(i.shipsFrom)})` : ""}: ${formatNaira(i.totalPriceKobo)}`,
    ),
    "",
    `Subtotal: ${formatNaira(p.subtotalKobo)}`,
    ...codeLines(p),
    `VAT: ${formatNaira(p.vatKobo)}`,
    `${deliveryRowLabel(p.deliveryMethod)}: ${formatNaira(p.deliveryKobo)}`,
    ...(p.deliverySlotFeeKobo ? [`${dateFeeLabel}: ${formatNaira(p.deliverySlotFeeKobo)}`] : []),
    `${totalLabel}: ${formatNaira(p.totalKobo)}`,
    "",
    ...(date ? [date] : []),
    ...giftSummaryLines(hidden ? { ...p, recipientPhone: null } : p),
    p.deliveryMethod === "pickup"
      ? `Pick up at: ${p.address}`
      : hidden
        ? `Delivery to: the address on her wish list${p.lga ? ` (${p.lga})` : ""}`
        : `Delivery address: ${p.address}${p.lga ? ` (${p.lga})` : ""}`,
    `${p.isGift ? "Your phone" : "Phone"}: ${formatNigerianPhone(p.phone)}`,
    ...(p.orderNote ? [`Delivery instructions: ${p.orderNote}`] : []),
  ].join("\n");
}

const paidHow: Record<NonNullable<Purchase["paidVia"]>, string> = {
  provider: "We have received your payment",
  transfer: "We have received your bank transfer",
  cash: "We have received your cash payment",
  pos: "We have received your POS payment",
};

/** The shopper's confirmation and the shop's new-order notice, queued in the payment's transaction. */
export async function orderMails(tx: Tx, p: Purchase, items: Item[], links: MailLinks) {
  const settings = await getSettings(tx);
  const number = orderNumber(p.id);
  const confirmation = {
    to: p.email,
    subject: `Your ${settings.shopName} order #${number} is confirmed`,
    text: `Hello ${p.firstName},\n\nThank you for your order #${number}. ${paidHow[p.paidVia ?? "provider"]} and will prepare your parcel.\n\n${summary(p, items, "buyer", "Total paid")}\n\nFollow your order: ${orderUrl(links, p)}\n\nQuestions? Write to ${settings.contactEmail} or call ${settings.contactPhone}.\n`,
    kind: "order_confirmation",
  };
  await enqueueMail(tx, confirmation);
  // the mail is her receipt and always goes; WhatsApp says it too when she asked for it
  const paid = formatNaira(p.paidAmountKobo ?? p.totalKobo);
  const onWhatsApp = shopperWhatsApp(p, "order_confirmed", [p.firstName, settings.shopName, number, paid, orderUrl(links, p)], false);
  if (onWhatsApp) await enqueueMail(tx, { ...confirmation, kind: "order_confirmation_whatsapp", whatsapp: onWhatsApp });
  // a pay-on-delivery order was announced to the shop when it was placed
  if (p.paymentMethod === "pod") return;
  await enqueueMail(tx, {
    to: settings.contactEmail,
    subject: `New order #${number}: ${formatNaira(p.totalKobo)}`,
    text: `${p.firstName} ${p.lastName} <${p.email}> paid order #${number} (reference ${p.reference}).\n\n${summary(p, items, "shop")}\n`,
    kind: "order_new_admin",
    whatsapp: newOrderAlert(settings, p, "paid", links),
  });
}

/** The owner's new-order alert on WhatsApp (when an alerts number is set): number, total, who, how, and the order. */
function newOrderAlert(settings: { alertWhatsappNumber: string }, p: Purchase, how: string, links: MailLinks) {
  const customer = `${p.firstName} ${p.lastName}`.trim();
  return ownerWhatsApp(settings, "new_order_alert", [
    orderNumber(p.id),
    formatNaira(p.totalKobo),
    customer,
    how,
    `${publicOrigin(links)}${adminOrderPath(p.id)}`,
  ]);
}

/**
 * An order placed to be paid later (docs/product.md "Paying"): the shopper learns what happens
 * next: the account to transfer to and by when, the rider who takes the money, or the link to
 * share. A pay-on-delivery order is new work for the shop at once.
 */
export async function placedMails(tx: Tx, p: Purchase, items: Item[], links: MailLinks) {
  if (p.paymentMethod === "online" || p.paymentMethod === "manual") return;
  const settings = await getSettings(tx);
  const number = orderNumber(p.id);
  // collected at the shop (docs/product.md "Pick-up"): paid there, not to a rider
  const pickup = p.deliveryMethod === "pickup";
  const next = {
    transfer: `Please transfer ${formatNaira(p.totalKobo)} to:\n\n${settings.bankName}\n${settings.accountName}\n${settings.accountNumber}\n\nUse ${number} as the reference (narration). We hold your items until ${p.expiresAt ? lagosDayTime(p.expiresAt) : "we hear from you"}; we confirm the order as soon as the money arrives.`,
    pod: pickup
      ? `You pay ${formatNaira(p.totalKobo)} when you collect your order, by cash, transfer or POS. We will let you know when it is ready.`
      : `You pay ${formatNaira(p.totalKobo)} to the rider when your order arrives, by cash, transfer or POS. We will let you know when it is on its way.`,
    pay_link: `${p.source === "web" ? "Send this link to the person paying for you" : "Pay for your order with this link, or send it to the person paying for you"}. It works until ${p.expiresAt ? lagosDayTime(p.expiresAt) : "tomorrow"}, and shows what you are buying and the total, not your address:\n\n${payLinkUrl(links, p.id, p.expiresAt ?? new Date())}`,
  }[p.paymentMethod];
  await enqueueMail(tx, {
    to: p.email,
    subject: `Your ${settings.shopName} order #${number}: ${p.paymentMethod === "pod" ? `confirmed, ${pickup ? payOnCollection.subject : "pay on delivery"}` : "waiting for payment"}`,
    text: `Hello ${p.firstName},\n\nThank you for your order #${number}.\n\n${next}\n\n${summary(p, items, "buyer")}\n\nFollow your order: ${orderUrl(links, p)}\n\nQuestions? Write to ${settings.contactEmail} or call ${settings.contactPhone}.\n`,
    kind: `order_placed_${p.paymentMethod}`,
  });
  if (p.paymentMethod === "pod")
    await enqueueMail(tx, {
      to: settings.contactEmail,
      subject: `New order #${number} (${pickup ? payOnCollection.alertSubject : "pay on delivery"}): ${formatNaira(p.totalKobo)}`,
      text: `${p.firstName} ${p.lastName} <${p.email}> placed order #${number}, to be paid ${pickup ? payOnCollection.alertLine : "on delivery"}.\n\n${summary(p, items, "shop", "To collect")}\n`,
      kind: "order_new_admin",
      whatsapp: newOrderAlert(settings, p, `to be paid ${pickup ? payOnCollection.alertWhatsApp : "on delivery"}`, links),
    });
}

/** A transfer has not arrived and the order will soon lapse: one reminder (docs/product.md "Paying"). */
export async function transferReminderMail(tx: Tx, p: Purchase, links: MailLinks) {
  const settings = await getSettings(tx);
  const number = orderNumber(p.id);
  await enqueueMail(tx, {
    to: p.email,
    subject: `Reminder: your ${settings.shopName} order #${number} is waiting for your transfer`,
    text: `Hello ${p.firstName},\n\nWe are still holding your order #${number}, but we have not received your transfer yet. Please transfer ${formatNaira(p.totalKobo)} to ${settings.bankName}, ${settings.accountName}, ${settings.accountNumber}, with ${number} as the reference, before ${p.expiresAt ? lagosDayTime(p.expiresAt) : "the order lapses"}. After that the items go back on sale${p.deliveryDate ? " and your delivery date is given up" : ""}.${p.deliveryDate ? `\n\n${deliveryDateLine(p)}.` : ""}\n\nAlready sent it? Tell us on your order's page ("I have sent it"), or reply to this mail, and we will confirm it.\n\nYour order: ${orderUrl(links, p)}\n`,
    kind: "order_transfer_reminder",
  });
}

/** A part payment received (docs/product.md "Part payments"): what came, what is paid so far and what is left. */
export async function partPaymentMail(
  tx: Tx,
  p: Purchase,
  receivedKobo: number,
  links: MailLinks,
  chipIn: { payerName: string | null } | null = null,
) {
  const settings = await getSettings(tx);
  const number = orderNumber(p.id);
  const left = p.totalKobo - p.depositKobo;
  // the day agreed for the rest, when there is one
  const by = (words: (day: string) => string) => (p.restDueOn ? ` by ${words(p.restDueOn)}` : "");
  const received = formatNaira(receivedKobo);
  // someone she sent the payment link to paid part of it (docs/product.md "Chipping in")
  const who = chipIn ? (chipIn.payerName ?? "Someone") : null;
  const words = `${who ? `${who} chipped in ${received}` : `part payment of ${received} received`}; ${formatNaira(p.depositKobo)} of ${formatNaira(p.totalKobo)} paid, ${formatNaira(left)} left to pay${by(shortDay)}`;
  const thanks = who
    ? `${who} chipped in ${received} towards your order #${number} through its payment link. ${formatNaira(p.depositKobo)} of ${formatNaira(p.totalKobo)} is paid; ${formatNaira(left)} is left to pay${by(longDay)}.`
    : `Thank you: we received ${received} for your order #${number}. You have paid ${formatNaira(p.depositKobo)} of ${formatNaira(p.totalKobo)}; ${formatNaira(left)} is left to pay${by(longDay)}.`;
  await enqueueMail(tx, {
    to: p.email,
    kind: "order_part_payment",
    whatsapp: shopperWhatsApp(p, "order_update", [p.firstName, settings.shopName, number, words, orderUrl(links, p)]),
    subject: who ? `${who} chipped in ${received} for your order #${number}` : `We received ${received} for your order #${number}`,
    text: `Hello ${p.firstName},\n\n${thanks} We hold your order until it is paid.\n\nYour order: ${orderUrl(links, p)}\n\nQuestions? Write to ${settings.contactEmail} or call ${settings.contactPhone}.\n\nWith care,\n${settings.shopName}`,
  });
}

/** Why a paid order stays cancelled: the shop had cancelled it, or its items sold out after it lapsed. */
export type RefundReason = "cancelled_by_shop" | "sold_out" | "date_full";

/** Where a refund goes: back the way the money came. */
const refundTo = (p: Purchase) => (p.paidVia === "provider" ? "the account or card you paid with" : "you, the way you paid");

/**
 * The money arrived for an order that is cancelled and cannot be revived: the
 * shopper is told the refund is coming, the shop that it must send it.
 */
export async function refundDueMails(tx: Tx, p: Purchase, items: Item[], reason: RefundReason, links: MailLinks) {
  const settings = await getSettings(tx);
  const number = orderNumber(p.id);
  const why = {
    cancelled_by_shop: { shopper: "but we had already cancelled the order", shop: "which the shop had cancelled before it was paid" },
    sold_out: {
      shopper: "but the order had already been cancelled and the items sold out in the meantime",
      shop: "and its stock is no longer available",
    },
    date_full: {
      shopper: "but the order had already been cancelled and its delivery date was fully booked in the meantime",
      shop: "and its delivery date is fully booked",
    },
  }[reason];
  await enqueueMail(tx, {
    to: p.email,
    subject: `Your ${settings.shopName} order #${number}: your payment will be refunded`,
    text: `Hello ${p.firstName},\n\nWe received your payment of ${formatNaira(p.totalKobo)} for order #${number}, ${why.shopper}. We are refunding the full amount to ${refundTo(p)} within 5 working days; you do not need to do anything.\n\n${summary(p, items, "buyer")}\n\nYour order: ${orderUrl(links, p)}\n\nWe are sorry. Questions? Write to ${settings.contactEmail} or call ${settings.contactPhone}.\n`,
    kind: "order_refund_due",
  });
  await enqueueMail(tx, {
    to: settings.contactEmail,
    subject: `Refund needed: order #${number}, ${formatNaira(p.totalKobo)}`,
    text: `A payment arrived for cancelled order #${number} (reference ${p.reference}, transaction ${p.transactionId ?? p.paymentNote ?? "unknown"}), ${why.shop}. Refund ${formatNaira(p.totalKobo)} to ${p.firstName} ${p.lastName} <${p.email}>.\n\n${summary(p, items, "shop")}\n`,
    kind: "order_refund_admin",
  });
}
