import fs from "node:fs";
import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys, mailOutbox, passwordResets, purchases, rateLimits, sessions, transferReceipts } from "../../db/schema";
import { createLogger } from "../../lib/logger.server";
import { outboxDir } from "../../modules/mail/worker.server";
import { purgeStaleRows, RESET_MAIL_BLANKED } from "../../modules/maintenance/housekeeping.server";
import { startBackgroundJobs } from "../../server/background-jobs";
import { createMail, createProduct, createPurchase, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

// Housekeeping: what no request needs any more leaves the database; what is still live stays.
const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const from = (ms: number) => new Date(Date.now() + ms);
const hash = () => crypto.randomBytes(16).toString("hex");

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});

describe("purgeStaleRows", () => {
  it("drops expired sessions, dead reset links, day-old idempotency keys and finished rate windows; keeps live ones", async () => {
    const user = await createUser(t.db);
    const [expiredSession, liveSession] = await t.db
      .insert(sessions)
      .values([
        { userId: user.id, tokenHash: hash(), expiresAt: ago(1000) },
        { userId: user.id, tokenHash: hash(), expiresAt: from(HOUR) },
      ])
      .returning();
    const [usedExpired, unusedExpired, liveReset] = await t.db
      .insert(passwordResets)
      .values([
        { userId: user.id, tokenHash: hash(), expiresAt: ago(1000), usedAt: ago(HOUR) },
        { userId: user.id, tokenHash: hash(), expiresAt: ago(1000) },
        { userId: user.id, tokenHash: hash(), expiresAt: from(HOUR / 2) },
      ])
      .returning();
    await t.db.insert(idempotencyKeys).values([
      { scope: "hk-test", key: "old", requestHash: "x", status: 201, body: {}, createdAt: ago(25 * HOUR) },
      { scope: "hk-test", key: "recent", requestHash: "x", status: 201, body: {}, createdAt: ago(23 * HOUR) },
    ]);
    await t.db.insert(rateLimits).values([
      { key: "hk-test:finished", count: 3, resetAt: ago(1000) },
      { key: "hk-test:running", count: 3, resetAt: from(HOUR) },
    ]);

    await purgeStaleRows(t.db);

    const sessionIds = (
      await t.db
        .select()
        .from(sessions)
        .where(inArray(sessions.id, [expiredSession!.id, liveSession!.id]))
    ).map((s) => s.id);
    expect(sessionIds).toEqual([liveSession!.id]);
    const resetIds = (
      await t.db
        .select()
        .from(passwordResets)
        .where(inArray(passwordResets.id, [usedExpired!.id, unusedExpired!.id, liveReset!.id]))
    ).map((r) => r.id);
    expect(resetIds).toEqual([liveReset!.id]);
    const keys = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, "hk-test"));
    expect(keys.map((k) => k.key)).toEqual(["recent"]);
    const windows = await t.db
      .select()
      .from(rateLimits)
      .where(inArray(rateLimits.key, ["hk-test:finished", "hk-test:running"]));
    expect(windows.map((w) => w.key)).toEqual(["hk-test:running"]);
  });

  it("blanks reset mails once the worker is done with them, drops sent mails after a week, keeps pending and failed ones", async () => {
    const link = "http://localhost:3000/resetpassword?token=abcdefghijklmnopqrstuvwxyz0123456789";
    const sentReset = await createMail(t.db, {
      kind: "password_reset",
      text: link,
      html: `<a href="${link}">`,
      status: "sent",
      sentAt: ago(60_000),
    });
    const pendingReset = await createMail(t.db, { kind: "password_reset", text: link, status: "pending" });
    const failedReset = await createMail(t.db, { kind: "password_reset", text: link, status: "failed", createdAt: ago(48 * HOUR) });
    const recentWelcome = await createMail(t.db, {
      kind: "welcome",
      text: "Hello Ada",
      status: "sent",
      sentAt: ago(HOUR),
      createdAt: ago(HOUR),
    });
    const oldConfirmation = await createMail(t.db, {
      kind: "order_confirmation",
      text: "Your order",
      status: "sent",
      createdAt: ago(8 * 24 * HOUR),
      sentAt: ago(8 * 24 * HOUR),
    });
    const oldFailed = await createMail(t.db, {
      kind: "order_confirmation",
      text: "Your order",
      status: "failed",
      createdAt: ago(8 * 24 * HOUR),
    });

    const counts = await purgeStaleRows(t.db);
    expect(counts).toMatchObject({ resetMailsBlanked: 2, sentMails: 1 });

    const rows = await t.db
      .select()
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.id,
          [sentReset, pendingReset, failedReset, recentWelcome, oldConfirmation, oldFailed].map((m) => m.id),
        ),
      );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(sentReset.id)).toMatchObject({ text: RESET_MAIL_BLANKED, html: null, status: "sent" });
    expect(byId.get(failedReset.id)).toMatchObject({ text: RESET_MAIL_BLANKED, status: "failed" });
    // the worker still has to send this one
    expect(byId.get(pendingReset.id)?.text).toBe(link);
    expect(byId.get(recentWelcome.id)?.text).toBe("Hello Ada");
    expect(byId.has(oldConfirmation.id)).toBe(false);
    expect(byId.has(oldFailed.id)).toBe(true);
    // the link is left only where it still has to be delivered
    expect(rows.filter((r) => `${r.text}${r.html}`.includes(link)).map((r) => r.id)).toEqual([pendingReset.id]);

    // a second pass finds nothing left to do
    expect(await purgeStaleRows(t.db)).toMatchObject({ resetMailsBlanked: 0, sentMails: 0 });
  });
});

