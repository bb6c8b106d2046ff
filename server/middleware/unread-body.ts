import type { MiddlewareHandler } from "hono";

/**
 * A request body the answer did not need (a 403 for a foreign Origin, a redirect to the login,
 * a 405) is read to its end before the answer goes, up to `maxBytes` as its Content-Length says,
 * so the connection stays usable for the client's next request. Left unread, the body is drained
 * after the answer within half a second, or the connection is cut: under load that cut a kept-alive
 * connection while the client was still sending, and its next request failed with no answer.
 * A larger body is not read: the answer closes the connection instead (as it does for a 413).
 */
export function readUnreadBody(maxBytes: number): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const req = c.req.raw;
    if (!req.body || req.bodyUsed) return;
    const length = Number(c.req.header("content-length"));
    if (Number.isInteger(length) && length >= 0 && length <= maxBytes) {
      try {
        const reader = req.body.getReader();
        while (!(await reader.read()).done);
      } catch {
        // the client went away: nothing left to keep
      }
    } else c.header("Connection", "close");
  };
}
