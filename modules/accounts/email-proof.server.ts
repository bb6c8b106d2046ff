import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { passwordResets, purchases, users } from "../../db/schema";
import type { Env } from "../../lib/env.server";
import { AppError } from "../../lib/errors";
import { publicOrigin } from "../../lib/public-origin";
import { enqueueMail } from "../mail/outbox.server";
import { markEmailProven, settleGuestOrderAccount } from "./guest-orders.server";
import { accountReadyMail, proveEmailMail } from "./mails";
import { hashToken } from "./sessions.server";

// Links that prove an email belongs to its account (docs/product.md "Guest checkout"): used,
// they let the guest orders of that email join the account. Signed with SESSION_SECRET, bound to
// the account and its email, valid for a week.

/** The signing secret (SESSION_SECRET) and the shop's public address (publicOrigin). */
export type LinkKeys = { secret: string; origin: string };
export const linkKeys = (env: Pick<Env, "SESSION_SECRET" | "PUBLIC_URL" | "PORT">): LinkKeys => ({
  secret: env.SESSION_SECRET,
  origin: publicOrigin(env),
});
const PROOF_MS = 7 * 24 * 3_600_000;
/** An account made at checkout sets its password within a week. */
const ACCOUNT_READY_MS = 7 * 24 * 3_600_000;

const sign = (keys: LinkKeys, userId: string, email: string, e: number) =>
  crypto.createHmac("sha256", keys.secret).update(`prove:${userId}:${email.toLowerCase()}:${e}`).digest("base64url").slice(0, 32);

export function emailProofUrl(keys: LinkKeys, user: { id: string; email: string }, now = new Date()): string {
  const e = Math.floor((now.getTime() + PROOF_MS) / 1000);
  const query = new URLSearchParams({ u: user.id, e: String(e), t: sign(keys, user.id, user.email, e) });
  return `${keys.origin}/verifyemail?${query}`;
}

const badLink = () => new AppError("invalid", "This link is invalid or has expired. Sign in and we can send a new one.");

/**
 * /verifyemail: the link proves the email only for a browser signed in to the account it was made for.
 * Anyone can sign up with someone else's email, and then the real owner of the address is the one who
 * gets the link: used while signed out (unauthorized: the page sends her to log in first) or signed in
 * to another account (forbidden), it proves nothing, so her guest orders never join a stranger's account.
 */
export async function proveEmail(
  db: Db,
  keys: LinkKeys,
  link: { u: string; e: number; t: string },
  viewer: { id: string } | null,
  now = new Date(),
): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(link.u) || link.e * 1000 <= now.getTime()) throw badLink();
  const [user] = await db.select().from(users).where(eq(users.id, link.u));
  const expected = user ? sign(keys, user.id, user.email, link.e) : "";
  if (!user || expected.length !== link.t.length || !crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(link.t))) throw badLink();
  if (!viewer) throw new AppError("unauthorized", "Log in to see your orders in your account.");
  if (viewer.id !== user.id)
    throw new AppError(
      "forbidden",
      "This link belongs to another account. Log out, then log in to the account of the email that received it.",
    );
  await db.transaction((tx) => markEmailProven(tx, user.id, now));
}

/** After signing up: if orders were bought as a guest with this email, a link to prove it and see them. */
export async function offerGuestOrders(tx: Db | Tx, keys: LinkKeys, user: { id: string; email: string }): Promise<boolean> {
  const [waiting] = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(isNull(purchases.userId), sql`lower(${purchases.email}) = lower(${user.email})`))
    .limit(1);
  if (!waiting) return false;
  await enqueueMail(tx, proveEmailMail(user, emailProofUrl(keys, user)));
  return true;
}

/**
 * A guest order was paid: it joins the proven account of its email; with 'Save my details' and
 * no account yet, one is made and a link to set its password is mailed (using it proves the
 * email). An account of that email not yet proven gets a link to prove it.
 */
export async function settleGuestOrder(tx: Tx, p: typeof purchases.$inferSelect, keys: LinkKeys) {
  const { purchase, createdUserId } = await settleGuestOrderAccount(tx, p);
  if (createdUserId) {
    const token = crypto.randomBytes(32).toString("base64url");
    await tx
      .insert(passwordResets)
      .values({ userId: createdUserId, tokenHash: hashToken(keys.secret, token), expiresAt: new Date(Date.now() + ACCOUNT_READY_MS) });
    await enqueueMail(tx, accountReadyMail(purchase, `${keys.origin}/resetpassword?token=${token}`));
  } else if (!purchase.userId) {
    const [owner] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${purchase.email})`);
    if (owner) await enqueueMail(tx, proveEmailMail(owner, emailProofUrl(keys, owner)));
  }
  return purchase;
}
