import crypto from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import type { Logger } from "../../lib/logger.server";

const incoming = /^[A-Za-z0-9._-]{8,64}$/;

/** The caller's X-Request-Id when it is well formed, else a new one. */
export function requestIdOf(given: string | undefined | null): string {
  return given && incoming.test(given) ? given : crypto.randomUUID();
}

/** A request id (also in X-Request-Id) and one JSON log line per request. */
export function requestLog(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const requestId = requestIdOf(c.req.header("x-request-id"));
    const start = performance.now();
    c.set("requestId", requestId);
    c.set("logger", logger.child({ requestId }));
    c.header("X-Request-Id", requestId);
    await next();
    logger.info({
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - start) * 10) / 10,
    });
  });
}
