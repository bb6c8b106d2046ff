import { MessageCircle, Share2 } from "lucide-react";
import { askOnWhatsAppUrl, shareOnWhatsAppUrl } from "../../../modules/marketing/whatsapp";
import { useShopContact, type ShopContact } from "./shop-contact";

// docs/product.md "WhatsApp and social links": plain links (no script needed) that open WhatsApp in
// a new tab, at least 44 px tall; the message is built by modules/marketing/whatsapp.ts.

const linkClass = "btn-outline";

/** 'Ask on WhatsApp': a chat with the shop's number, the message filled in; nothing when no number is set. */
export function AskOnWhatsApp({
  message,
  label = "Ask on WhatsApp",
  className = "",
}: {
  message: (contact: ShopContact) => string;
  label?: string;
  className?: string;
}) {
  const contact = useShopContact();
  if (!contact?.whatsappNumber) return null;
  return (
    <a
      href={askOnWhatsAppUrl(contact.whatsappNumber, message(contact))}
      target="_blank"
      rel="noopener noreferrer"
      className={`${linkClass} ${className}`}
      data-testid="ask-on-whatsapp"
    >
      <MessageCircle size={18} aria-hidden="true" /> {label}
      <span className="sr-only"> (opens WhatsApp in a new tab)</span>
    </a>
  );
}

/** 'Share on WhatsApp': WhatsApp's "send to" screen with the title and link; no shop number needed. */
export function ShareOnWhatsApp({
  message,
  className = "",
  label = "Share on WhatsApp",
}: {
  message: string;
  className?: string;
  label?: string;
}) {
  return (
    <a
      href={shareOnWhatsAppUrl(message)}
      target="_blank"
      rel="noopener noreferrer"
      className={`${linkClass} ${className}`}
      data-testid="share-on-whatsapp"
    >
      <Share2 size={18} aria-hidden="true" /> {label}
      <span className="sr-only"> (opens WhatsApp in a new tab)</span>
    </a>
  );
}
