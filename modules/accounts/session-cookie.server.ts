import type { Env } from "../../lib/env.server";

// docs/architecture.md "Sessions": httpOnly, SameSite=Lax; Secure and `__Host-` prefixed in production.
export function sessionCookieName(env: Pick<Env, "NODE_ENV">): string {
  return env.NODE_ENV === "production" ? "__Host-alafia_session" : "alafia_session";
}

/** The Set-Cookie value for a new session (used by the REST login and the login forms alike). */
export function sessionCookie(env: Pick<Env, "NODE_ENV">, token: string, expiresAt: Date): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return serialize(env, token, maxAge);
}

export function clearedSessionCookie(env: Pick<Env, "NODE_ENV">): string {
  return serialize(env, "", 0);
}

function serialize(env: Pick<Env, "NODE_ENV">, value: string, maxAge: number) {
  const secure = env.NODE_ENV === "production" ? "; Secure" : "";
  return `${sessionCookieName(env)}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/** The session token a request carries: `Authorization: Bearer` first, then the cookie. */
export function readSessionToken(
  env: Pick<Env, "NODE_ENV">,
  headers: Pick<Headers, "get">,
): { token: string; via: "bearer" | "cookie" } | null {
  const bearer = headers.get("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return { token: bearer, via: "bearer" };
  const name = sessionCookieName(env);
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      if (value) return { token: decodeCookie(value), via: "cookie" };
    }
  }
  return null;
}

/** A malformed value (a stray "%") is no session, not a 500 on every request of that browser. */
function decodeCookie(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
