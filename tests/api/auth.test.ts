import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, passwordResets, sessions, users } from "../../db/schema";
import { FORGOT_ANSWER } from "../../modules/accounts/auth.server";
import { createAdminUser, createUser, DEFAULT_PASSWORD } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});

const post = (path: string, json: unknown, headers: Record<string, string> = {}) => t.request(path, { method: "POST", json, headers });
const cookieOf = (res: Response) => res.headers.get("set-cookie") ?? "";
const tokenFromCookie = (res: Response) => cookieOf(res).match(/alafia_session=([^;]*)/)?.[1] ?? "";
const noSecrets = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/passwordHash|argon2|tokenHash/);

describe("POST /api/auth/register", () => {
  it("creates a customer, answers without the hash and queues a welcome mail", async () => {
    const res = await post("/api/auth/register", {
      firstName: "Adaeze",
      lastName: "Okafor",
      email: "Adaeze@Example.NG",
      password: "Sunshine-2026",
      phone: "08031234567",
      lga: "ikeja",
      address: "5 Allen Avenue",
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    noSecrets(body);
    expect(body.user).toMatchObject({ firstName: "Adaeze", email: "adaeze@example.ng", role: "customer", lga: "Ikeja" });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, "adaeze@example.ng"));
    expect(mails.map((m) => m.kind)).toEqual(["welcome"]);
    expect(mails[0]!.text).toContain("Welcome to Alafia Self-Care");
    // the shop's own words only: no text the visitor typed (tests/api/person-names.test.ts)
    expect(mails[0]!.text).not.toContain("Adaeze");
  });

  it("stores the password as an argon2id hash with m = 19 MiB, t = 2, p = 1", async () => {
    const res = await post("/api/auth/register", {
      firstName: "Hash",
      lastName: "Check",
      email: "hash.check@example.ng",
      password: "Sunshine-2026",
    });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.email, "hash.check@example.ng"));
    expect(row!.passwordHash.startsWith("$argon2id$v=19$m=19456,t=2,p=1$")).toBe(true);
    expect(row!.passwordHash).not.toContain("Sunshine-2026");
  });

  it("refuses a second account for the same email whatever its case", async () => {
    const res = await post("/api/auth/register", { firstName: "A", lastName: "B", email: "ADAEZE@example.ng", password: "Sunshine-2026" });
    expect(res.status).toBe(409);
    expect((await res.json()).fields.email).toMatch(/already exists/);
  });

  it("never creates an admin for an anonymous visitor or a customer sending role 'admin'", async () => {
    const customer = await createUser(t.db);
    for (const as of [undefined, customer]) {
      const email = `sneaky-${Math.random().toString(36).slice(2)}@example.ng`;
      const res = await t.request("/api/auth/register", {
        method: "POST",
        as,
        json: { firstName: "S", lastName: "N", email, password: "Sunshine-2026", role: "admin" },
      });
      expect(res.status).toBe(403);
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
  });

  it("lets an admin register another admin (spec's register with role)", async () => {
    const admin = await createAdminUser(t.db);
    const res = await t.request("/api/auth/register", {
      method: "POST",
      as: admin,
      json: {
        firstName: "New",
        lastName: "Admin",
        email: "second.admin@example.ng",
        password: "Sunshine-2026",
        phone: "0800",
        role: "admin",
      },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).user.role).toBe("admin");
  });

  it("answers field messages for a bad body, and refuses a town we do not deliver to", async () => {
    let res = await post("/api/auth/register", { firstName: "", lastName: "B", email: "nope", password: "short" });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toMatchObject({
      firstName: "First name is required",
      email: "Enter a valid email address",
      password: "Password must be at least 8 characters",
    });
    res = await post("/api/auth/register", {
      firstName: "A",
      lastName: "B",
      email: "town@example.ng",
      password: "Sunshine-2026",
      lga: "Atlantis",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.lga).toBe("Choose a town from the list");
    res = await post("/api/auth/register", { firstName: "A", lastName: "B", email: "long@example.ng", password: "x".repeat(129) });
    expect(res.status).toBe(400);
  });
});

