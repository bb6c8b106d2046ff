import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateRules } from "../../lib/rate-limit.server";
import { createAdminUser, createUser } from "../factories";
import { contextWithCounters, dropCounters, rateLimitBackends } from "../support/redis";
import type { TestContext } from "../support/test-app";

// Login throttling (docs/decisions/0007-login-throttling.md): failures lock an account for the address
// they come from, so a guesser elsewhere never locks the owner out, while one address still gets
// 10 guesses per account in 15 minutes; guesses from many addresses are capped per account too.

// documentation addresses (RFC 5737 and 3849): each test speaks from its own
let n = 0;
const freshIp = () => `198.51.100.${++n}`;
const PASSWORD = "Calm-and-kind-2026";

describe.each(rateLimitBackends)("login throttling kept in %s", (backend) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await contextWithCounters(backend);
  });
  afterAll(() => dropCounters(t, backend));
  const login = (door: "login" | "adminlogin", email: string, password: string, ip: string) =>
    t.request(`/api/auth/${door}`, { method: "POST", json: { email, password }, ip });

  for (const door of ["login", "adminlogin"] as const) {
    it(`${door}: 10 wrong passwords from one address never lock the owner out at another address`, async () => {
      const owner = door === "login" ? await createUser(t.db, { password: PASSWORD }) : await createAdminUser(t.db, { password: PASSWORD });
      const attacker = freshIp();
      const budget = door === "login" ? rateRules.loginAccountIp.limit : rateRules.adminLoginAccountIp.limit;
      for (let i = 0; i < budget; i++) expect((await login(door, owner.email, "wrong-password", attacker)).status).toBe(401);
      // the guesser's address is held back, even with the right password: guessing is as slow as before
      const held = await login(door, owner.email, PASSWORD, attacker);
      expect(held.status).toBe(429);
      expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(800);
      // the owner, elsewhere, signs in
      expect((await login(door, owner.email, PASSWORD, freshIp())).status).toBe(200);
    });
  }

  it("login: an admin's account keeps the admin door's rules, 5 wrong passwords lock it for that address at both doors", async () => {
    const admin = await createAdminUser(t.db, { password: PASSWORD });
    const attacker = freshIp();
    for (let i = 0; i < rateRules.adminLoginAccountIp.limit; i++)
      expect((await login("login", admin.email, "wrong-password", attacker)).status).toBe(401);
    expect((await login("login", admin.email, PASSWORD, attacker)).status).toBe(429);
    expect((await login("adminlogin", admin.email, PASSWORD, attacker)).status).toBe(429);
    // the owner, elsewhere, signs in at either door
    expect((await login("login", admin.email, PASSWORD, freshIp())).status).toBe(200);
    expect((await login("adminlogin", admin.email, PASSWORD, freshIp())).status).toBe(200);
  });

  it("a wrong password gets the same answer for an admin's email, a customer's and an unknown one", async () => {
    const admin = await createAdminUser(t.db, { password: PASSWORD });
    const customer = await createUser(t.db, { password: PASSWORD });
    const answers = await Promise.all(
      [admin.email, customer.email, `nobody-${crypto.randomUUID()}@example.ng`].map(async (email) => {
        const res = await login("login", email, "wrong-password", freshIp());
        return { status: res.status, body: await res.json() };
      }),
    );
    expect(answers[0]).toEqual({ status: 401, body: { msg: "Invalid email or password.", code: "unauthorized" } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it("one address's failures at both doors count against one budget: 30 in all, not 20 at the admin door and 30 more here", async () => {
    const ip = freshIp();
    const nobody = () => `nobody-${crypto.randomUUID()}@example.ng`;
    for (let i = 0; i < rateRules.adminLoginIp.limit; i++)
      expect((await login("adminlogin", nobody(), "wrong-password", ip)).status).toBe(401);
    expect((await login("adminlogin", nobody(), "wrong-password", ip)).status).toBe(429);
    // the admin door's refused attempt counts too: the shop door has what is left of its 30
    const left = rateRules.loginIp.limit - rateRules.adminLoginIp.limit - 1;
    for (let i = 0; i < left; i++) expect((await login("login", nobody(), "wrong-password", ip)).status).toBe(401);
    expect((await login("login", nobody(), "wrong-password", ip)).status).toBe(429);
  });

  it("an owner who mistypes at her own address is not held back by a guesser elsewhere", async () => {
    const owner = await createUser(t.db, { password: PASSWORD });
    const attacker = freshIp();
    const home = freshIp();
    for (let i = 0; i < 10; i++) await login("login", owner.email, "wrong-password", attacker);
    expect((await login("login", owner.email, "typo-password", home)).status).toBe(401);
    expect((await login("login", owner.email, PASSWORD, home)).status).toBe(200);
  });

  it("caps guesses from many addresses per account: past the account-wide limit an address that failed is refused, the owner's fresh address gets in", async () => {
    const owner = await createUser(t.db, { password: PASSWORD });
    const wide = rateRules.loginAccount.limit;
    const perAddress = rateRules.loginAccountIp.limit - 1;
    const botnet: string[] = [];
    let failures = 0;
    while (failures < wide) {
      const ip = freshIp();
      botnet.push(ip);
      for (let i = 0; i < perAddress && failures < wide; i++, failures++)
        expect((await login("login", owner.email, `guess-${failures}`, ip)).status).toBe(401);
    }
    // every address that has failed is now refused, even below its own limit
    await Promise.all(
      botnet.slice(0, 3).map(async (ip) => expect((await login("login", owner.email, "guess-again", ip)).status).toBe(429)),
    );
    // a fresh address gets one try: a wrong one is counted and refused from then on
    const newcomer = freshIp();
    expect((await login("login", owner.email, "wrong-password", newcomer)).status).toBe(401);
    expect((await login("login", owner.email, PASSWORD, newcomer)).status).toBe(429);
    // the owner, at an address that has not been failing, signs in
    expect((await login("login", owner.email, PASSWORD, freshIp())).status).toBe(200);
    // and another account is not affected
    const other = await createUser(t.db, { password: PASSWORD });
    expect((await login("login", other.email, PASSWORD, botnet[0]!)).status).toBe(200);
  }, 120_000);

  it("a burst of parallel guesses from one address is capped at the address's budget", async () => {
    const owner = await createUser(t.db, { password: PASSWORD });
    const ip = freshIp();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login("login", owner.email, `parallel-${i}-${crypto.randomUUID()}`, ip).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(rateRules.loginAccountIp.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - rateRules.loginAccountIp.limit);
  });
});
