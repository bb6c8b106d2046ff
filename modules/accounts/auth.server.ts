import crypto from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { passwordResets, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { hashPassword, verifyPassword } from "../../lib/password.server";
import { enforceRateLimit, rateRules, throttleLogin, type LoginRules, type RateLimitStore } from "../../lib/rate-limit.server";
import { enqueueMail } from "../mail/outbox.server";
import { offerGuestOrders } from "./email-proof.server";
import { claimGuestOrders, markEmailProven } from "./guest-orders.server";
import { resetMail } from "./mails";
import { forgotPasswordInput, loginInput, registerInput, resetPasswordInput, type LoginInput, type RegisterInput } from "./schemas";
import { findUserByEmail, registerUser, toUserView } from "./service.server";
import { createSession, hashToken, revokeAllSessions } from "./sessions.server";
import type { UserView } from "./types";
import { isTeam } from "./roles";
import type { TeamActor } from "./team-mails.server";

export type AuthDeps = { db: Db; secret: string; limits: RateLimitStore };
export type ClientMeta = { ip: string; userAgent?: string };
export type SignedIn = { token: string; expiresAt: Date; user: UserView };

export const RESET_TOKEN_MS = 3600_000; // a reset link lives one hour
const BAD_LOGIN = "Invalid email or password.";
const fail = (): never => {
  throw new AppError("unauthorized", BAD_LOGIN);
};
// verified when the email is unknown, so both answers take as long (no account probing by timing)
let dummyHash: Promise<string> | undefined;

type Found = Awaited<ReturnType<typeof findUserByEmail>>;

async function checkPassword(user: Found, password: string) {
  dummyHash ??= hashPassword("not-a-real-password-at-all");
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  return ok && user ? user : null;
}

// who is held back after failures, and for how long: lib/rate-limit.server.ts throttleLogin
const shopDoor: LoginRules = { ip: rateRules.loginIp, accountIp: rateRules.loginAccountIp, account: rateRules.loginAccount };
const adminDoor: LoginRules = { ip: rateRules.adminLoginIp, accountIp: rateRules.adminLoginAccountIp, account: rateRules.loginAccount };

/** POST /api/auth/login and the /login form: a fresh session at every login. */
export async function login(deps: AuthDeps, input: LoginInput, meta: ClientMeta): Promise<SignedIn> {
  const data = loginInput.parse(input);
  const found = await findUserByEmail(deps.db, data.email);
  // an admin's password is guessed no faster here than at the admin door (docs/decisions/0007-login-throttling.md);
  // a wrong password is answered alike whoever the account is
  const user = await throttleLogin(
    deps.limits,
    isTeam(found?.role) ? adminDoor : shopDoor,
    { ip: meta.ip, account: data.email },
    async () => (await checkPassword(found, data.password)) ?? fail(),
  );
  const session = await createSession(deps.db, deps.secret, user, meta.userAgent);
  // orders bought as a guest since, with her proven email, are hers
  await claimGuestOrders(deps.db, user);
  return { ...session, user: toUserView(user) };
}

/** POST /api/auth/adminlogin and /admin (docs/product.md §2): only administrators get in; the message is shown as is. */
export async function adminLogin(deps: AuthDeps, input: LoginInput, meta: ClientMeta): Promise<SignedIn> {
  const data = loginInput.parse(input);
  const user = await throttleLogin(deps.limits, adminDoor, { ip: meta.ip, account: data.email }, async () => {
    const found = (await checkPassword(await findUserByEmail(deps.db, data.email), data.password)) ?? fail();
    if (!isTeam(found.role)) throw new AppError("forbidden", "This login is for shop administrators only.");
    return found;
  });
  const session = await createSession(deps.db, deps.secret, user, meta.userAgent);
  return { ...session, user: toUserView(user) };
}

export const FORGOT_ANSWER = "If an account exists for that email, we have sent a link to reset the password. Check your inbox.";

/** Queues a reset link; the answer never says whether the email has an account. */
export async function requestPasswordReset(
  deps: AuthDeps,
  input: { email: string },
  meta: ClientMeta & { shopUrl: string },
): Promise<{ msg: string }> {
  const data = forgotPasswordInput.parse(input);
  await enforceRateLimit(deps.limits, rateRules.forgotIp, meta.ip);
  await enforceRateLimit(deps.limits, rateRules.forgotAccount, data.email);
  const user = await findUserByEmail(deps.db, data.email);
  if (user) {
    const token = crypto.randomBytes(32).toString("base64url");
    const link = `${meta.shopUrl}/resetpassword?token=${token}`;
    await deps.db.transaction(async (tx) => {
      await tx
        .insert(passwordResets)
        .values({ userId: user.id, tokenHash: hashToken(deps.secret, token), expiresAt: new Date(Date.now() + RESET_TOKEN_MS) });
      await enqueueMail(tx, resetMail(user, link));
    });
  }
  return { msg: FORGOT_ANSWER };
}

/** What a used, expired or made-up reset link is told, on the form's answer and on the page it opens. */
export const INVALID_RESET_LINK = "This reset link is invalid or has expired.";

const invalidResetLink = () =>
  new AppError("invalid", `${INVALID_RESET_LINK} Please ask for a new one.`, {
    fields: { token: INVALID_RESET_LINK },
  });

/** A reset link that can still set a password: not used, and within its hour. */
const liveResetLink = (tokenHash: string) =>
  and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date()));

