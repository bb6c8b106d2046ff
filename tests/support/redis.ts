import { Redis } from "ioredis";
import { closeRateLimitStores } from "../../lib/rate-limit.server";
import { createTestContext, type TestContext } from "./test-app";

/** The Redis to test the shared rate limits against, when one is configured (e.g. redis://127.0.0.1:6379). */
export const testRedisUrl: string | undefined = process.env.REDIS_URL;

/** Where rate-limit tests keep their counters: the database always, Redis too when one is configured. */
export const rateLimitBackends = testRedisUrl ? (["database", "redis"] as const) : (["database"] as const);
export type RateLimitBackend = (typeof rateLimitBackends)[number];

/** A test app whose counters live in `backend` (its Redis keys have a prefix of their own: parallel runs never share counters). */
export const contextWithCounters = (backend: RateLimitBackend) =>
  createTestContext(backend === "redis" ? { REDIS_URL: testRedisUrl! } : {});

/** After the tests: the context's Redis keys go and the stores' connections close. */
export async function dropCounters(t: TestContext, backend: RateLimitBackend) {
  if (backend === "redis") {
    const redis = new Redis(testRedisUrl!);
    const keys = await redis.keys(`${t.env.REDIS_PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }
  await closeRateLimitStores();
}
