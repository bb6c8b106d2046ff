import { Copy } from "lucide-react";
import { useState } from "react";

/** Copies `text` at a tap (an account number, a link, an address to paste elsewhere); says "Copied" once it is. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg text-rose hover:bg-white"
      aria-label={copied ? "Copied" : label}
      onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
    >
      <Copy size={18} aria-hidden="true" />
    </button>
  );
}
