import type { Env } from "../../lib/env.server";

// docs/product.md "Wish lists", "Bought from her list": a friend who opens someone's shared list
// keeps its link in a cookie for a week, so her checkout can offer to mark what she buys as bought
// on that list. httpOnly: only the checkout reads it; an order placed ends it.

export const WISH_FOR_COOKIE = "alafia_wish_for";
const WEEK_S = 7 * 24 * 3600;

const attributes = (env: Pick<Env, "NODE_ENV">) => `Path=/; HttpOnly; SameSite=Lax${env.NODE_ENV === "production" ? "; Secure" : ""}`;

/** The list link this browser opened last (not checked: listOfLink opens it or nothing), or null. */
export function readWishFor(request: Request): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, value = ""] = part.trim().split("=");
    if (key === WISH_FOR_COOKIE) return /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
  }
  return null;
}

/** Set-Cookie keeping the list's link for a week. */
export const wishForCookie = (env: Pick<Env, "NODE_ENV">, token: string) =>
  `${WISH_FOR_COOKIE}=${token}; Max-Age=${WEEK_S}; ${attributes(env)}`;

/** Set-Cookie that ends it (an order was placed). */
export const clearedWishForCookie = (env: Pick<Env, "NODE_ENV">) => `${WISH_FOR_COOKIE}=; Max-Age=0; ${attributes(env)}`;
