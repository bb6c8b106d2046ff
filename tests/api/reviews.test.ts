import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { reviews } from "../../db/schema";
import { getProduct } from "../../modules/catalog/service.server";
import { createProduct, createPurchase, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});

describe("reviews", () => {
  it("accepts a review from a customer with a completed purchase; a second one updates it", async () => {
    const user = await createUser(t.db, { firstName: "Ada", lastName: "Obi" });
    const product = await createProduct(t.db);
    await createPurchase(t.db, user, [{ product, quantity: 1 }], { status: "completed" });
    const first = await t.request(`/api/reviews/${product.id}`, {
      method: "POST",
      as: user,
      json: { rating: 4, comment: "Lovely journal", userId: user.id, productId: product.id },
    });
    expect(first.status).toBe(201);
    expect((await first.json()).msg).toBe("Review submitted successfully!");
    const second = await t.request(`/api/reviews/${product.id}`, { method: "POST", as: user, json: { rating: 5, comment: "Even better" } });
    expect(second.status).toBe(201);
    const rows = await t.db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 5, comment: "Even better" });
    const list = await (await t.request(`/api/reviews/${product.id}`)).json();
    expect(list).toEqual([expect.objectContaining({ rating: 5, comment: "Even better", author: "Ada O." })]);
    expect(JSON.stringify(list)).not.toContain(user.email);
  });

  it("raises the product's review count and average", async () => {
    const product = await createProduct(t.db);
    for (const rating of [5, 4]) {
      const buyer = await createUser(t.db);
      await createPurchase(t.db, buyer, [{ product, quantity: 1 }]);
      expect((await t.request(`/api/reviews/${product.id}`, { method: "POST", as: buyer, json: { rating, comment: "Good" } })).status).toBe(
        201,
      );
    }
    const view = await getProduct(t.db, product.id);
    expect(view).toMatchObject({ reviews: 2, rating: 4.5 });
  });

  it("refuses a customer who has not bought it, or whose purchase is unpaid (403 with the spec's message)", async () => {
    const product = await createProduct(t.db);
    const stranger = await createUser(t.db);
    const pendingBuyer = await createUser(t.db);
    await createPurchase(t.db, pendingBuyer, [{ product, quantity: 1 }], { status: "pending" });
    for (const user of [stranger, pendingBuyer]) {
      const res = await t.request(`/api/reviews/${product.id}`, { method: "POST", as: user, json: { rating: 5, comment: "Nice" } });
      expect(res.status).toBe(403);
      expect((await res.json()).msg).toBe("You need to purchase this product to review it.");
    }
    expect(await t.db.select().from(reviews).where(eq(reviews.productId, product.id))).toHaveLength(0);
  });

  it("validates rating 1 to 5 and the comment; needs a session; 404 for unknown products", async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db);
    await createPurchase(t.db, user, [{ product, quantity: 1 }]);
    for (const rating of [0, 6, 2.5, "x"]) {
      const res = await t.request(`/api/reviews/${product.id}`, { method: "POST", as: user, json: { rating, comment: "ok" } });
      expect(res.status).toBe(400);
      expect((await res.json()).fields).toHaveProperty("rating");
    }
    expect((await t.request(`/api/reviews/${product.id}`, { method: "POST", as: user, json: { rating: 3, comment: "" } })).status).toBe(
      400,
    );
    expect((await t.request(`/api/reviews/${product.id}`, { method: "POST", json: { rating: 3, comment: "ok" } })).status).toBe(401);
    expect(
      (await t.request(`/api/reviews/${crypto.randomUUID()}`, { method: "POST", as: user, json: { rating: 3, comment: "ok" } })).status,
    ).toBe(404);
    expect((await t.request("/api/reviews/not-an-id")).status).toBe(404);
  });
});
