import crypto from "node:crypto";
import type { Env } from "../../lib/env.server";
import { publicOrigin } from "../../lib/public-origin";

// Links that open one order without an account (docs/product.md "Guest checkout"): the order
// confirmation a guest comes back to, and the pay link she shares. Each carries a signature of
// the order's id (and, for a pay link, its end) made with SESSION_SECRET: it cannot be guessed,
// and it opens that one order only. Every server sharing the database signs alike.

type Secret = Pick<Env, "SESSION_SECRET">;
export type LinkPurpose = "view" | "pay";

const sign = (env: Secret, message: string) =>
  crypto.createHmac("sha256", env.SESSION_SECRET).update(message).digest("base64url").slice(0, 32);

const equal = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The token that lets its holder see one order (the confirmation, later the tracking page). */
export const orderViewToken = (env: Secret, purchaseId: string) => sign(env, `view:${purchaseId}`);

export const isOrderViewToken = (env: Secret, purchaseId: string, token: string | null | undefined): boolean =>
  !!token && equal(token, orderViewToken(env, purchaseId));

/** Who asks to act on an order from its page: the link's token she holds, and her account when signed in. */
export type OrderHolder = { token?: string | null; userId?: string | null };

/** The order is hers to act on (give up a reminder, change its day, order it again): by its link, or her own account. */
export const holdsOrder = (env: Secret, order: { id: string; userId: string | null }, who: OrderHolder): boolean =>
  isOrderViewToken(env, order.id, who.token) || (!!who.userId && order.userId === who.userId);

/** The confirmation page of an order, for its buyer whether or not she has an account. */
export function orderCompletePath(env: Secret, purchase: { id: string; reference: string }): string {
  return `/checkout/complete?reference=${encodeURIComponent(purchase.reference)}&t=${orderViewToken(env, purchase.id)}`;
}

/** Where the provider sends the shopper back: on the shop's public address, never the request's Host. */
export const paymentCallbackUrl = (env: Pick<Env, "SESSION_SECRET" | "PUBLIC_URL" | "PORT">, purchase: { id: string; reference: string }) =>
  `${publicOrigin(env)}${orderCompletePath(env, purchase)}`;

const payMessage = (purchaseId: string, endsAt: number) => `pay:${purchaseId}:${endsAt}`;

/** '/pay/{id}?e=…&t=…': anyone holding it can pay this order until `endsAt`, and see only what is bought. */
export function payLinkPath(env: Secret, purchaseId: string, endsAt: Date): string {
  const e = Math.floor(endsAt.getTime() / 1000);
  return `/pay/${purchaseId}?e=${e}&t=${sign(env, payMessage(purchaseId, e))}`;
}

export const payLinkUrl = (env: Pick<Env, "SESSION_SECRET" | "PUBLIC_URL" | "PORT">, purchaseId: string, endsAt: Date) =>
  `${publicOrigin(env)}${payLinkPath(env, purchaseId, endsAt)}`;

/** 'valid', 'expired' (signed by us, but its time is over) or 'invalid' (not a link we made for this order). */
export function checkPayLink(env: Secret, purchaseId: string, e: number, token: string, now = new Date()): "valid" | "expired" | "invalid" {
  if (!Number.isSafeInteger(e) || !equal(token, sign(env, payMessage(purchaseId, e)))) return "invalid";
  return e * 1000 <= now.getTime() ? "expired" : "valid";
}

/** Signs another kind of link the same way (the reminders' links, resume-links.server.ts). */
export const signLinkMessage = sign;
/** Compares a link's token with the expected one in constant time. */
export const sameLinkToken = equal;