describe("POST /api/auth/login", () => {
  it("answers {accessToken, user} with an httpOnly SameSite=Lax cookie, and a new token at every login", async () => {
    const user = await createUser(t.db, { email: "bisi@example.ng" });
    const first = await post("/api/auth/login", { email: "BISI@example.ng", password: DEFAULT_PASSWORD });
    expect(first.status).toBe(200);
    const body = await first.json();
    noSecrets(body.user);
    expect(body.user).toMatchObject({ id: user.id, firstName: user.firstName });
    expect(body.accessToken).toMatch(/^[\w-]{40,}$/);
    const cookie = cookieOf(first);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=259\d{4}/); // 30 days for a customer
    expect(cookie).not.toMatch(/Secure/); // not in test; production adds Secure and __Host-
    expect(tokenFromCookie(first)).toBe(body.accessToken);

    const second = await (await post("/api/auth/login", { email: "bisi@example.ng", password: DEFAULT_PASSWORD })).json();
    expect(second.accessToken).not.toBe(body.accessToken);
    // tokens are stored hashed, never as such
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.tokenHash)).not.toContain(body.accessToken);

    const me = await t.request("/api/auth/me", { headers: { Authorization: `Bearer ${body.accessToken}` } });
    expect((await me.json()).user.email).toBe("bisi@example.ng");
  });

  it("gives the same 401 for a wrong password and an unknown email", async () => {
    await createUser(t.db, { email: "chi@example.ng" });
    const wrong = await post("/api/auth/login", { email: "chi@example.ng", password: "not-the-password" });
    const unknown = await post("/api/auth/login", { email: "nobody@example.ng", password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(cookieOf(wrong)).toBe("");
  });

  it("answers 400 with field messages for a missing password", async () => {
    const res = await post("/api/auth/login", { email: "chi@example.ng" });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.password).toBeTruthy();
  });
});

describe("POST /api/auth/adminlogin", () => {
  it("signs an admin in for 12 hours", async () => {
    await createAdminUser(t.db, { email: "boss@example.ng" });
    const res = await post("/api/auth/adminlogin", { email: "boss@example.ng", password: DEFAULT_PASSWORD });
    expect(res.status).toBe(200);
    expect((await res.json()).user.role).toBe("admin");
    expect(cookieOf(res)).toMatch(/Max-Age=(4319\d|43200)\b/);
  });

  it("refuses a customer with a msg the screen shows", async () => {
    await createUser(t.db, { email: "not-boss@example.ng" });
    const res = await post("/api/auth/adminlogin", { email: "not-boss@example.ng", password: DEFAULT_PASSWORD });
    expect(res.status).toBe(403);
    expect((await res.json()).msg).toBe("This login is for shop administrators only.");
    expect(cookieOf(res)).toBe("");
  });
});

