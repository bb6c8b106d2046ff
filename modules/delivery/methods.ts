import type { DeliveryMethod } from "./types";

// The spec's delivery methods as every page names them, and how soon Standard can be booked:
// the one home for '3–5 days' and '1–2 days'. Safe for the browser.

export const deliverySpeeds: Record<DeliveryMethod, { name: string; days: string }> = {
  standard: { name: "Standard", days: "3–5 days" },
  express: { name: "Express", days: "1–2 days" },
};

/** The breakdown's row for what a chosen date and window added: order pages, mails, receipt, packing slip. */
export const dateFeeLabel = "Delivery date and time";

/**
 * Standard takes 3–5 days, so it cannot be booked for a date sooner than today + 3: that is
 * Express's, which may take the area's earliest date (docs/decisions/0015-delivery-dates.md).
 * Without the rule, Standard plus tomorrow's date would be next-day delivery at the standard fee.
 */
export const STANDARD_MIN_DAYS = 3;
