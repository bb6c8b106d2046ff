import type { Env } from "../../lib/env.server";
import { publicOrigin } from "../../lib/public-origin";
import { sameLinkToken, signLinkMessage } from "./order-links.server";

// The links of the unpaid-checkout reminders (docs/product.md "Unpaid checkouts"), signed with
// SESSION_SECRET like the order's other links: 'complete it here', which opens one saved order
// until its end, and 'stop these reminders', which opts one email out.

type Secret = Pick<Env, "SESSION_SECRET">;
type Links = Pick<Env, "SESSION_SECRET" | "PUBLIC_URL" | "PORT">;

/** How long a reminder's link opens its saved order. */
export const RESUME_LINK_MS = 7 * 24 * 60 * 60_000;

const resumeMessage = (purchaseId: string, e: number) => `resume:${purchaseId}:${e}`;

/** '/resume/{id}?e=…&t=…' (and '&code=…' when the reminder carries a discount code). */
export function resumePath(env: Secret, purchaseId: string, endsAt: Date, code?: string | null): string {
  const e = Math.floor(endsAt.getTime() / 1000);
  return `/resume/${purchaseId}?e=${e}&t=${signLinkMessage(env, resumeMessage(purchaseId, e))}${code ? `&code=${encodeURIComponent(code)}` : ""}`;
}

/** '/resume/{id}' with no link: her own saved order, opened from My orders by her account (my-orders.server.ts). */
export const ownResumePath = (purchaseId: string) => `/resume/${purchaseId}`;

export const resumeUrl = (env: Links, purchaseId: string, endsAt: Date, code?: string | null) =>
  `${publicOrigin(env)}${resumePath(env, purchaseId, endsAt, code)}`;

/** 'valid', 'expired' (ours, but over) or 'invalid'. */
export function checkResumeLink(
  env: Secret,
  purchaseId: string,
  e: number,
  token: string,
  now = new Date(),
): "valid" | "expired" | "invalid" {
  if (!Number.isSafeInteger(e) || !sameLinkToken(token, signLinkMessage(env, resumeMessage(purchaseId, e)))) return "invalid";
  return e * 1000 <= now.getTime() ? "expired" : "valid";
}

const stopMessage = (email: string) => `stop-reminders:${email.trim().toLowerCase()}`;

/** '/reminders/stop?email=…&t=…': the page that stops reminders to this email (a button, never the GET itself). */
export const stopRemindersUrl = (env: Links, email: string) =>
  `${publicOrigin(env)}/reminders/stop?email=${encodeURIComponent(email.trim().toLowerCase())}&t=${signLinkMessage(env, stopMessage(email))}`;

export const isStopRemindersToken = (env: Secret, email: string, token: string) =>
  !!token && sameLinkToken(token, signLinkMessage(env, stopMessage(email)));
