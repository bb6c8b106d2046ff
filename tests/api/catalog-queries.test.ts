// No per-row work on the storefront's lists: a product's rating average and review count are
// stored on it (kept by a trigger in the review's own transaction), and a product list is at most
// two queries, whatever its length.
import { eq } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";
import { getProduct, listProducts, topProducts } from "../../modules/catalog/service.server";
import { createCategory, createProduct, createProductImage, createReview, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});

/** The test's database through a Drizzle instance that counts the queries it sends. */
function countingDb(): { db: Db; queries: () => number } {
  let n = 0;
  const logger = { logQuery: () => void n++ };
  const client = (t.db as unknown as { $client: never }).$client;
  const db = (t.database.driver === "pglite"
    ? drizzlePglite({ client, schema, casing: "snake_case", logger })
    : drizzlePg({ client, schema, casing: "snake_case", logger })) as unknown as Db;
  return { db, queries: () => n };
}

describe("stored ratings", () => {
  it("follow every review written, changed or removed (also when a reviewer's account goes)", async () => {
    const product = await createProduct(t.db);
    const ratingOf = async () => {
      const p = await getProduct(t.db, product.id);
      return { rating: p.rating, reviews: p.reviews };
    };
    expect(await ratingOf()).toEqual({ rating: 0, reviews: 0 });
    const [ada, bisi, chi] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    await createReview(t.db, ada.id, product.id, { rating: 5 });
    await createReview(t.db, bisi.id, product.id, { rating: 4 });
    await createReview(t.db, chi.id, product.id, { rating: 4 });
    expect(await ratingOf()).toEqual({ rating: 4.3, reviews: 3 });
    await t.db.update(schema.reviews).set({ rating: 1 }).where(eq(schema.reviews.userId, chi.id));
    expect(await ratingOf()).toEqual({ rating: 3.3, reviews: 3 });
    await t.db.delete(schema.users).where(eq(schema.users.id, ada.id));
    expect(await ratingOf()).toEqual({ rating: 2.5, reviews: 2 });
    const listed = (await listProducts(t.db, { pageSize: 100 })).items.find((p) => p.id === product.id);
    expect({ rating: listed?.rating, reviews: listed?.reviews }).toEqual({ rating: 2.5, reviews: 2 });
  });
});

describe("queries per product list", () => {
  it("a list of 24 products with images and ratings is 2 queries; a page past the end is counted apart", async () => {
    const category = await createCategory(t.db);
    for (let i = 0; i < 30; i++) {
      const p = await createProduct(t.db, { categoryId: category.id });
      await createProductImage(t.db, p.id);
      await createReview(t.db, (await createUser(t.db)).id, p.id, { rating: 1 + (i % 5) });
    }
    const { db, queries } = countingDb();
    const page = await listProducts(db, { categoryId: category.id, pageSize: 24 });
    expect(page.items).toHaveLength(24);
    expect(page.total).toBe(30);
    expect(page.items.every((p) => p.images.length === 1 && p.reviews === 1)).toBe(true);
    expect(queries()).toBe(2);

    const last = await listProducts(db, { categoryId: category.id, pageSize: 24, page: 2 });
    expect([last.items.length, last.total]).toEqual([6, 30]);
    const beyond = await listProducts(db, { categoryId: category.id, pageSize: 24, page: 9 });
    expect([beyond.items.length, beyond.total]).toEqual([0, 30]);
    const sorted = await listProducts(db, { sort: "best_selling", pageSize: 9 });
    expect(sorted.items.length).toBeGreaterThan(0);
    expect(queries()).toBe(2 + 2 + 2 + 2);
    // the home page's best sellers and the order desk's search show no total: no count at all
    const top = await topProducts(db, { categoryId: category.id, pageSize: 24 });
    expect(top.map((p) => p.id)).toEqual(page.items.map((p) => p.id));
    expect(queries()).toBe(2 + 2 + 2 + 2 + 2);
  });
});
