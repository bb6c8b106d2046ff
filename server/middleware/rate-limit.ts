import { createMiddleware } from "hono/factory";
import { rateLimitStore } from "../../db/rate-limit-store";
import { enforceRateLimit, type RateRule } from "../../lib/rate-limit.server";
import type { AppDeps, AppEnv } from "../context";
import { clientIp } from "../http";

/** A write anyone may make (contact, newsletter): counted per client address, 429 with Retry-After past the rule. */
export function limitPerAddress({ database, env }: AppDeps, rule: RateRule) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await enforceRateLimit(rateLimitStore(database.db, env), rule, clientIp(c, env.TRUST_PROXY));
    return next();
  });
}
