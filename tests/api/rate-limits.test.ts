import crypto from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closeRateLimitStores,
  databaseRateLimitStore,
  enforceRateLimit,
  redisRateLimitStore,
  type RateLimitStore,
} from "../../lib/rate-limit.server";
import { createAdminUser, createUser } from "../factories";
import { testRedisUrl } from "../support/redis";
import { createTestContext, type TestContext } from "../support/test-app";

// Issue 4: login, admin login, register, forgot and reset are limited per IP and per account,
// answering 429 with Retry-After; the counters live in the database, or Redis when REDIS_URL is set.
const backends = testRedisUrl ? (["database", "redis"] as const) : (["database"] as const);

describe.each(backends)("rate limits kept in %s", (backend) => {
  let t: TestContext;
  let redis: Redis | undefined;
  beforeAll(async () => {
    t = await createTestContext(backend === "redis" ? { REDIS_URL: testRedisUrl! } : {});
    if (backend === "redis") {
      redis = new Redis(testRedisUrl!);
      // in-process requests all come from "local": start this run's windows from zero
      const keys = await redis.keys("alafia:rl:*:local");
      if (keys.length) await redis.del(...keys);
    }
  });
  afterAll(async () => {
    await redis?.quit();
    await closeRateLimitStores();
  });

  it("answers 429 with Retry-After after 10 logins to one account within 15 minutes", async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 10; i++) {
      const res = await t.request("/api/auth/login", { method: "POST", json: { email: user.email, password: "wrong-password" } });
      expect(res.status).toBe(401);
    }
    const res = await t.request("/api/auth/login", {
      method: "POST",
      json: { email: user.email.toUpperCase(), password: "wrong-password" },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(800);
    expect((await res.json()).code).toBe("rate_limited");
  });

  it("limits the admin login per account after 5 attempts", async () => {
    const admin = await createAdminUser(t.db);
    for (let i = 0; i < 5; i++)
      await t.request("/api/auth/adminlogin", { method: "POST", json: { email: admin.email, password: "wrong-password" } });
    const res = await t.request("/api/auth/adminlogin", { method: "POST", json: { email: admin.email, password: "wrong-password" } });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
  });

  it("limits forgot-password per account after 3 requests an hour", async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 3; i++)
      expect((await t.request("/api/auth/forgot-password", { method: "POST", json: { email: user.email } })).status).toBe(200);
    expect((await t.request("/api/auth/forgot-password", { method: "POST", json: { email: user.email } })).status).toBe(429);
  });

  it("limits registrations per IP", async () => {
    let last = 0;
    for (let i = 0; i < 21; i++) {
      const email = `rl-${crypto.randomUUID()}@example.ng`;
      last = (
        await t.request("/api/auth/register", { method: "POST", json: { firstName: "R", lastName: "L", email, password: "Sunshine-2026" } })
      ).status;
    }
    expect(last).toBe(429);
  });
});

describe.each(backends)("the %s counter", (backend) => {
  let store: RateLimitStore;
  let cleanup = async () => {};
  beforeAll(async () => {
    if (backend === "redis") {
      const redis = new Redis(testRedisUrl!);
      store = redisRateLimitStore(redis, `alafia:test:${crypto.randomUUID()}:`);
      cleanup = async () => void (await redis.quit());
    } else {
      const t = await createTestContext();
      store = databaseRateLimitStore(t.db);
    }
  });
  afterAll(() => cleanup());

  it("counts within a window and starts again after it", async () => {
    const rule = { name: "unit", limit: 2, windowMs: 300 };
    await enforceRateLimit(store, rule, "someone");
    await enforceRateLimit(store, rule, "SOMEONE");
    await expect(enforceRateLimit(store, rule, "someone")).rejects.toMatchObject({ kind: "rate_limited" });
    await enforceRateLimit(store, rule, "someone-else");
    await new Promise((r) => setTimeout(r, 350));
    await expect(enforceRateLimit(store, rule, "someone")).resolves.toBeUndefined();
  });
});
