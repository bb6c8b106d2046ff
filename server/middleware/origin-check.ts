import { createMiddleware } from "hono/factory";
import { AppError } from "../../lib/errors";
import { publicOrigin } from "../../lib/public-origin";
import type { AppDeps, AppEnv } from "../context";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * docs/architecture.md "Sessions": a state-changing request must come from our own
 * origin when the browser could have added credentials on its own (a cookie).
 * A foreign Origin is refused for every non-bearer request (that also stops
 * login CSRF); so is `Origin: null`, which a browser sends from an opaque context (a
 * sandboxed frame, or a foreign page with `Referrer-Policy: no-referrer`), so that login
 * CSRF cannot hide behind it. A cookie-carried request with neither Origin nor Referer is
 * refused too. Bearer clients and server-to-server callers (no Origin) pass.
 */
export function originCheck({ env }: AppDeps) {
  const shopOrigin = new URL(publicOrigin(env)).origin;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE.has(c.req.method) || c.get("authVia") === "bearer") return next();
    const claimed = c.req.header("origin") ?? refererOrigin(c.req.header("referer"));
    if (claimed === "null") throw new AppError("forbidden", "This request did not come from the shop's own pages.");
    if (!claimed) {
      if (c.get("authVia") === "cookie") throw new AppError("forbidden", "This request did not come from the shop's own pages.");
      return next();
    }
    const own = new URL(c.req.url).origin;
    if (claimed !== own && claimed !== shopOrigin) throw new AppError("forbidden", "This request did not come from the shop's own pages.");
    return next();
  });
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}
