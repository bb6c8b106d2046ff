import { shortDay } from "../../lib/lagos-calendar";
import { isSoldOut } from "./availability";

// docs/product.md "Pre-orders": a product sold before it is in, with the Lagos day it ships from
// (next year's planners and calendars, a new journal's first print). Browser-safe: the product's
// page, its card, the cart, the checkout and the order's pages all read the rule from here.

/** The day a product ships from while it is a pre-order (the day is after today, Lagos); null once it is in. */
export const preorderDay = (shipsFrom: string | null | undefined, today: string): string | null =>
  shipsFrom && shipsFrom > today ? shipsFrom : null;

/** "ships from Fri 15 Jan". */
export const shipsFromWords = (day: string) => `ships from ${shortDay(day)}`;

/** "Pre-order: ships from Fri 15 Jan". */
export const preorderWords = (day: string) => `Pre-order: ${shipsFromWords(day)}`;

/** The day an order holding pre-order lines ships from: the latest of theirs (it goes out whole); null: none is a pre-order. */
export function orderShipsFrom(lines: { shipsFrom: string | null }[]): string | null {
  return lines.reduce<string | null>((latest, l) => (l.shipsFrom && (!latest || l.shipsFrom > latest) ? l.shipsFrom : latest), null);
}

/** What link previews and feeds call it (Open Graph's and Google's words): nothing left wins over a pre-order. */
export const availabilityOf = (p: { stock: number | null; shipsFrom: string | null }): "out of stock" | "preorder" | "in stock" =>
  isSoldOut(p.stock) ? "out of stock" : p.shipsFrom ? "preorder" : "in stock";
