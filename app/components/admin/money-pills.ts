// What the order page's money sections share (refund-panel.tsx, stray-payments-panel.tsx): when a
// refund or payment happened, in Lagos, and the colours of its state's pill.

/** docs/product.md §9: a moment of the order's money, in Lagos: "Dec 5, 2026, 12:24 AM". */
export const moneyWhen = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Lagos" });

/** A state's pill: waiting for the provider, done, or failed / still to do. */
export const pillTone = {
  waiting: "border-amber-300 bg-amber-100 text-amber-900",
  done: "border-sage/40 bg-sage-soft text-sage",
  alarm: "border-red-300 bg-red-50 text-red-800",
} as const;
