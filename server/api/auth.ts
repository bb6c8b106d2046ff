import { Hono, type Context } from "hono";
import { rateLimitStore } from "../../db/rate-limit-store";
import { publicOrigin } from "../../lib/public-origin";
import {
  adminLogin,
  login,
  register,
  requestPasswordReset,
  resetPassword,
  type AuthDeps,
  type SignedIn,
} from "../../modules/accounts/auth.server";
import { forgotPasswordInput, loginInput, registerInput, resetPasswordInput } from "../../modules/accounts/schemas";
import { getUser } from "../../modules/accounts/service.server";
import { clearedSessionCookie, readSessionToken, sessionCookie } from "../../modules/accounts/session-cookie.server";
import { revokeSession } from "../../modules/accounts/sessions.server";
import type { AppDeps, AppEnv } from "../context";
import { clientIp, readJson } from "../http";
import { currentUser, requireUser } from "../middleware/auth";

/** docs/product.md §7 auth calls: register, login, adminlogin, logout, me, forgot and reset password. */
export function authRoutes({ database, env }: AppDeps) {
  const db = database.db;
  const auth = (): AuthDeps => ({ db, secret: env.SESSION_SECRET, limits: rateLimitStore(db, env) });
  const meta = (c: Context<AppEnv>) => ({ ip: clientIp(c, env.TRUST_PROXY), userAgent: c.req.header("user-agent") });
  // the spec's login answer {accessToken, user}, plus the httpOnly cookie for the web UI
  const signedIn = (c: Context<AppEnv>, s: SignedIn) => {
    c.header("Set-Cookie", sessionCookie(env, s.token, s.expiresAt), { append: true });
    c.header("Cache-Control", "no-store");
    return c.json({ accessToken: s.token, user: s.user });
  };

  return new Hono<AppEnv>()
    .post("/auth/register", async (c) => {
      const input = await readJson(c, registerInput);
      const user = await register(auth(), input, { ...meta(c), by: c.get("user"), shopUrl: publicOrigin(env) });
      return c.json({ user }, 201);
    })
    .post("/auth/login", async (c) => signedIn(c, await login(auth(), await readJson(c, loginInput), meta(c))))
    .post("/auth/adminlogin", async (c) => signedIn(c, await adminLogin(auth(), await readJson(c, loginInput), meta(c))))
    .post("/auth/logout", async (c) => {
      const found = readSessionToken(env, c.req.raw.headers);
      if (found) await revokeSession(db, env.SESSION_SECRET, found.token);
      c.header("Set-Cookie", clearedSessionCookie(env), { append: true });
      return c.json({ msg: "You have been logged out." });
    })
    .get("/auth/me", requireUser(), async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ user: await getUser(db, currentUser(c).id) });
    })
    .post("/auth/forgot-password", async (c) => {
      const input = await readJson(c, forgotPasswordInput);
      return c.json(await requestPasswordReset(auth(), input, { ...meta(c), shopUrl: publicOrigin(env) }));
    })
    .post("/auth/reset-password", async (c) => {
      const input = await readJson(c, resetPasswordInput);
      const result = await resetPassword(auth(), input, meta(c));
      return c.json(result);
    });
}
