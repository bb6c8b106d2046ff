import { createMiddleware } from "hono/factory";
import { knowsGuestCart } from "../../app/lib/guest-cart-cookie";
import type { AppEnv } from "../context";

// The /api reads that are the same for everyone (catalogue, content, health): caches may keep them.
const PUBLIC_API =
  /^\/api\/(health|products(\/[^/]+)?|categories(\/[^/]+)?|posts(\/[^/]+)?|deliveryrates(\/[^/]+)?|communicationPlatforms|reviews\/[^/]+)$/;
const PRIVATE = "private, no-store";

function addVary(headers: Headers, field: string) {
  const current = headers.get("Vary");
  if (!current) headers.set("Vary", field);
  else if (!current.split(",").some((v) => v.trim().toLowerCase() === field.toLowerCase())) headers.set("Vary", `${current}, ${field}`);
}

/**
 * Personal answers never go into a shared cache (a proxy, a CDN) nor stay in the browser's:
 * - /api: every answer but the public reads above is `private, no-store` (errors and writes included);
 * - pages: every answer to a request carrying a session, or a guest's cart (the cart and checkout
 *   pages are drawn from it), is `private, no-store`, and pages say `Vary: Cookie` (the header
 *   shows who is signed in). A route that marks its answer `public` (the public pages, sitemap,
 *   robots, share images) promises it is the same for everyone and is left as it is.
 */
export function privateResponses() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const h = c.res.headers;
    const path = c.req.path;
    if (path === "/api" || path.startsWith("/api/")) {
      const publicRead = (c.req.method === "GET" || c.req.method === "HEAD") && PUBLIC_API.test(path);
      if (!publicRead) h.set("Cache-Control", PRIVATE);
      return;
    }
    if (/\bpublic\b/.test(h.get("Cache-Control") ?? "")) return;
    addVary(h, "Cookie");
    if (c.get("authVia") || c.get("user") || knowsGuestCart(c.req.raw)) h.set("Cache-Control", PRIVATE);
  });
}
