import { longDay } from "../../lib/lagos-calendar";
import { formatNairaAmount } from "../../lib/money";
import { normalizeNigerianPhone, whatsappDigits } from "../../lib/phone";

// The back office's WhatsApp buttons that open a chat with a shopper's own number, the message typed
// in: 'Unpaid checkouts' (the link that completes her saved order), 'Gift days' (the day she sends a
// gift for comes round again), the order page's chat. Plain wa.me links, like the shop's other
// WhatsApp links; the lists leave a number that replied STOP without one (./opt-outs.server.ts).

export function unpaidCheckoutMessage(shopName: string, order: { firstName: string; number: string; total: number; resumeUrl: string }) {
  return `Hello ${order.firstName}, this is ${shopName}. Your order #${order.number} (${formatNairaAmount(order.total)}) is saved for you. You can complete it here: ${order.resumeUrl}`;
}

/** wa.me with her number (any Nigerian spelling) and the message: https://wa.me/2348031234567?text=… */
export const chatWithShopperUrl = (phone: string, message: string) =>
  `https://wa.me/${whatsappDigits(normalizeNigerianPhone(phone) ?? phone)}?text=${encodeURIComponent(message)}`;

/** 'Gift days': the day she sent a gift for last year comes round again; what she sent, and the shop. */
export function giftDayMessage(
  shopName: string,
  gift: {
    firstName: string;
    recipientName: string | null;
    day: string;
    /** "Last year", or "In 2026" (modules/orders/gift-rules.ts whenGiftWasSent) */
    sentWhen: string;
    lines: { title: string; quantity: number }[];
    shopUrl: string;
  },
) {
  const whose = gift.recipientName ? `${gift.recipientName}'s day` : "The day you sent a gift for";
  const sent = gift.lines.map((l) => `${l.quantity} × ${l.title}`).join(", ");
  return `Hello ${gift.firstName}, this is ${shopName}. ${whose} comes round again on ${longDay(gift.day)}.${sent ? ` ${gift.sentWhen} you sent ${sent}.` : ""} Shall we put something together again? ${gift.shopUrl}`;
}