/** Whether the link can still set a password, without using it (the reset page asks before showing its form). */
export async function resetLinkWorks(deps: Pick<AuthDeps, "db" | "secret">, token: string): Promise<boolean> {
  const [live] = await deps.db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(liveResetLink(hashToken(deps.secret, token)));
  return !!live;
}

/**
 * Sets the new password: the token works once, within the hour, every other
 * link of the user stops working, and every session of the user ends.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; password: string },
  meta: ClientMeta,
): Promise<{ msg: string }> {
  const data = resetPasswordInput.parse(input);
  await enforceRateLimit(deps.limits, rateRules.resetIp, meta.ip);
  const tokenHash = hashToken(deps.secret, data.token);
  // The per-account limit is keyed by the user the link belongs to (used or expired links too), not by the
  // token: a guesser's every made-up token would get a fresh counter, so a token key would limit nothing.
  // Counting per user caps how often one account's password can be reset (and its sessions ended) in an
  // hour, even by someone holding several of its links. Made-up tokens name no user: the IP limit covers them,
  // and they are refused before any password hashing.
  const [owner] = await deps.db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash));
  if (!owner) throw invalidResetLink();
  await enforceRateLimit(deps.limits, rateRules.resetAccount, owner.userId);
  const passwordHash = await hashPassword(data.password);
  await deps.db.transaction(async (tx) => {
    // claiming the token and using it is one statement: two racing requests cannot both win
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(liveResetLink(tokenHash))
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw invalidResetLink();
    // the other links mailed to this user must not change the password again once it has been reset
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId));
    await revokeAllSessions(tx, claimed.userId);
    // the link came to her mailbox: the email is hers, and so are its guest orders
    await markEmailProven(tx, claimed.userId);
  });
  return { msg: "Your password has been changed. Please log in with your new password." };
}

/** Registration through a public door (API, /register, /promosign): limited per IP and per email. */
export async function register(
  deps: AuthDeps,
  input: RegisterInput,
  meta: ClientMeta & { by: (TeamActor & { role: string }) | null; shopUrl: string },
): Promise<UserView> {
  const data = registerInput.parse(input);
  await enforceRateLimit(deps.limits, rateRules.registerIp, meta.ip);
  await enforceRateLimit(deps.limits, rateRules.registerAccount, data.email);
  const user = await registerUser(deps.db, data, { by: meta.by, shopUrl: meta.shopUrl });
  await offerGuestOrders(deps.db, { secret: deps.secret, origin: meta.shopUrl }, user);
  return user;
}
