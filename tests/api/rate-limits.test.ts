import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseRateLimitStore } from "../../db/rate-limit-store";
import { enforceRateLimit, rateRules, redisRateLimitStore, type RateLimitStore } from "../../lib/rate-limit.server";
import { mailOutbox } from "../../db/schema";
import { createAdminUser, createUser } from "../factories";
import { contextWithCounters, dropCounters, rateLimitBackends, testRedisUrl } from "../support/redis";
import { createTestContext, type TestContext } from "../support/test-app";

// Issue 4: login, admin login, register, forgot and reset are limited per IP and per account,
// answering 429 with Retry-After; the counters live in the database, or Redis when REDIS_URL is set.

// each per-IP test speaks from its own documentation address (RFC 5737), so the tests never share a counter
let lastOctet = 0;
const freshIp = () => `203.0.113.${++lastOctet}`;
const unknownEmail = () => `nobody-${crypto.randomUUID()}@example.ng`;
const madeUpToken = () => crypto.randomBytes(32).toString("base64url");

async function expectTooMany(res: Response, windowMinutes: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMinutes * 60);
  expect((await res.json()).code).toBe("rate_limited");
}

describe.each(rateLimitBackends)("rate limits kept in %s", (backend) => {
  let t: TestContext;
  const post = (path: string, json: unknown, ip?: string) => t.request(path, { method: "POST", json, ip });
  beforeAll(async () => {
    t = await contextWithCounters(backend);
  });
  afterAll(() => dropCounters(t, backend));

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

  it("counts only failed logins: an admin signing in on many devices is never locked out, a guesser still is", async () => {
    const password = "Calm-and-kind-2026";
    const admin = await createAdminUser(t.db, { password });
    const ip = freshIp();
    for (let i = 0; i < 8; i++) expect((await post("/api/auth/adminlogin", { email: admin.email, password }, ip)).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await post("/api/auth/adminlogin", { email: admin.email, password: "wrong-password" }, ip)).status).toBe(401);
    await expectTooMany(await post("/api/auth/adminlogin", { email: admin.email, password }, ip), 15);
  });

  it("counts a customer's correct password at the admin door as a failure", async () => {
    const password = "Calm-and-kind-2026";
    const user = await createUser(t.db, { password });
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await post("/api/auth/adminlogin", { email: user.email, password }, ip)).status).toBe(403);
    await expectTooMany(await post("/api/auth/adminlogin", { email: user.email, password }, ip), 15);
  });

  it("counts login and admin login failures against one budget per account and address: 10 guesses in all, whichever door", async () => {
    const password = "Calm-and-kind-2026";
    // the admin door answers a customer's right password with a 403, so a guess there is as good as one at login
    const user = await createUser(t.db, { password });
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await post("/api/auth/adminlogin", { email: user.email, password: "wrong-password" }, ip)).status).toBe(401);
    for (let i = 0; i < 5; i++)
      expect((await post("/api/auth/login", { email: user.email, password: "wrong-password" }, ip)).status).toBe(401);
    await expectTooMany(await post("/api/auth/login", { email: user.email, password }, ip), 15);

    const other = await createUser(t.db, { password });
    const otherIp = freshIp();
    for (let i = 0; i < 10; i++)
      expect((await post("/api/auth/login", { email: other.email, password: "wrong-password" }, otherIp)).status).toBe(401);
    await expectTooMany(await post("/api/auth/adminlogin", { email: other.email, password }, otherIp), 15);
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

  it("limits logins per IP after 30 attempts in 15 minutes, whatever the accounts, for that address only", async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++)
      expect((await post("/api/auth/login", { email: unknownEmail(), password: "wrong-password" }, ip)).status).toBe(401);
    await expectTooMany(await post("/api/auth/login", { email: unknownEmail(), password: "wrong-password" }, ip), 15);
    expect((await post("/api/auth/login", { email: unknownEmail(), password: "wrong-password" }, freshIp())).status).toBe(401);
  });

  it("limits admin logins per IP after 20 attempts in 15 minutes", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++)
      expect((await post("/api/auth/adminlogin", { email: unknownEmail(), password: "wrong-password" }, ip)).status).toBe(401);
    await expectTooMany(await post("/api/auth/adminlogin", { email: unknownEmail(), password: "wrong-password" }, ip), 15);
    expect((await post("/api/auth/adminlogin", { email: unknownEmail(), password: "wrong-password" }, freshIp())).status).toBe(401);
  });

  it("limits forgot-password per IP after 10 requests an hour, whatever the emails", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await post("/api/auth/forgot-password", { email: unknownEmail() }, ip)).status).toBe(200);
    await expectTooMany(await post("/api/auth/forgot-password", { email: unknownEmail() }, ip), 60);
    expect((await post("/api/auth/forgot-password", { email: unknownEmail() }, freshIp())).status).toBe(200);
  });

  it("limits reset-password per IP after 20 attempts an hour", async () => {
    const ip = freshIp();
    const body = () => ({ token: madeUpToken(), password: "Brand-new-2026" });
    for (let i = 0; i < 20; i++) expect((await post("/api/auth/reset-password", body(), ip)).status).toBe(400);
    await expectTooMany(await post("/api/auth/reset-password", body(), ip), 60);
    expect((await post("/api/auth/reset-password", body(), freshIp())).status).toBe(400);
  });

  it("limits reset-password per account: 5 uses of one user's links an hour, from any address", async () => {
    const user = await createUser(t.db);
    expect((await post("/api/auth/forgot-password", { email: user.email }, freshIp())).status).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    const token = mail!.text.match(/resetpassword\?token=([\w-]+)/)![1]!;
    expect((await post("/api/auth/reset-password", { token, password: "Brand-new-2026" }, freshIp())).status).toBe(200);
    // someone replaying the used link from ever new addresses
    for (let i = 0; i < 4; i++)
      expect((await post("/api/auth/reset-password", { token, password: "Replayed-2026" }, freshIp())).status).toBe(400);
    await expectTooMany(await post("/api/auth/reset-password", { token, password: "Replayed-2026" }, freshIp()), 60);

    // another shopper's link is not held back by it
    const other = await createUser(t.db);
    await post("/api/auth/forgot-password", { email: other.email }, freshIp());
    const [otherMail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, other.email));
    const otherToken = otherMail!.text.match(/resetpassword\?token=([\w-]+)/)![1]!;
    expect((await post("/api/auth/reset-password", { token: otherToken, password: "Brand-new-2026" }, freshIp())).status).toBe(200);
  });

  it("limits registrations per email: 5 an hour, from any address", async () => {
    const email = `again-${crypto.randomUUID()}@example.ng`;
    const body = (e: string) => ({ firstName: "R", lastName: "L", email: e, password: "Sunshine-2026" });
    expect((await post("/api/auth/register", body(email), freshIp())).status).toBe(201);
    for (let i = 0; i < 4; i++) expect((await post("/api/auth/register", body(email), freshIp())).status).toBe(409);
    await expectTooMany(await post("/api/auth/register", body(email.toUpperCase()), freshIp()), 60);
    expect((await post("/api/auth/register", body(unknownEmail()), freshIp())).status).toBe(201);
  });

  it("limits registrations per IP", async () => {
    let last = 0;
    for (let i = 0; i <= rateRules.registerIp.limit; i++) {
      const email = `rl-${crypto.randomUUID()}@example.ng`;
      last = (
        await t.request("/api/auth/register", { method: "POST", json: { firstName: "R", lastName: "L", email, password: "Sunshine-2026" } })
      ).status;
    }
    expect(last).toBe(429);
  });
});

