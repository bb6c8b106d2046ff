// The storefront search's word list (docs/decisions/0006-storefront-search.md) is filled by a trigger
// on products and categories. Products saved at the same moment with new words in common once
// deadlocked on PostgreSQL (each waiting on a word the other had just inserted): found by CI.
import { inArray } from "drizzle-orm";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createCategory, createProduct } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});

describe("the search words of products saved at once", () => {
  it("20 products with the same new words in different orders all save, and every word is searchable", async () => {
    const stamp = crypto
      .randomUUID()
      .replace(/[^a-z]/g, "")
      .slice(0, 6);
    const words = ["calm", "journal", "lavender", "gratitude", "sleep", "mist", "rose", "shea"].map((w) => `${w}${stamp}`);
    const rotated = (i: number) => [...words.slice(i % words.length), ...words.slice(0, i % words.length)].reverse();
    const category = await createCategory(t.db);
    const saved = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        createProduct(t.db, { categoryId: category.id, title: rotated(i).slice(0, 4).join(" "), description: rotated(i + 3).join(" ") }),
      ),
    );
    expect(saved.filter((s) => s.status === "rejected").map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);
    const found = await t.db.execute(sql`select word from search_words where ${inArray(sql`word`, words)}`);
    expect((found as unknown as { rows: { word: string }[] }).rows.map((r) => r.word).sort()).toEqual([...words].sort());
  });
});
