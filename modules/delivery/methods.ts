import type { DeliveryMethod, DeliverySpeed } from "./types";

// The spec's delivery methods as every page names them, and how soon Standard can be booked:
// the one home for '3–5 days', '1–2 days' and 'Pick-up'. Safe for the browser.

export const deliverySpeeds: Record<DeliverySpeed, { name: string; days: string }> = {
  standard: { name: "Standard", days: "3–5 days" },
  express: { name: "Express", days: "1–2 days" },
};

/** The method as an order's pages, mails and papers name it: "Standard", "Express", "Pick-up". */
export const deliveryMethodName = (method: DeliveryMethod): string => (method === "pickup" ? "Pick-up" : deliverySpeeds[method].name);

/** The breakdown's row for what getting it cost: "Delivery (express)", or "Pick-up" (free). */
export const deliveryRowLabel = (method: DeliveryMethod): string => (method === "pickup" ? "Pick-up" : `Delivery (${method})`);

/** The method with how long it takes, as an order without a chosen date says it: "Standard, 3–5 days", "Pick-up". */
export const deliveryMethodWords = (method: DeliveryMethod): string =>
  method === "pickup" ? "Pick-up" : `${deliverySpeeds[method].name}, ${deliverySpeeds[method].days}`;

/** The breakdown's row for what a chosen date and window added: order pages, mails, receipt, packing slip. */
export const dateFeeLabel = "Delivery date and time";

/**
 * Standard takes 3–5 days, so it cannot be booked for a date sooner than today + 3: that is
 * Express's, which may take the area's earliest date (docs/decisions/0015-delivery-dates.md).
 * Without the rule, Standard plus tomorrow's date would be next-day delivery at the standard fee.
 */
export const STANDARD_MIN_DAYS = 3;
