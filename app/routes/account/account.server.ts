import { redirect } from "react-router";
import { rateLimitStore } from "../../../db/rate-limit-store";
import { publicOrigin } from "../../../lib/public-origin";
import type { AuthDeps, ClientMeta, SignedIn } from "../../../modules/accounts/auth.server";
import { sessionCookie } from "../../../modules/accounts/session-cookie.server";
import type { AppServices } from "../../context";

// What the account forms' actions hand to the same services the REST handlers call.
export function authDeps(ctx: AppServices): AuthDeps {
  return { db: ctx.db, secret: ctx.env.SESSION_SECRET, limits: rateLimitStore(ctx.db, ctx.env) };
}

export function clientMeta(ctx: AppServices, request: Request): ClientMeta & { shopUrl: string } {
  return { ip: ctx.clientIp, userAgent: request.headers.get("user-agent") ?? undefined, shopUrl: publicOrigin(ctx.env) };
}

/** After a login: the session cookie, then on to the next page. */
export function redirectSignedIn(ctx: AppServices, signedIn: SignedIn, to: string) {
  return redirect(to, {
    headers: { "Set-Cookie": sessionCookie(ctx.env, signedIn.token, signedIn.expiresAt), "Cache-Control": "no-store" },
  });
}
