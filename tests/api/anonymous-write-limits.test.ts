import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateRules } from "../../lib/rate-limit.server";
import { createCommunicationPlatform } from "../factories";
import { contextWithCounters, dropCounters, rateLimitBackends } from "../support/redis";
import type { TestContext } from "../support/test-app";

// The writes anyone may make without an account are limited per client address, as the login is:
// past the limit a 429 with Retry-After, for that address only.

let n = 0;
const freshIp = () => `192.0.2.${++n}`;

describe.each(rateLimitBackends)("anonymous writes, counters kept in %s", (backend) => {
  let t: TestContext;
  let platform: string;
  beforeAll(async () => {
    t = await contextWithCounters(backend);
    platform = (await createCommunicationPlatform(t.db)).name;
  });
  afterAll(() => dropCounters(t, backend));

  const writes = [
    {
      path: "/api/contact",
      rule: rateRules.contactIp,
      body: (i: number) => ({ name: "Ada Obi", email: `ada${i}@example.ng`, message: "Do you deliver to Ajah?" }),
    },
    {
      path: "/api/coaching-requests",
      rule: rateRules.contactIp,
      body: (i: number) => ({ name: "Ada Obi", phone: `0803555${String(1000 + i)}`, offer: "vip" }),
    },
    { path: "/api/newsletter", rule: rateRules.newsletterIp, body: (i: number) => ({ email: `reader${i}@example.ng`, source: "footer" }) },
    { path: "/api/test/create", rule: rateRules.testChoiceIp, body: () => ({ communicationPlatform: platform }) },
  ];

  for (const { path, rule, body } of writes) {
    it(`POST ${path}: ${rule.limit} an ${rule.windowMs / 60_000} minutes per address, then 429 with Retry-After`, async () => {
      const ip = freshIp();
      const send = (i: number, from = ip) => t.request(path, { method: "POST", json: body(i), ip: from });
      // in parallel, as a flood comes: the limit still holds exactly
      const statuses = await Promise.all(Array.from({ length: rule.limit + 3 }, (_, i) => send(i).then((r) => r.status)));
      expect(statuses.filter((s) => s < 300)).toHaveLength(rule.limit);
      expect(statuses.filter((s) => s === 429)).toHaveLength(3);
      const refused = await send(999);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(rule.windowMs / 1000);
      expect((await refused.json()).code).toBe("rate_limited");
      // another address is not held back
      expect((await send(1000, freshIp())).status).toBeLessThan(300);
    });
  }
});
