import { whatsappDigits } from "../../../lib/phone";
import { askOnWhatsAppUrl, payLinkMessage, shareOnWhatsAppUrl } from "../../../modules/marketing/whatsapp";
import { payLinkOf } from "../../../modules/orders/manual-orders.server";
import { payLinkUrl } from "../../../modules/orders/order-links.server";
import { restLinkEnd } from "../../../modules/orders/part-payments.server";
import { nairaToKobo } from "../../../lib/money";
import type { PurchaseDetail } from "../../../modules/orders/types";
import { getSettings } from "../../../modules/settings/service.server";
import type { AppServices } from "../../context";

/**
 * What the order page adds for an order the shop recorded, or any unpaid pay-link order
 * (docs/product.md "Manual orders"), or any waiting order with a part payment: the link the customer
 * pays with and a WhatsApp message carrying it, to her number when the order has one.
 */
export async function orderDesk({ db, env }: Pick<AppServices, "db" | "env">, p: PurchaseDetail) {
  const { shopName, payLinkHours } = await getSettings(db);
  // after a part payment (docs/product.md "Part payments"), a link for what is left
  const restEnd = restLinkEnd({ depositKobo: nairaToKobo(p.deposit), paidAt: p.paidAt, status: p.status }, payLinkHours);
  const payLink =
    payLinkOf(env, {
      id: p.id,
      paymentMethod: p.paymentMethod,
      status: p.status,
      expiresAt: p.expiresAt ? new Date(p.expiresAt) : null,
    }) ?? (restEnd ? payLinkUrl(env, p.id, restEnd) : null);
  if (!payLink) return { payLink: null, whatsappUrl: null };
  const message = payLinkMessage(shopName, {
    id: p.id,
    firstName: p.fname,
    totalAmount: p.totalAmount,
    leftToPay: p.leftToPay,
    url: payLink,
  });
  return { payLink, whatsappUrl: whatsappDigits(p.phone) ? askOnWhatsAppUrl(p.phone, message) : shareOnWhatsAppUrl(message) };
}
