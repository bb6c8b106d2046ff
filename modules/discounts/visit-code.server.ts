import type { Env } from "../../lib/env.server";

// The code for the visit (docs/product.md "Discount codes"): a link such as /?code=VAL25, or the
// cart's "Discount code" field, keeps the code in a session cookie (gone when the browser closes).
// Only the cart and the checkout read it; public pages never do, so their cached copies cannot
// differ by it. httpOnly: the pages hand the code to the browser when it needs it (the guest quote).

export const VISIT_CODE_COOKIE = "alafia_code";
const MAX_LENGTH = 40;

/** A code as a cookie can carry it: trimmed, printable, at most 40 characters; else null. */
export function cleanVisitCode(raw: string | null | undefined): string | null {
  const code = raw?.trim() ?? "";
  // letters, digits, - and _ only (what an owner can name a code): nothing a cookie or a page must escape
  if (!code || code.length > MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(code)) return null;
  return code;
}

/** The code this visit carries (the request's cookie), or null. For the cart's and the checkout's loaders and actions. */
export function readVisitCode(request: Request | Headers): string | null {
  const headers = request instanceof Headers ? request : request.headers;
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0 || part.slice(0, eq).trim() !== VISIT_CODE_COOKIE) continue;
    try {
      return cleanVisitCode(decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      return null;
    }
  }
  return null;
}

const attributes = (env: Pick<Env, "NODE_ENV">) => `Path=/; HttpOnly; SameSite=Lax${env.NODE_ENV === "production" ? "; Secure" : ""}`;

/** Set-Cookie for the visit's code: no Max-Age, so it lasts as long as the browser session. */
export function visitCodeCookie(env: Pick<Env, "NODE_ENV">, code: string): string {
  return `${VISIT_CODE_COOKIE}=${encodeURIComponent(code)}; ${attributes(env)}`;
}

/** Set-Cookie that removes the visit's code. */
export function clearedVisitCodeCookie(env: Pick<Env, "NODE_ENV">): string {
  return `${VISIT_CODE_COOKIE}=; Max-Age=0; ${attributes(env)}`;
}
