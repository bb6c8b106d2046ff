import { MessageCircle } from "lucide-react";

/** A chat on WhatsApp (a wa.me link with the message typed in), opened in a new tab: the back office's outline button. */
export function WhatsAppButton({ href, label = "WhatsApp", testId }: { href: string; label?: string; testId?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="btn-outline min-h-10 py-2" data-testid={testId}>
      <MessageCircle size={16} aria-hidden="true" /> {label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** The small form beside a number in a row or a detail list: "WhatsApp", underlined, a chat with `name`. */
export function WhatsAppChatLink({ href, name, testId }: { href: string; name: string; testId?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="-my-2 inline-flex min-h-10 items-center gap-1 text-rose underline"
      aria-label={`Chat with ${name} on WhatsApp (opens in a new tab)`}
      data-testid={testId}
    >
      <MessageCircle size={16} aria-hidden="true" />
      WhatsApp
    </a>
  );
}

/** In place of the chat button, for a shopper whose number replied STOP to the shop's WhatsApp (docs/product.md "WhatsApp order updates"). */
export function StoppedWhatsApp({ testId }: { testId: string }) {
  return (
    <p className="text-sm" data-testid={testId}>
      She replied STOP to the shop&apos;s WhatsApp: write to her by mail or call her.
    </p>
  );
}
