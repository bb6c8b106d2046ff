// One reader for the ids in paths: anything but a uuid cannot name a record, so every method on
// every resource answers 404 for it, as for a record that does not exist (never a 400 on one
// method and a 404 on another, never a database error).
import { beforeAll, describe, expect, it } from "vitest";
import { createAdminUser, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
let admin: { id: string; role: "admin" };
let shopper: { id: string; role: "customer" };
beforeAll(async () => {
  t = await createTestContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
  shopper = { id: (await createUser(t.db)).id, role: "customer" };
});

describe("a malformed id in the path", () => {
  const calls: [string, string, "admin" | "customer" | null][] = [
    ["GET", "/api/products/x", null],
    ["PUT", "/api/products/x", "admin"],
    ["DELETE", "/api/products/x", "admin"],
    ["DELETE", "/api/products/x/image", "admin"],
    ["GET", "/api/categories/x", null],
    ["PUT", "/api/categories/x", "admin"],
    ["GET", "/api/posts/x", null],
    ["DELETE", "/api/posts/x", "admin"],
    ["GET", "/api/deliveryrates/x", null],
    ["PUT", "/api/deliveryrates/x", "admin"],
    ["GET", "/api/reviews/x", null],
    ["GET", "/api/purchases/x", "admin"],
    ["DELETE", "/api/cart/x", "customer"],
    ["GET", "/api/users/x", "admin"],
    ["PUT", "/api/users/x", "admin"],
    ["DELETE", "/api/admins/x", "admin"],
    ["GET", "/api/users/x", "customer"],
  ];
  it.each(calls)("%s %s answers 404", async (method, path, role) => {
    const as = role === "admin" ? admin : role === "customer" ? shopper : undefined;
    const json = method === "PUT" ? { title: "x" } : undefined;
    const res = await t.request(path, { method, as, json });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found" });
  });
});
