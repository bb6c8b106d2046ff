import { whatsappDigits } from "../../../lib/phone";
import { askOnWhatsAppUrl, payLinkMessage, shareOnWhatsAppUrl } from "../../../modules/marketing/whatsapp";
import { payLinkOf } from "../../../modules/orders/manual-orders.server";
import type { PurchaseDetail } from "../../../modules/orders/types";
import { getSettings } from "../../../modules/settings/service.server";
import type { AppServices } from "../../context";

/**
 * What the order page adds for an order the shop recorded, or any unpaid pay-link order
 * (docs/product.md "Manual orders"): the link the customer pays with and a WhatsApp message
 * carrying it, to her number when the order has one.
 */
export async function orderDesk({ db, env }: Pick<AppServices, "db" | "env">, p: PurchaseDetail) {
  const payLink = payLinkOf(env, {
    id: p.id,
    paymentMethod: p.paymentMethod,
    status: p.status,
    expiresAt: p.expiresAt ? new Date(p.expiresAt) : null,
  });
  if (!payLink) return { payLink: null, whatsappUrl: null };
  const { shopName } = await getSettings(db);
  const message = payLinkMessage(shopName, { id: p.id, firstName: p.fname, totalAmount: p.totalAmount, url: payLink });
  return { payLink, whatsappUrl: whatsappDigits(p.phone) ? askOnWhatsAppUrl(p.phone, message) : shareOnWhatsAppUrl(message) };
}
