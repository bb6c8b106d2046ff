// A signed-in product page is never served from the page cache, but the catalogue reads behind it
// (the product, its reviews, the settings) are shared for CACHE_TTL_MS and forgotten on every write.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../db/schema";
import { createAdminUser, createProduct, createUser } from "../factories";

describe("the reads a signed-in product page shares", () => {
  it("are shared for the TTL, forgotten at an admin's write, and never what is personal", async () => {
    const { createPagesContext } = await import("../support/pages-app");
    const p = await createPagesContext({ CACHE_TTL_MS: "5000" });
    const product = await createProduct(p.db, { title: "Baobab oil" });
    const path = `/productdetails/${product.id}`;
    const [ada, bola] = [await createUser(p.db, { firstName: "Adaeze" }), await createUser(p.db, { firstName: "Bolanle" })];
    const as = (u: { id: string }) => ({ as: { id: u.id, role: "customer" as const } });
    const first = await p.page(path, as(ada));
    expect([first.status, first.headers.get("cache-control"), first.headers.get("x-cache")]).toEqual([200, "private, no-store", null]);
    expect(await first.text()).toContain("Baobab oil");

    // changed behind the shop's back (no invalidation): the shared read holds for the TTL
    await p.db.update(products).set({ title: "Moringa oil" }).where(eq(products.id, product.id));
    const second = await (await p.page(path, as(bola))).text();
    expect(second).toContain("Baobab oil");
    // what is personal is not shared: each shopper's own header
    expect(second).toContain("Bolanle");
    expect(second).not.toContain("Adaeze");

    const owner = await createAdminUser(p.db);
    const put = await p.page(`/api/products/${product.id}`, {
      method: "PUT",
      as: { id: owner.id, role: "admin" },
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Shea oil" }),
    });
    expect(put.status).toBe(200);
    expect(await (await p.page(path, as(ada))).text()).toContain("Shea oil");
  }, 60_000);
});