describe("the pictures of transfer receipts", () => {
  it("go a month after their order was paid or cancelled, with the order's link to them; others stay", async () => {
    const buyer = await createUser(t.db);
    const product = await createProduct(t.db);
    const order = (extra: Partial<typeof purchases.$inferInsert>) => createPurchase(t.db, buyer, [{ product, quantity: 1 }], extra);
    const withReceipt = async (o: { id: string; updatedAt: Date }) => {
      const [r] = await t.db
        .insert(transferReceipts)
        .values({ purchaseId: o.id, image: Buffer.from("RIFF....WEBP"), width: 10, height: 20 })
        .returning();
      // as the order was when it was settled
      await t.db.update(purchases).set({ transferReceiptId: r!.id, updatedAt: o.updatedAt }).where(eq(purchases.id, o.id));
      return r!.id;
    };
    const paidLongAgo = await order({ status: "completed", paidAt: ago(31 * 24 * HOUR) });
    const cancelledLongAgo = await order({ status: "cancelled", paidAt: null, updatedAt: ago(31 * 24 * HOUR) });
    const paidLately = await order({ status: "completed", paidAt: ago(29 * 24 * HOUR) });
    const waiting = await order({ status: "pending", paidAt: null, createdAt: ago(60 * 24 * HOUR), updatedAt: ago(60 * 24 * HOUR) });
    const gone = [await withReceipt(paidLongAgo), await withReceipt(cancelledLongAgo)];
    const kept = [await withReceipt(paidLately), await withReceipt(waiting)];

    expect((await purgeStaleRows(t.db)).transferReceipts).toBe(2);
    const left = await t.db
      .select({ id: transferReceipts.id })
      .from(transferReceipts)
      .where(inArray(transferReceipts.id, [...gone, ...kept]));
    expect(left.map((r) => r.id).sort()).toEqual([...kept].sort());
    const links = await t.db
      .select({ id: purchases.id, receipt: purchases.transferReceiptId })
      .from(purchases)
      .where(inArray(purchases.id, [paidLongAgo.id, cancelledLongAgo.id, paidLately.id, waiting.id]));
    expect(Object.fromEntries(links.map((l) => [l.id, l.receipt]))).toEqual({
      [paidLongAgo.id]: null,
      [cancelledLongAgo.id]: null,
      [paidLately.id]: kept[0],
      [waiting.id]: kept[1],
    });
    expect((await purgeStaleRows(t.db)).transferReceipts).toBe(0);
  });
});

describe("background jobs", () => {
  it("starting them sends due mail and purges at once, the same in `npm start` and `npm run dev`", async () => {
    const user = await createUser(t.db);
    const [expired] = await t.db
      .insert(sessions)
      .values({ userId: user.id, tokenHash: hash(), expiresAt: ago(1000) })
      .returning();
    await createMail(t.db, { to: "jobs@example.ng", kind: "welcome", text: "Hello" });
    const stop = startBackgroundJobs({ db: t.db, env: t.env, logger: createLogger("silent") });
    try {
      await expect
        .poll(async () => (await t.db.select().from(sessions).where(eq(sessions.id, expired!.id))).length, { timeout: 5000 })
        .toBe(0);
      const dir = outboxDir(t.env.DATA_DIR);
      await expect
        .poll(
          () =>
            fs.existsSync(dir)
              ? fs.readdirSync(dir).some((f) => fs.readFileSync(`${dir}/${f}`, "utf8").includes("jobs@example.ng"))
              : false,
          {
            timeout: 5000,
          },
        )
        .toBe(true);
    } finally {
      await stop();
    }
  });
});
