import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys, products, purchases } from "../../db/schema";
import { once } from "../../modules/orders/idempotency.server";
import { checkoutAddress as address, createCartItem, createProduct, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});

const newScope = () => `test:${crypto.randomUUID()}`;
const rowOf = async (scope: string, key: string) =>
  (
    await t.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
  )[0];
const secondsAgo = (s: number) => new Date(Date.now() - s * 1000);

/** A first request that is still running until `release()`. */
function slowFirst(scope: string, key: string, body: unknown) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const answer = once(t.db, scope, key, "same-body", 201, async () => {
    await gate;
    return body;
  });
  return { answer, release };
}

async function claimed(scope: string, key: string) {
  await expect.poll(() => rowOf(scope, key)).toBeTruthy();
}

describe("once (Idempotency-Key)", () => {
  it("a duplicate arriving while the first runs waits for it and gets the same answer; the work runs once", async () => {
    const scope = newScope();
    const first = slowFirst(scope, "key-0001", { purchase: 1 });
    await claimed(scope, "key-0001");
    let secondRan = false;
    const second = once(t.db, scope, "key-0001", "same-body", 201, async () => {
      secondRan = true;
      return { purchase: 2 };
    });
    setTimeout(first.release, 300);
    expect(await first.answer).toEqual({ status: 201, body: { purchase: 1 }, replayed: false });
    expect(await second).toEqual({ status: 201, body: { purchase: 1 }, replayed: true });
    expect(secondRan).toBe(false);
  });

  it("a duplicate that waited too long gets a 409 saying so, with Retry-After", async () => {
    const scope = newScope();
    const first = slowFirst(scope, "key-0002", { purchase: 1 });
    await claimed(scope, "key-0002");
    const started = Date.now();
    await expect(once(t.db, scope, "key-0002", "same-body", 201, async () => ({}), { waitMs: 300, pollMs: 20 })).rejects.toMatchObject({
      kind: "conflict",
      message: expect.stringContaining("still being processed"),
      retryAfter: 2,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    first.release();
    await first.answer;
  });

  it("when the first attempt fails, the waiting duplicate runs the work itself", async () => {
    const scope = newScope();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = once(t.db, scope, "key-0003", "same-body", 201, async () => {
      await gate;
      throw new Error("payment service down");
    });
    await claimed(scope, "key-0003");
    const second = once(t.db, scope, "key-0003", "same-body", 201, async () => ({ purchase: 2 }));
    release();
    await expect(first).rejects.toThrow("payment service down");
    expect(await second).toEqual({ status: 201, body: { purchase: 2 }, replayed: false });
  });

  it("a claim left unanswered for over 60 s (its request died) is taken over by the same request", async () => {
    const scope = newScope();
    await t.db.insert(idempotencyKeys).values({ scope, key: "key-0004", requestHash: "same-body", createdAt: secondsAgo(61) });
    expect(await once(t.db, scope, "key-0004", "same-body", 201, async () => ({ purchase: 1 }))).toEqual({
      status: 201,
      body: { purchase: 1 },
      replayed: false,
    });
    expect(await rowOf(scope, "key-0004")).toMatchObject({ status: 201, body: { purchase: 1 } });
    // never by another request with the same key
    await t.db.insert(idempotencyKeys).values({ scope, key: "key-0005", requestHash: "other-body", createdAt: secondsAgo(61) });
    await expect(once(t.db, scope, "key-0005", "same-body", 201, async () => ({}))).rejects.toMatchObject({
      message: "This Idempotency-Key was already used for a different request.",
    });
  });

  it("a claim younger than 60 s is not taken over", async () => {
    const scope = newScope();
    await t.db.insert(idempotencyKeys).values({ scope, key: "key-0006", requestHash: "same-body", createdAt: secondsAgo(50) });
    let ran = false;
    await expect(
      once(
        t.db,
        scope,
        "key-0006",
        "same-body",
        201,
        async () => {
          ran = true;
          return {};
        },
        { waitMs: 200, pollMs: 20 },
      ),
    ).rejects.toMatchObject({ kind: "conflict", retryAfter: 2 });
    expect(ran).toBe(false);
  });

  it("a first request slower than 60 s cannot overwrite the answer of the request that took over", async () => {
    const scope = newScope();
    const first = slowFirst(scope, "key-0007", { purchase: 1 });
    await claimed(scope, "key-0007");
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: secondsAgo(61) })
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, "key-0007")));
    expect((await once(t.db, scope, "key-0007", "same-body", 201, async () => ({ purchase: 2 }))).body).toEqual({ purchase: 2 });
    first.release();
    expect((await first.answer).body).toEqual({ purchase: 1 });
    expect((await once(t.db, scope, "key-0007", "same-body", 201, async () => ({ purchase: 3 }))).body).toEqual({ purchase: 2 });
  });
});

describe("POST /api/purchases/create with an Idempotency-Key", () => {
  async function shopper() {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { stock: 10 });
    await createCartItem(t.db, user.id, product.id, 1);
    const token = await t.loginAs(user);
    const post = (key: string) =>
      t.request("/api/purchases/create", {
        method: "POST",
        json: address,
        headers: { Authorization: `Bearer ${token}`, "Idempotency-Key": key },
      });
    const stock = async () => (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)))[0]!.stock;
    const count = async () => (await t.db.select().from(purchases).where(eq(purchases.userId, user.id))).length;
    return { user, post, stock, count };
  }

  it("5 requests at once with the same key: one purchase, the same 201 answer for all", async () => {
    const s = await shopper();
    const answers = await Promise.all(Array.from({ length: 5 }, () => s.post("double-click-0001")));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const bodies = await Promise.all(answers.map((a) => a.json()));
    for (const b of bodies) expect(b).toEqual(bodies[0]);
    expect(answers.filter((a) => a.headers.get("Idempotent-Replayed") === "true")).toHaveLength(4);
    expect(await s.count()).toBe(1);
    expect(await s.stock()).toBe(9);
  });

  it("a key whose request died is usable again after 60 s; before that it answers 409 with Retry-After", async () => {
    const s = await shopper();
    expect((await s.post("first-key-0001")).status).toBe(201);
    const scope = `purchase:${s.user.id}`;
    const { requestHash } = (await rowOf(scope, "first-key-0001"))!;
    // claims left by requests that stopped before answering, one old, one recent
    await t.db.insert(idempotencyKeys).values([
      { scope, key: "died-long-ago-01", requestHash, createdAt: secondsAgo(61) },
      { scope, key: "died-just-now-01", requestHash, createdAt: secondsAgo(1) },
    ]);

    const taken = await s.post("died-long-ago-01");
    expect(taken.status).toBe(201);
    expect(taken.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await s.count()).toBe(2);
    expect((await s.post("died-long-ago-01")).headers.get("Idempotent-Replayed")).toBe("true");

    const busy = await s.post("died-just-now-01");
    expect(busy.status).toBe(409);
    expect(busy.headers.get("Retry-After")).toBe("2");
    expect((await busy.json()).msg).toMatch(/still being processed/);
    expect(await s.count()).toBe(2);
  });
});
