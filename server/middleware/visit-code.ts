import { createMiddleware } from "hono/factory";
import { cleanVisitCode, visitCodeCookie } from "../../modules/discounts/visit-code.server";
import type { AppDeps, AppEnv } from "../context";

const NOT_PAGES = /^\/(api|assets|uploads)\//;

/**
 * docs/product.md "Discount codes": a link to any page with ?code=VAL25 keeps the code for the
 * visit (a session cookie) and answers a 302 to the same address without it, so the page itself
 * is the one every visitor gets (the public cache never sees the parameter, and no public page
 * reads the cookie). Runs before the public cache.
 */
export function visitCode({ env }: Pick<AppDeps, "env">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || NOT_PAGES.test(c.req.path)) return next();
    const url = new URL(c.req.url);
    if (!url.searchParams.has("code")) return next();
    const code = cleanVisitCode(url.searchParams.get("code"));
    url.searchParams.delete("code");
    // a path only, never an origin taken from the request's headers (docs/style.md)
    const location = `${url.pathname.replace(/^\/+/, "/")}${url.search}`;
    c.header("Cache-Control", "private, no-store");
    if (code) c.header("Set-Cookie", visitCodeCookie(env, code), { append: true });
    return c.redirect(location, 302);
  });
}
