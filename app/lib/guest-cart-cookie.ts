// A guest's cart as the server sees it (docs/product.md "Guest checkout"): the browser keeps the
// lines and mirrors them into a cookie, "productId*quantity|…", so the checkout page can be
// rendered and priced on the server, and the checkout form works like any form.
import { readCookie } from "./cookies";

export const GUEST_CART_COOKIE = "guest_cart";
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
  const raw = readCookie(request, GUEST_CART_COOKIE);
  if (!raw) return [];
  return raw
    .split("|")
    .slice(0, GUEST_CART_MAX_LINES)
    .flatMap((part) => {
      const [productId = "", q = ""] = part.split("*");
      const quantity = Number(q);
      return UUID.test(productId) && Number.isInteger(quantity) && quantity >= 1 && quantity <= 999 ? [{ productId, quantity }] : [];
    });
}

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

/** The Set-Cookie header of a guest cart the server wrote (readable by the page's script, which keeps the cart from then on). */
export function guestCartSetCookie(lines: { productId: string; quantity: number }[], secure: boolean): string {
  return `${GUEST_CART_COOKIE}=${encodeURIComponent(encodeGuestCart(lines))}; Path=/; Max-Age=${30 * 24 * 3600}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The cookie's lines as a string the browser compares with its own copy. */
export function decodeGuestCart(raw: string): { productId: string; quantity: number }[] {
  const request = new Request("http://x", { headers: { cookie: `${GUEST_CART_COOKIE}=${encodeURIComponent(raw)}` } });
  return guestCartFromCookie(request);
}
