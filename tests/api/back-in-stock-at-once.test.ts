import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema";
import { localInvalidationBus } from "../../lib/invalidation.server";
import { createLogger } from "../../lib/logger.server";
import { startBackgroundJobs } from "../../server/background-jobs";
import { createApp } from "../../server/app";
import { createAdminUser, createProduct } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

// docs/product.md "Back in stock": the minute job also runs the moment the team saves a change (the
// write that tells every server's caches to forget), so a restock is told at once, not within a
// minute. The shop's own background jobs, on their own bus, with the app that publishes on it.
let t: TestContext;
const bus = localInvalidationBus();
let app: ReturnType<typeof createApp>;
let stopJobs: () => Promise<void>;
beforeAll(async () => {
  t = await createTestContext();
  const logger = createLogger("silent");
  app = createApp({ database: t.database, env: t.env, logger, invalidation: bus });
  stopJobs = startBackgroundJobs({ db: t.db, env: t.env, logger, invalidation: bus });
});
afterAll(async () => {
  await stopJobs();
  await bus.close();
});

const mailsTo = (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, "back_in_stock")));

describe("a restock saved by the team", () => {
  it("tells who waits at once, without waiting for the minute's pass", async () => {
    const product = await createProduct(t.db, { title: "Gratitude Journal", stock: 0 });
    const asked = await t.request(`/api/products/${product.id}/back-in-stock`, { method: "POST", json: { email: "ada.now@example.ng" } });
    expect(asked.status).toBe(201);
    // the jobs' first pass ran at start; the next timed one is a minute away
    await new Promise((r) => setTimeout(r, 200));
    expect(await mailsTo("ada.now@example.ng")).toHaveLength(0);

    const owner = await createAdminUser(t.db);
    const saved = await app.request(`/api/products/${product.id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${await t.loginAs(owner)}`, "Content-Type": "application/json", Origin: "http://localhost:3000" },
      body: JSON.stringify({ stock: 5 }),
    });
    expect(saved.status).toBe(200);
    await expect.poll(() => mailsTo("ada.now@example.ng").then((m) => m.length), { timeout: 5_000, interval: 100 }).toBe(1);
  });
});
