// A guest's cart as the server sees it (docs/product.md "Guest checkout"): the browser keeps the
// lines and mirrors them into a cookie, "productId*quantity|…", so the checkout page can be
// rendered and priced on the server, and the checkout form works like any form.
import { readCookie } from "./cookies";

export const GUEST_CART_COOKIE = "guest_cart";
/**
 * Leads the cookie's value when the server wrote it (a form posted before the page's script ran):
 * the browser then takes the cookie's lines as they are, quantities and removals included.
 */
const FROM_SERVER = "~";
/** What a cookie can carry comfortably (each line is about 40 characters). */
export const GUEST_CART_MAX_LINES = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const encodeGuestCart = (lines: { productId: string; quantity: number }[]) =>
  lines
    .slice(0, GUEST_CART_MAX_LINES)
    .map((l) => `${l.productId}*${l.quantity}`)
    .join("|");

/** The lines of the request's guest-cart cookie; anything malformed is left out, never an error. */
export function guestCartFromCookie(request: Request): { productId: string; quantity: number }[] {
  return decodeGuestCart(readCookie(request, GUEST_CART_COOKIE) ?? "");
}

/** The request's cookie says what her cart holds: lines, or an emptied cart the server wrote. */
export const knowsGuestCart = (request: Request) => Boolean(readCookie(request, GUEST_CART_COOKIE));

/** A line added to the guest's cart without the page's script (the form posts to /cart): quantities add up, at most `limit`. */
export function withGuestLine(
  lines: { productId: string; quantity: number }[],
  add: { productId: string; quantity: number },
  limit: number,
) {
  const existing = lines.find((l) => l.productId === add.productId);
  if (existing) return lines.map((l) => (l === existing ? { ...l, quantity: Math.min(l.quantity + add.quantity, limit) } : l));
  return [...lines, { productId: add.productId, quantity: Math.min(add.quantity, limit) }].slice(-GUEST_CART_MAX_LINES);
}

/** A guest's line changed without the page's script (the cart's steppers and delete): a quantity (at most `limit`), or gone. */
export function withGuestQuantity(
  lines: { productId: string; quantity: number }[],
  productId: string,
  quantity: number | null,
  limit: number,
) {
  return quantity === null
    ? lines.filter((l) => l.productId !== productId)
    : lines.map((l) => (l.productId === productId ? { ...l, quantity: Math.min(quantity, limit) } : l));
}

/**
 * The Set-Cookie header of a guest cart the server wrote: readable by the page's script, which
 * takes these lines as the cart (they are marked as the server's) and keeps it from then on.
 */
export function guestCartSetCookie(lines: { productId: string; quantity: number }[], secure: boolean): string {
  // an emptied cart too: the browser must learn its last line went, not keep its own copy
  const value = encodeURIComponent(FROM_SERVER + encodeGuestCart(lines));
  return `${GUEST_CART_COOKIE}=${value}; Path=/; Max-Age=${30 * 24 * 3600}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The order a guest's browser placed from its cart (set by the checkout): that order's page empties
 * the cart once it is placed, and no other order's page does (an old order opened from its mail, an
 * order someone asked her to pay). Kept the 7 days a saved checkout can still be completed.
 */
export const PLACED_ORDER_COOKIE = "placed_order";
export const placedOrderSetCookie = (purchaseId: string, secure: boolean) =>
  `${PLACED_ORDER_COOKIE}=${purchaseId}; Path=/; Max-Age=${7 * 24 * 3600}; SameSite=Lax${secure ? "; Secure" : ""}`;

/** The cookie's value (decoded) was written by the server: the browser's cart becomes its lines. */
export const writtenByServer = (raw: string) => raw.startsWith(FROM_SERVER);

/**
 * The lines of the cookie's (decoded) value, in the browser as on the server; anything malformed is
 * left out, never an error.
 */
export function decodeGuestCart(raw: string): { productId: string; quantity: number }[] {
  if (!raw) return [];
  return (raw.startsWith(FROM_SERVER) ? raw.slice(FROM_SERVER.length) : raw)
    .split("|")
    .slice(0, GUEST_CART_MAX_LINES)
    .flatMap((part) => {
      const [productId = "", q = ""] = part.split("*");
      const quantity = Number(q);
      return UUID.test(productId) && Number.isInteger(quantity) && quantity >= 1 && quantity <= 999 ? [{ productId, quantity }] : [];
    });
}
