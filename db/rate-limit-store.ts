import { eq, lt, sql } from "drizzle-orm";
import type { Env } from "../lib/env.server";
import { redisRateLimitStore, sharedRedis, type RateLimitStore } from "../lib/rate-limit.server";
import type { Db } from "./client";
import { rateLimits } from "./schema";

// The rate-limit counters (lib/rate-limit.server.ts) kept in the rate_limits table, unless REDIS_URL names a Redis.

export function databaseRateLimitStore(db: Db): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const now = new Date();
      const resetAt = new Date(now.getTime() + windowMs);
      // one statement: a stale window restarts at 1, a live one counts up
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      return { count: row!.count, resetInMs: row!.resetAt.getTime() - now.getTime() };
    },
    async release(key) {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(eq(rateLimits.key, key));
    },
  };
}

/** Drops finished windows (the housekeeping timer calls it; Redis expires its keys itself). */
export async function pruneRateLimits(db: Db, now = new Date()) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}

/** The store this configuration asks for; one Redis connection per URL for the process. */
export function rateLimitStore(db: Db, env: Pick<Env, "REDIS_URL" | "REDIS_PREFIX">): RateLimitStore {
  return env.REDIS_URL ? redisRateLimitStore(sharedRedis(env.REDIS_URL), env.REDIS_PREFIX) : databaseRateLimitStore(db);
}
