import type { WhatsAppMessage } from "../../db/schema";
import { whatsappMessage, type WhatsAppTemplate } from "./templates";

// Who gets an event's WhatsApp form: the shopper only when she ticked 'Send my order updates on
// WhatsApp' at checkout; the owner only when an alerts number is set in /settings. Otherwise none,
// and the mail goes as always.

/** The shopper's copy on WhatsApp, when she asked for it. `mail`: see whatsappMessage. */
export function shopperWhatsApp(
  p: { whatsappOptIn: boolean; phone: string },
  template: WhatsAppTemplate,
  params: string[],
  mail = true,
): WhatsAppMessage | undefined {
  return p.whatsappOptIn ? whatsappMessage(p.phone, template, params, mail) : undefined;
}

/** The owner's alert on WhatsApp, when an alerts number is set. */
export function ownerWhatsApp(
  settings: { alertWhatsappNumber: string },
  template: WhatsAppTemplate,
  params: string[],
): WhatsAppMessage | undefined {
  return settings.alertWhatsappNumber ? whatsappMessage(settings.alertWhatsappNumber, template, params) : undefined;
}

/** What happened to the order, as order_update's {{4}} says it: "is on its way (Musa, 0803…)". */
export function orderUpdateWords(status: string, note?: string | null): string {
  const detail = note?.trim();
  switch (status) {
    case "processing":
      return "is being prepared";
    case "shipped":
      return detail ? `is on its way (${detail})` : "is on its way";
    case "delivered":
      return detail ? `was delivered, received by ${detail}` : "was delivered";
    case "cancelled":
      return "was cancelled";
    default:
      return `is now ${status}`;
  }
}
