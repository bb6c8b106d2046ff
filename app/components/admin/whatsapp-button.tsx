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