describe("logout and /api/auth/me", () => {
  it("revokes the session and clears the cookie", async () => {
    const user = await createUser(t.db);
    const token = await t.loginAs(user);
    const cookie = `alafia_session=${token}`;
    expect((await t.request("/api/auth/me", { headers: { Cookie: cookie } })).status).toBe(200);
    const out = await t.request("/api/auth/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(out.status).toBe(200);
    expect(cookieOf(out)).toMatch(/alafia_session=; Max-Age=0/);
    expect((await t.request("/api/auth/me", { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("answers 401 to an anonymous /me", async () => {
    expect((await t.request("/api/auth/me")).status).toBe(401);
  });
});

describe("Origin check on cookie-carried state changes", () => {
  it("refuses a cross-origin cookie POST with 403 and accepts our own origin", async () => {
    const user = await createUser(t.db);
    const token = await t.loginAs(user);
    const body = JSON.stringify({ firstName: "Evil", lastName: "Edit" });
    const evil = await t.app.request(`/api/users/${user.id}`, {
      method: "PUT",
      body,
      headers: { Cookie: `alafia_session=${token}`, Origin: "https://evil.example", "Content-Type": "application/json" },
    });
    expect(evil.status).toBe(403);
    const none = await t.app.request(`/api/users/${user.id}`, {
      method: "PUT",
      body,
      headers: { Cookie: `alafia_session=${token}`, "Content-Type": "application/json" },
    });
    expect(none.status).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.firstName).toBe(user.firstName);
    const own = await t.app.request(`/api/users/${user.id}`, {
      method: "PUT",
      body,
      headers: { Cookie: `alafia_session=${token}`, Origin: "http://localhost:3000", "Content-Type": "application/json" },
    });
    expect(own.status).toBe(200);
  });

  it("covers the React Router form actions too (any path, not only /api)", async () => {
    const user = await createUser(t.db);
    const token = await t.loginAs(user);
    const res = await t.app.request("/profile", {
      method: "POST",
      body: new URLSearchParams({ firstName: "Evil" }),
      headers: { Cookie: `alafia_session=${token}`, Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
  });

  it("refuses a cross-origin login form post (login CSRF) but lets bearer clients through", async () => {
    const user = await createUser(t.db);
    const evil = await t.app.request("/api/auth/login", {
      method: "POST",
      body: JSON.stringify({ email: user.email, password: DEFAULT_PASSWORD }),
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
    });
    expect(evil.status).toBe(403);
    // a foreign page with Referrer-Policy: no-referrer makes the browser send Origin: null
    const opaque = await t.app.request("/api/auth/login", {
      method: "POST",
      body: JSON.stringify({ email: user.email, password: DEFAULT_PASSWORD }),
      headers: { Origin: "null", "Content-Type": "application/json" },
    });
    expect(opaque.status).toBe(403);
    const token = await t.loginAs(user);
    const bearer = await t.app.request(`/api/users/${user.id}`, {
      method: "PUT",
      body: JSON.stringify({ firstName: "Api", lastName: "Client" }),
      headers: { Authorization: `Bearer ${token}`, Origin: "https://tools.example", "Content-Type": "application/json" },
    });
    expect(bearer.status).toBe(200);
  });
});

describe("forgot and reset password", () => {
  const resetTokenFromMail = async (email: string) => {
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    const reset = mails.filter((m) => m.kind === "password_reset").at(-1);
    return reset?.text.match(/resetpassword\?token=([\w-]+)/)?.[1];
  };

  it("answers the same whether or not the email has an account, and mails a link only to a real one", async () => {
    await createUser(t.db, { email: "dayo@example.ng" });
    const known = await post("/api/auth/forgot-password", { email: "DAYO@example.ng" });
    const unknown = await post("/api/auth/forgot-password", { email: "ghost@example.ng" });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual({ msg: FORGOT_ANSWER });
    expect(await unknown.json()).toEqual({ msg: FORGOT_ANSWER });
    const link = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, "dayo@example.ng")))[0]!.text;
    expect(link).toMatch(/^http:\/\/localhost:3000\/resetpassword\?token=[\w-]{40,}$/m);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, "ghost@example.ng"))).toEqual([]);
  });

  it("sets the new password once, signs out every session, and the link cannot be used again", async () => {
    const user = await createUser(t.db, { email: "efe@example.ng" });
    const oldToken = await t.loginAs(user);
    await post("/api/auth/forgot-password", { email: "efe@example.ng" });
    const token = (await resetTokenFromMail("efe@example.ng"))!;
    const res = await post("/api/auth/reset-password", { token, password: "Brand-new-2026" });
    expect(res.status).toBe(200);
    expect((await t.request("/api/auth/me", { headers: { Authorization: `Bearer ${oldToken}` } })).status).toBe(401);
    expect((await post("/api/auth/login", { email: "efe@example.ng", password: DEFAULT_PASSWORD })).status).toBe(401);
    expect((await post("/api/auth/login", { email: "efe@example.ng", password: "Brand-new-2026" })).status).toBe(200);
    const again = await post("/api/auth/reset-password", { token, password: "Another-one-2026" });
    expect(again.status).toBe(400);
    expect((await again.json()).msg).toMatch(/invalid or has expired/);
  });

  it("stops every other link of the user once one of them has reset the password", async () => {
    await createUser(t.db, { email: "gbenga@example.ng" });
    await post("/api/auth/forgot-password", { email: "gbenga@example.ng" });
    const first = (await resetTokenFromMail("gbenga@example.ng"))!;
    await post("/api/auth/forgot-password", { email: "gbenga@example.ng" });
    const second = (await resetTokenFromMail("gbenga@example.ng"))!;
    expect(second).not.toBe(first);

    expect((await post("/api/auth/reset-password", { token: second, password: "Brand-new-2026" })).status).toBe(200);
    const older = await post("/api/auth/reset-password", { token: first, password: "Someone-else-2026" });
    expect(older.status).toBe(400);
    expect((await older.json()).msg).toMatch(/invalid or has expired/);
    expect((await post("/api/auth/login", { email: "gbenga@example.ng", password: "Brand-new-2026" })).status).toBe(200);
  });

  it("issues a link that expires one hour after it was asked for", async () => {
    const user = await createUser(t.db, { email: "ngozi@example.ng" });
    const before = Date.now();
    await post("/api/auth/forgot-password", { email: "ngozi@example.ng" });
    const after = Date.now();
    const [reset] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    const HOUR = 60 * 60_000;
    // a second either side for clock rounding; a different lifetime is a failure
    expect(reset!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + HOUR - 1000);
    expect(reset!.expiresAt.getTime()).toBeLessThanOrEqual(after + HOUR + 1000);
  });

  it("refuses an expired link", async () => {
    const user = await createUser(t.db, { email: "funmi@example.ng" });
    await post("/api/auth/forgot-password", { email: "funmi@example.ng" });
    const token = (await resetTokenFromMail("funmi@example.ng"))!;
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const res = await post("/api/auth/reset-password", { token, password: "Brand-new-2026" });
    expect(res.status).toBe(400);
  });

  it("refuses a made-up token and a short password with field messages", async () => {
    const res = await post("/api/auth/reset-password", { token: "x".repeat(43), password: "short" });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.password).toBe("Password must be at least 8 characters");
  });
});

describe("session lifetime", () => {
  it("slides a customer's session and cookie forward when used, but never an admin's", async () => {
    const customer = await createUser(t.db);
    const admin = await createAdminUser(t.db);
    const customerToken = await t.loginAs(customer);
    const adminToken = await t.loginAs(admin);
    // both were last seen two hours ago; the customer's session ends in 10 days, the admin's in 1 hour
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: twoHoursAgo, expiresAt: new Date(Date.now() + 10 * 24 * 3600_000) })
      .where(eq(sessions.userId, customer.id));
    await t.db
      .update(sessions)
      .set({ lastSeenAt: twoHoursAgo, expiresAt: new Date(Date.now() + 3600_000) })
      .where(eq(sessions.userId, admin.id));

    const res = await t.request("/api/auth/me", { headers: { Cookie: `alafia_session=${customerToken}` } });
    expect(res.status).toBe(200);
    expect(cookieOf(res)).toMatch(/Max-Age=259\d{4}/);
    const [c] = await t.db.select().from(sessions).where(eq(sessions.userId, customer.id));
    expect(c!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);

    const adminRes = await t.request("/api/auth/me", { headers: { Cookie: `alafia_session=${adminToken}` } });
    expect(adminRes.status).toBe(200);
    expect(cookieOf(adminRes)).toBe("");
    const [a] = await t.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(a!.expiresAt.getTime()).toBeLessThan(Date.now() + 3600_000 + 1000);
  });

  it("refuses an expired session", async () => {
    const user = await createUser(t.db);
    const token = await t.loginAs(user);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await t.request("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});
