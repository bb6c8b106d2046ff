// docs/product.md §4 Client-memory cart, kept in the browser's local storage so it survives
// reloads (docs/architecture.md improvements); merged into the account at login.
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { GUEST_CART_COOKIE, PLACED_ORDER_COOKIE, decodeGuestCart, encodeGuestCart, writtenByServer } from "./guest-cart-cookie";
import { readBrowserCookie, setBrowserCookie } from "./cookies";

export type GuestCartLine = { productId: string; quantity: number };

const KEY = "cart";
const CHANGED = "alafia:guest-cart";

function isLine(v: unknown): v is GuestCartLine {
  const l = v as GuestCartLine;
  return !!l && typeof l.productId === "string" && Number.isInteger(l.quantity) && l.quantity >= 1;
}

export function readGuestCart(): GuestCartLine[] {
  if (typeof window === "undefined") return [];
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isLine) : [];
  } catch {
    return [];
  }
}

function write(lines: GuestCartLine[]) {
  window.localStorage.setItem(KEY, JSON.stringify(lines));
  // the same lines for the server, so the checkout page is rendered (and priced) for a guest too
  setBrowserCookie(GUEST_CART_COOKIE, encodeGuestCart(lines), lines.length ? 30 * 24 * 3600 : 0);
  window.dispatchEvent(new Event(CHANGED));
}

/**
 * Adding a product already in the cart raises its quantity. More than `max` (the stock) is
 * refused, not quietly lowered: the answer says how many the cart already holds.
 */
export function addToGuestCart(productId: string, quantity: number, max = Infinity): { ok: true } | { ok: false; inCart: number } {
  const lines = readGuestCart();
  const line = lines.find((l) => l.productId === productId);
  const inCart = line?.quantity ?? 0;
  if (inCart + quantity > max) return { ok: false, inCart };
  if (line) line.quantity = inCart + Math.max(1, quantity);
  else lines.push({ productId, quantity: Math.max(1, quantity) });
  write(lines);
  return { ok: true };
}

export function setGuestCartQuantity(productId: string, quantity: number) {
  write(readGuestCart().map((l) => (l.productId === productId ? { ...l, quantity: Math.max(1, quantity) } : l)));
}

/** Removal is by product id (docs/product.md §4). */
export function removeFromGuestCart(productId: string) {
  write(readGuestCart().filter((l) => l.productId !== productId));
}

export function clearGuestCart() {
  write([]);
}

/** On a placed order's page: the cart is emptied when this browser placed that very order from it, once. */
export function emptyCartAfterPlacing(orderId: string) {
  if (readBrowserCookie(PLACED_ORDER_COOKIE) !== orderId) return;
  setBrowserCookie(PLACED_ORDER_COOKIE, "", 0);
  clearGuestCart();
}

/** The header badge: total quantity, the sum of the lines' quantities. */
export function guestCartQuantity(lines: GuestCartLine[] = readGuestCart()): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

/**
 * The browser's cart and its cookie mirror agree: a cart the server wrote (a form posted before the
 * script ran: a line added, a quantity changed, a line removed) becomes the browser's; lines only in
 * the cookie join the browser's cart; a cart kept before the mirror existed is copied to it.
 */
export function adoptServerLines() {
  const raw = readBrowserCookie(GUEST_CART_COOKIE);
  let fromServer: GuestCartLine[] = [];
  let serverWrote = false;
  try {
    const value = raw ? decodeURIComponent(raw) : "";
    fromServer = value ? decodeGuestCart(value) : [];
    serverWrote = writtenByServer(value);
  } catch {
    fromServer = [];
  }
  if (serverWrote) return write(fromServer);
  const kept = readGuestCart();
  const missing = fromServer.filter((s) => !kept.some((k) => k.productId === s.productId));
  if (missing.length || (kept.length && !raw)) write([...kept, ...missing]);
}

/** The guest cart, kept in sync across components and tabs; null until it is read (on the server, and the first render). */
export function useGuestCart(): GuestCartLine[] | null {
  const [lines, setLines] = useState<GuestCartLine[] | null>(null);
  useEffect(() => {
    const sync = () => setLines(readGuestCart());
    adoptServerLines();
    sync();
    window.addEventListener(CHANGED, sync);
    window.addEventListener("storage", sync);
    return () => {
      window.removeEventListener(CHANGED, sync);
      window.removeEventListener("storage", sync);
    };
  }, []);
  return lines;
}

