import { beforeAll, describe, expect, it } from "vitest";
import { createAdminUser, createCartItem, createProduct, createPurchase, createUser, DEFAULT_PASSWORD } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";
import type { Role } from "../../modules/accounts/roles";

// Personal answers must never sit in a shared cache (a proxy, a CDN) or the browser's back-forward
// cache: every /api answer that is not public catalogue or content is `private, no-store`.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});

const PRIVATE = "private, no-store";

describe("Cache-Control on /api", () => {
  it("marks personal and admin answers private, no-store, errors included", async () => {
    const customer = await createUser(t.db);
    const admin = await createAdminUser(t.db);
    const product = await createProduct(t.db);
    await createCartItem(t.db, customer.id, product.id, 1);
    const purchase = await createPurchase(t.db, customer, [{ product, quantity: 1 }]);
    const calls: [string, RequestInit & { as?: { id: string; role: Role }; json?: unknown }][] = [
      ["/api/auth/me", { as: customer }],
      ["/api/purchases/mine", { as: customer }],
      [`/api/purchases/${purchase.id}`, { as: customer }],
      [`/api/users/${customer.id}`, { as: customer }],
      ["/api/cart/summary", { as: customer }],
      [`/api/cart/count/${customer.id}`, { as: customer }],
      ["/api/users", { as: admin }],
      ["/api/purchases", { as: admin }],
      ["/api/settings", { as: admin }],
      // refusals and writes say it too
      ["/api/users", {}],
      ["/api/purchases/mine", {}],
      ["/api/auth/login", { method: "POST", json: { email: customer.email, password: DEFAULT_PASSWORD } }],
      ["/api/newsletter", { method: "POST", json: { email: "cache@example.ng" } }],
    ];
    for (const [path, init] of calls) {
      const res = await t.request(path, init);
      expect([init.method ?? "GET", path, res.status < 500, res.headers.get("cache-control")]).toEqual([
        init.method ?? "GET",
        path,
        true,
        PRIVATE,
      ]);
    }
  });

  it("leaves the public catalogue and content cacheable, signed in or not", async () => {
    const product = await createProduct(t.db);
    const customer = await createUser(t.db);
    for (const path of [
      "/api/products",
      `/api/products/${product.id}`,
      "/api/categories",
      "/api/posts",
      "/api/deliveryrates",
      "/api/health",
    ]) {
      for (const as of [undefined, customer]) {
        const res = await t.request(path, { as });
        expect([path, res.status]).toEqual([path, 200]);
        expect([path, res.headers.get("cache-control") ?? ""]).not.toEqual([path, expect.stringMatching(/private|no-store/)]);
      }
    }
  });
});
