import { formatNairaAmount } from "../../lib/money";
import { normalizeNigerianPhone } from "../../lib/phone";
import { askOnWhatsAppUrl } from "./whatsapp";

// The back office's WhatsApp button on 'Unpaid checkouts' (docs/product.md "Unpaid checkouts"): a
// chat with the shopper's own number, the message typed in with the link that completes her
// saved order. A plain wa.me link, like the shop's other WhatsApp links.

export function unpaidCheckoutMessage(shopName: string, order: { firstName: string; number: string; total: number; resumeUrl: string }) {
  return `Hello ${order.firstName}, this is ${shopName}. Your order #${order.number} (${formatNairaAmount(order.total)}) is saved for you. You can complete it here: ${order.resumeUrl}`;
}

/** wa.me with her number (any Nigerian spelling) and the message. */
export const chatWithShopperUrl = (phone: string, message: string) => askOnWhatsAppUrl(normalizeNigerianPhone(phone) ?? phone, message);