/**
 * Header badge: the server's count for a signed-in shopper, the browser's for a guest. A guest's
 * count is unknown (null) until the page's script runs: the server's page is the same for every
 * guest, and a page without JavaScript (/track) never knows it, so it shows no number rather than 0.
 */
export function useCartBadge(signedIn: boolean, serverCount: number): number | null {
  const lines = useGuestCart();
  if (signedIn) return serverCount;
  return lines ? guestCartQuantity(lines) : null;
}

const PENDING = "cartMerge";
type PendingMerge = { id: string; lines: GuestCartLine[] };

function readPending(): PendingMerge | null {
  try {
    const p = JSON.parse(window.localStorage.getItem(PENDING) ?? "null") as PendingMerge | null;
    return p && typeof p.id === "string" && Array.isArray(p.lines) ? { id: p.id, lines: p.lines.filter(isLine) } : null;
  } catch {
    return null;
  }
}

/**
 * Call right after a successful login or registration: moves the guest cart into
 * the account (quantities add up, capped by stock), then empties it here.
 *
 * The lines move to a "sent" slot with an id before the request goes out, and the id
 * travels as the Idempotency-Key: if the connection drops mid-request (common on
 * mobile data) the same lines are sent again with the same id at the next page,
 * and the server applies them once. Nothing is lost and nothing is added twice.
 * Lines the server refuses come back to the guest cart.
 */
export function mergeGuestCartAfterLogin(): Promise<boolean> {
  // one merge at a time in this page: a second caller (the login's action, the signed-in page) waits
  // for the one in flight rather than sending its lines again while the server is still on them
  merging ??= sendGuestCart().finally(() => {
    merging = null;
  });
  return merging;
}
let merging: Promise<boolean> | null = null;

async function sendGuestCart(): Promise<boolean> {
  let pending = readPending();
  if (!pending) {
    const lines = readGuestCart();
    if (!lines.length) return true;
    pending = { id: crypto.randomUUID(), lines: lines.slice(0, 100) };
    window.localStorage.setItem(PENDING, JSON.stringify(pending));
    clearGuestCart();
  }
  let res: Response;
  try {
    res = await fetch("/api/cart/merge", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": `merge-${pending.id}` },
      credentials: "same-origin",
      keepalive: true,
      body: JSON.stringify({ lines: pending.lines }),
    });
    // read to its end: an unread (compressed) answer keeps the request open in the browser
    await res.arrayBuffer();
  } catch {
    return false; // kept in the sent slot: the next page sends it again with the same key
  }
  if (res.status === 409 || res.status >= 500) return false; // still running, or a passing fault: retried later
  window.localStorage.removeItem(PENDING);
  if (!res.ok) write(mergeLines(readGuestCart(), pending.lines));
  // a guest cart filled while this one was in flight goes in too
  return res.ok && (readGuestCart().length === 0 || (await sendGuestCart()));
}

/** Whether a guest cart, or one sent but not confirmed, waits to be merged. */
function mergeWaiting(): boolean {
  return readGuestCart().length > 0 || readPending() !== null;
}

function mergeLines(a: GuestCartLine[], b: GuestCartLine[]): GuestCartLine[] {
  const byId = new Map(a.map((l) => [l.productId, { ...l }]));
  for (const l of b) {
    const existing = byId.get(l.productId);
    if (existing) existing.quantity += l.quantity;
    else byId.set(l.productId, { ...l });
  }
  return [...byId.values()];
}

/**
 * Whatever way the shopper signed in (login, registration, promo sign-up), the
 * first page she sees signed in moves her guest cart into the account and
 * refreshes the page's data so the badge and cart show the merged lines.
 */
export function useMergeGuestCartWhenSignedIn(signedIn: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!signedIn || !mergeWaiting()) return;
    let cancelled = false;
    void mergeGuestCartAfterLogin().then((merged) => {
      if (merged && !cancelled) void revalidator.revalidate();
    });
    return () => {
      cancelled = true;
    };
    // revalidator is a new object on every render; the merge depends on signing in only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn]);
}
