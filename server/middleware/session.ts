import { createMiddleware } from "hono/factory";
import { lookupSession } from "../../modules/accounts/sessions.server";
import { readSessionToken, sessionCookie } from "../../modules/accounts/session-cookie.server";
import type { AppDeps, AppEnv } from "../context";

export { sessionCookieName } from "../../modules/accounts/session-cookie.server";

/** Reads the session from an `Authorization: Bearer` header or the cookie and sets c.var.user. */
export function sessionMiddleware({ database, env }: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const found = readSessionToken(env, c.req.raw.headers);
    const session = found ? await lookupSession(database.db, env.SESSION_SECRET, found.token) : null;
    c.set("user", session?.user ?? null);
    c.set("authVia", found?.via ?? null);
    await next();
    // 30 days sliding for customers: the cookie's lifetime follows the session's
    if (session?.renewed && found?.via === "cookie" && !c.res.headers.get("set-cookie")?.includes("alafia_session="))
      c.header("Set-Cookie", sessionCookie(env, found.token, session.expiresAt), { append: true });
  });
}
