// Cart pricing, stock checks and the quote read the database, never the public cache: a price or
// stock changed behind the cache's back (no invalidation sent) is what the cart charges and
// checks, while the cached public read still shows the old figures.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema";
import { createProduct, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ CACHE_TTL_MS: "30000" });
});

describe("the money path never reads the public cache", () => {
  it("a quote and the cart use the database's price and stock while the cache is stale", async () => {
    const product = await createProduct(t.db, { priceKobo: 500_000, discountKobo: 0, stock: 8 });
    const path = `/api/products/${product.id}`;
    await t.request(path);
    expect((await t.request(path)).headers.get("x-cache")).toBe("hit");

    await t.db.update(products).set({ priceKobo: 900_000, stock: 2 }).where(eq(products.id, product.id));
    const cached = await t.request(path);
    expect(cached.headers.get("x-cache")).toBe("hit");
    expect(await cached.json()).toMatchObject({ price: 5000, stock: 8 });

    const quote = await t.request("/api/cart/quote", { method: "POST", json: { lines: [{ productId: product.id, quantity: 1 }] } });
    expect(quote.status).toBe(200);
    const { cartItems } = (await quote.json()) as { cartItems: Record<string, unknown>[] };
    expect(cartItems[0]).toMatchObject({ productId: product.id, stock: 2 });
    expect(JSON.stringify(cartItems[0])).toContain("9000");
    expect(JSON.stringify(cartItems[0])).not.toContain("5000");

    const user = await createUser(t.db);
    const tooMany = await t.request("/api/cart/create", { method: "POST", as: user, json: { productId: product.id, quantity: 3 } });
    expect(tooMany.status).toBe(409);
    const ok = await t.request("/api/cart/create", { method: "POST", as: user, json: { productId: product.id, quantity: 2 } });
    expect(ok.status).toBeLessThan(300);
  });
});
