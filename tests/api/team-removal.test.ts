import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { reviews, sessions, users } from "../../db/schema";
import { createLogger } from "../../lib/logger.server";
import { removeFromTeam } from "../../modules/accounts/team.server";
import { createAdminUser, createProduct, createPurchase, createReview, createUser, DEFAULT_PASSWORD } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";
import type { Role } from "../../modules/accounts/roles";

// docs/product.md "The team": an admin takes another admin off the team; she keeps her account as a customer.
let t: TestContext;
let owner: Awaited<ReturnType<typeof createAdminUser>>;
beforeAll(async () => {
  t = await createTestContext();
  owner = await createAdminUser(t.db, { firstName: "Owner", lastName: "Alafia" });
});

/** what the service needs beside the database: a quiet log, and the shop's address for the owners' mail */
const deps = { logger: createLogger("silent"), shopUrl: "https://shop.example" };
const remove = (id: string, as?: { id: string; role: Role }, token?: string) =>
  t.request(`/api/admins/${id}`, { method: "DELETE", as, headers: token ? { Authorization: `Bearer ${token}` } : {} });
const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const roleOf = async (id: string) => (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;
const adminCount = async () => t.db.$count(users, eq(users.role, "admin"));
/** A shop whose only admins are these two. */
async function twoAdminShop() {
  await t.db.update(users).set({ role: "customer" }).where(eq(users.role, "admin"));
  return [await createAdminUser(t.db), await createAdminUser(t.db)] as const;
}

describe("DELETE /api/admins/{id}", () => {
  it("makes her a customer and ends every session of hers; she signs in as a customer and still sees her orders", async () => {
    const kemi = await createAdminUser(t.db, { firstName: "Kemi", lastName: "Ade", email: "kemi.ade@example.ng" });
    const product = await createProduct(t.db);
    const order = await createPurchase(t.db, kemi, [{ product, quantity: 1 }]);
    await createReview(t.db, kemi.id, product.id);
    const [phone, laptop] = [await t.loginAs(kemi), await t.loginAs(kemi)];
    expect((await t.request("/api/users", bearer(phone))).status).toBe(200);

    const res = await remove(kemi.id, owner);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.msg).toBe("Kemi Ade has been removed from the team.");
    expect(body.user).toMatchObject({ id: kemi.id, email: "kemi.ade@example.ng", role: "customer" });
    expect(await roleOf(kemi.id)).toBe("customer");

    // her old tokens open nothing, not even her own account
    for (const token of [phone, laptop]) {
      expect((await t.request("/api/users", bearer(token))).status).toBe(401);
      expect((await t.request("/api/auth/me", bearer(token))).status).toBe(401);
    }
    expect(await t.db.$count(sessions, eq(sessions.userId, kemi.id))).toBe(0);

    // the shop's login takes her as a customer; the back office's does not
    const login = await t.request("/api/auth/login", {
      method: "POST",
      json: { email: "kemi.ade@example.ng", password: DEFAULT_PASSWORD },
    });
    expect(login.status).toBe(200);
    const { accessToken, user } = await login.json();
    expect(user.role).toBe("customer");
    const mine = (await (await t.request("/api/purchases/mine", bearer(accessToken))).json()) as { id: string }[];
    expect(mine.map((p) => p.id)).toEqual([order.id]);
    expect(await t.db.$count(reviews, eq(reviews.userId, kemi.id))).toBe(1);
    expect((await t.request("/api/users", bearer(accessToken))).status).toBe(403);
    const adminLogin = await t.request("/api/auth/adminlogin", {
      method: "POST",
      json: { email: "kemi.ade@example.ng", password: DEFAULT_PASSWORD },
    });
    expect(adminLogin.status).toBe(403);
  });

  it("refuses to remove yourself (409), and you stay on the team", async () => {
    const res = await remove(owner.id, owner);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "conflict", msg: "You cannot remove yourself from the team." });
    expect(await roleOf(owner.id)).toBe("admin");
  });

  it("says so for someone not on the team (409) and for no one at all (404)", async () => {
    const ada = await createUser(t.db, { firstName: "Ada", lastName: "Obi" });
    const customer = await remove(ada.id, owner);
    expect(customer.status).toBe(409);
    expect((await customer.json()).msg).toBe("Ada Obi is not on the team.");
    const nobody = await remove("00000000-0000-4000-8000-000000000000", owner);
    expect(nobody.status).toBe(404);
    expect((await nobody.json()).msg).toBe("Team member not found");
    expect((await remove("not-an-id", owner)).status).toBe(404);
  });

  it("is for admins only: 401 for a visitor, 403 for a customer, and she stays on the team", async () => {
    const bisi = await createAdminUser(t.db);
    const ada = await createUser(t.db);
    expect((await remove(bisi.id)).status).toBe(401);
    expect((await remove(bisi.id, { id: ada.id, role: "customer" })).status).toBe(403);
    expect(await roleOf(bisi.id)).toBe("admin");
  });

  it("never removes the last admin: one taken off the team cannot then remove the other", async () => {
    const [a, b] = await twoAdminShop();
    expect((await remove(b.id, a)).status).toBe(200);
    // b's request had passed the role check before a's removal: the service refuses it
    const late = removeFromTeam(t.db, deps, b, a.id);
    await expect(late).rejects.toMatchObject({ kind: "conflict", message: "The shop must keep at least one administrator." });
    expect(await roleOf(a.id)).toBe("admin");
  });

  it("leaves one admin when two remove each other at the same moment", async () => {
    for (let round = 0; round < 4; round++) {
      const [a, b] = await twoAdminShop();
      // straight to the service: both are past the role check, the race is the database's alone
      const results = await Promise.allSettled([removeFromTeam(t.db, deps, a, b.id), removeFromTeam(t.db, deps, b, a.id)]);
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = results.find((r) => r.status === "rejected")!;
      expect(refused.reason).toMatchObject({ kind: "conflict", message: "The shop must keep at least one administrator." });
      expect(await adminCount()).toBe(1);
    }
    // and through the API, with both signed in
    const [a, b] = await twoAdminShop();
    const [ta, tb] = [await t.loginAs(a), await t.loginAs(b)];
    const statuses = (await Promise.all([remove(b.id, undefined, ta), remove(a.id, undefined, tb)])).map((r) => r.status).sort();
    // the loser is refused by the rule (409), or finds her session already gone (401)
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    expect(await adminCount()).toBe(1);
  });
});
