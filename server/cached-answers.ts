import type { RequestListener } from "node:http";
import type { Logger } from "../lib/logger.server";
import type { AppDeps } from "./context";
import { headerOf } from "./http";
import { cachedAnswer, type PublicCache } from "./middleware/public-cache";
import { requestIdOf } from "./middleware/request-id";
import { newNonce, securityHeaderValues, type SecurityOptions } from "./middleware/security-headers";

// letters, digits and - _ . / only, one slash at a time, no . or .. segment
const PLAIN_PATH = /^(\/[\w.-]+)*\/?$/;
const DOT_SEGMENT = /\/\.\.?(\/|$)/;

type Options = {
  publicCache: PublicCache;
  logger: Logger;
  lifecycle?: AppDeps["lifecycle"];
  security: SecurityOptions;
};

/**
 * node:http's listener for the app, with the public cache's fresh hits answered before Hono builds
 * a Request: under a promo rush most requests are such hits, and the app's middleware cost four
 * times the bytes' own sending (docs/decisions/0018). An answer is the one the app would give: the
 * same cached bytes and headers (server/middleware/public-cache.ts), a request id, the security
 * headers with a fresh nonce, `Connection: close` while draining, and one log line. Anything else
 * (a miss, a stale copy, a session, another method) goes to the app.
 */
export function answerCachedHits({ publicCache, logger, lifecycle, security }: Options) {
  const { always, csp, pagePolicies } = securityHeaderValues(security);
  return (app: RequestListener): RequestListener =>
    (req, res) => {
      if (req.method !== "GET") return app(req, res);
      const started = performance.now();
      const headers = { get: (name: string) => headerOf(req, name) };
      // a plain path and its query, as the app reads them (anything the URL parser would rewrite,
      // "//host/path" included, is the app's: a key is only ever the app's own)
      const target = req.url ?? "";
      const q = target.indexOf("?");
      const pathname = q < 0 ? target : target.slice(0, q);
      if (!PLAIN_PATH.test(pathname) || DOT_SEGMENT.test(pathname)) return app(req, res);
      const search = q < 0 ? "" : target.slice(q);
      const entry = publicCache.freshEntry({ method: req.method, pathname, search, headers });
      if (!entry) return app(req, res);

      const nonce = newNonce();
      const requestId = requestIdOf(headerOf(req, "x-request-id"));
      const answer = cachedAnswer(entry, "hit", {
        acceptEncoding: headerOf(req, "accept-encoding"),
        ifNoneMatch: headerOf(req, "if-none-match"),
        nonce,
      });
      const own = new Set(answer.headers.map(([name]) => name.toLowerCase()));
      const flat: string[] = ["X-Request-Id", requestId];
      for (const [name, value] of answer.headers) flat.push(name, value);
      for (const [name, value] of always) flat.push(name, value);
      flat.push("Content-Security-Policy", csp(nonce));
      // a page may carry a stricter policy of its own, as through the app
      for (const [name, value] of pagePolicies) if (!own.has(name.toLowerCase())) flat.push(name, value);
      if (lifecycle?.draining) flat.push("Connection", "close");
      res.writeHead(answer.status, flat);
      res.end(answer.body ?? undefined);
      logger.info({
        requestId,
        method: "GET",
        path: pathname,
        status: answer.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    };
}