describe.each(rateLimitBackends)("the %s counter", (backend) => {
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

describe("the client's address behind a load balancer", () => {
  const balancer = "10.0.0.2";
  let behind: TestContext;
  let direct: TestContext;
  beforeAll(async () => {
    behind = await createTestContext({ TRUST_PROXY: "1" });
    direct = await createTestContext();
  });
  const forgot = (t: TestContext, forwardedFor: string) =>
    t.request("/api/auth/forgot-password", {
      method: "POST",
      json: { email: unknownEmail() },
      ip: balancer,
      headers: { "X-Forwarded-For": forwardedFor },
    });

  it("with TRUST_PROXY=1 counts per client from the hop the balancer wrote, whatever the client put before it", async () => {
    for (let i = 0; i < 10; i++) expect((await forgot(behind, `${freshIp()}, 198.51.100.7`)).status).toBe(200);
    await expectTooMany(await forgot(behind, `${freshIp()}, 198.51.100.7`), 60);
    // another shopper behind the same balancer is not held back
    expect((await forgot(behind, "198.51.100.8")).status).toBe(200);
  });

  it("by default counts the socket's peer and ignores X-Forwarded-For, which anyone can send", async () => {
    for (let i = 0; i < 10; i++) expect((await forgot(direct, freshIp())).status).toBe(200);
    await expectTooMany(await forgot(direct, freshIp()), 60);
  });
});
