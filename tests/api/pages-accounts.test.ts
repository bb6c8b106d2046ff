import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, passwordResets, users } from "../../db/schema";
import { createAdminUser, createUser, DEFAULT_PASSWORD } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

// The account pages over HTTP (React Router's document and data requests, as a browser makes them):
// where a visitor is sent before and after logging in or signing up, and the back office's own doors.
let t: PagesContext;
beforeAll(async () => {
  t = await createPagesContext();
});

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});
/** where a data request (a client-side navigation) was redirected: React Router answers 202 with the target inside */
async function dataRedirect(res: Response): Promise<string | undefined> {
  expect(res.status).toBe(202);
  return (await res.text()).match(/"redirect","([^"]*)"/)?.[1];
}
const location = (res: Response) => res.headers.get("location");
const newEmail = () => `shopper-${crypto.randomUUID().slice(0, 8)}@example.ng`;

describe("a guarded page reached by a client-side navigation", () => {
  it("sends a guest to /login with the page's own address, never React Router's data URL", async () => {
    expect(await dataRedirect(await t.page("/profile.data"))).toBe("/login?redirectTo=%2Fprofile");
    expect(await dataRedirect(await t.page("/profile.data?edit&_routes=routes%2Faccount%2Fprofile"))).toBe(
      "/login?redirectTo=%2Fprofile%3Fedit",
    );
  });

  it("sends a visitor whose session ended to /admin with the admin screen's address (the sidebar's links)", async () => {
    expect(await dataRedirect(await t.page("/producttable.data?page=2"))).toBe("/admin?redirectTo=%2Fproducttable%3Fpage%3D2");
    // a document request keeps working as before
    expect(location(await t.page("/dashboard"))).toBe("/admin?redirectTo=%2Fdashboard");
  });
});

describe("logging in or signing up on the way to a page", () => {
  it("the login page's Sign up link and the sign-up form carry the destination on to the login", async () => {
    const login = await (await t.page("/login?redirectTo=%2Fcheckout")).text();
    expect(login).toContain('href="/register?redirectTo=%2Fcheckout"');
    const register = await (await t.page("/register?redirectTo=%2Fcheckout")).text();
    expect(register).toContain('name="redirectTo" value="/checkout"');
    expect(register).toContain('href="/login?redirectTo=%2Fcheckout"');

    const email = newEmail();
    const fields = { firstName: "Temi", lastName: "Adebayo", email, phone: "08031234567", address: "5 Allen Avenue", lga: "Ikeja" };
    const signedUp = await t.page("/register", form({ ...fields, password: "Calm-and-kind-2026", redirectTo: "/checkout" }));
    expect(signedUp.status).toBe(302);
    expect(location(signedUp)).toBe("/login?registered=1&redirectTo=%2Fcheckout");

    const loggedIn = await t.page("/login", form({ email, password: "Calm-and-kind-2026", redirectTo: "/checkout" }));
    expect(location(loggedIn)).toBe("/checkout");
  });

  it("a sign-up without a destination still goes to /login (docs/product.md §4)", async () => {
    const email = newEmail();
    const fields = { firstName: "Bisi", lastName: "Ade", email, phone: "08031234567", address: "5 Allen Avenue", lga: "Ikeja" };
    const res = await t.page("/register", form({ ...fields, password: "Calm-and-kind-2026" }));
    expect(location(res)).toBe("/login?registered=1");
    expect((await t.db.select().from(users).where(eq(users.email, email))).length).toBe(1);
  });
});

describe("redirectTo never leaves the shop", () => {
  const evil = [
    "/.//evil.example/phish",
    "//evil.example",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "https://evil.example",
  ];

  it("a signed-in visitor of /login goes to a page of the shop, whatever redirectTo says", async () => {
    const user = await createUser(t.db);
    for (const to of evil) {
      const res = await t.page(`/login?redirectTo=${encodeURIComponent(to)}`, { as: user });
      expect([to, location(res)]).toEqual([to, "/"]);
    }
    expect(location(await t.page("/login?redirectTo=%2Fprofile", { as: user }))).toBe("/profile");
  });

  it("the login, admin login and sign-up forms ignore a foreign redirectTo", async () => {
    const user = await createUser(t.db);
    const admin = await createAdminUser(t.db);
    for (const to of evil) {
      const customer = await t.page("/login", form({ email: user.email, password: DEFAULT_PASSWORD, redirectTo: to }));
      expect([to, location(customer)]).toEqual([to, "/"]);
      const back = await t.page("/admin", form({ email: admin.email, password: DEFAULT_PASSWORD, redirectTo: to }));
      expect([to, location(back)]).toEqual([to, "/dashboard"]);
    }
    const fields = { firstName: "Kemi", lastName: "Bello", phone: "08031234567", address: "5 Allen Avenue", lga: "Ikeja" };
    const res = await t.page("/register", form({ ...fields, email: newEmail(), password: "Calm-and-kind-2026", redirectTo: evil[0]! }));
    expect(location(res)).toBe("/login?registered=1");
  });
});

describe("the back office's own doors", () => {
  it("an admin visiting /admin while signed in goes to /dashboard (or back to the screen asked for)", async () => {
    const admin = await createAdminUser(t.db);
    expect(location(await t.page("/admin", { as: admin }))).toBe("/dashboard");
    expect(location(await t.page("/admin?redirectTo=%2Fteamtable", { as: admin }))).toBe("/teamtable");
    // a customer still sees the admin login (to sign in as an admin)
    expect((await t.page("/admin", { as: await createUser(t.db) })).status).toBe(200);
  });

  it("/adminregister is a back-office screen: the admin adds a team member and returns to /teamtable, signed in", async () => {
    const admin = await createAdminUser(t.db);
    const screen = await t.page("/adminregister", { as: admin });
    expect(screen.status).toBe(200);
    const html = await screen.text();
    // the sidebar of the back office, with Team Members current
    expect(html).toMatch(/aria-current="page"[^>]*href="\/teamtable"|href="\/teamtable"[^>]*aria-current="page"/);

    const email = newEmail();
    const fields = { firstName: "Ngozi", lastName: "Eze", email, phone: "08031234567", password: "Team-member-2026" };
    const res = await t.page("/adminregister", { ...form(fields), as: admin });
    expect(res.status).toBe(302);
    expect(location(res)).toBe(`/teamtable?created=${encodeURIComponent(email)}`);
    expect(res.headers.get("set-cookie")).toBeNull();
    const team = await (await t.page(location(res)!, { as: admin })).text();
    expect(team).toContain(`The administrator account for ${email} has been created.`);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.role).toBe("admin");
  });

  it("/teamtable's Remove posts to the screen: each row but her own has it; refused for a customer or for herself, and the page says why", async () => {
    const owner = await createAdminUser(t.db);
    const kemi = await createAdminUser(t.db, { firstName: "Kemi", lastName: "Ade" });
    const team = await (await t.page(`/teamtable?q=${encodeURIComponent(kemi.email)}`, { as: owner })).text();
    expect(team).toContain('aria-label="Remove Kemi Ade from the team"');
    const own = await (await t.page(`/teamtable?q=${encodeURIComponent(owner.email)}`, { as: owner })).text();
    expect(own).not.toContain("from the team");

    const customer = await createUser(t.db);
    expect((await t.page("/teamtable", { ...form({ id: kemi.id }), as: customer })).status).toBe(403);
    const self = await t.page("/teamtable", { ...form({ id: owner.id }), as: owner });
    expect(self.status).toBe(409);
    expect(await self.text()).toContain("You cannot remove yourself from the team.");
    const done = await t.page("/teamtable", { ...form({ id: kemi.id }), as: owner });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Kemi Ade has been removed from the team.");
    const [row] = await t.db.select().from(users).where(eq(users.id, kemi.id));
    expect(row!.role).toBe("customer");
  });

  it("/adminregister sends a guest to the admin login and refuses a customer", async () => {
    expect(location(await t.page("/adminregister"))).toBe("/admin?redirectTo=%2Fadminregister");
    const customer = await createUser(t.db);
    expect((await t.page("/adminregister", { as: customer })).status).toBe(403);
    const fields = { firstName: "Sneaky", lastName: "Person", email: newEmail(), phone: "08031234567", password: "Team-member-2026" };
    expect((await t.page("/adminregister", { ...form(fields), as: customer })).status).toBe(403);
    expect((await t.db.select().from(users).where(eq(users.email, fields.email))).length).toBe(0);
  });
});

describe("the reset page", () => {
  const post = (path: string, json: unknown) => t.request(path, { method: "POST", json });
  async function resetLinkFor(email: string) {
    await createUser(t.db, { email });
    await post("/api/auth/forgot-password", { email });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    return mails.find((m) => m.kind === "password_reset")!.text.match(/resetpassword\?token=([\w-]+)/)![1]!;
  }
  const shown = async (token: string) => {
    const res = await t.page(`/resetpassword?token=${token}`);
    expect(res.status).toBe(200);
    return res.text();
  };
  const theForm = /name="confirmPassword"/;
  const dead = "This reset link is invalid or has expired.";

  it("shows the form for a live link, as often as she opens it, without using the link up", async () => {
    const token = await resetLinkFor(newEmail());
    for (let visit = 0; visit < 2; visit++) {
      const html = await shown(token);
      expect(html).toMatch(theForm);
      expect(html).not.toContain(dead);
    }
    expect((await post("/api/auth/reset-password", { token, password: "Brand-new-2026" })).status).toBe(200);
  });

  it("says a used, expired or made-up link no longer works, and links to /forgotpassword, instead of the form", async () => {
    const used = await resetLinkFor(newEmail());
    expect((await post("/api/auth/reset-password", { token: used, password: "Brand-new-2026" })).status).toBe(200);
    const email = newEmail();
    const expired = await resetLinkFor(email);
    const [owner] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, owner!.id));
    for (const token of [used, expired, "x".repeat(43)]) {
      const html = await shown(token);
      expect(html).toContain(dead);
      expect(html).toMatch(/<a[^>]*href="\/forgotpassword"[^>]*>Ask for a new link<\/a>/);
      expect(html).not.toMatch(theForm);
    }
  });
});

describe("the account forms sent before (or without) the page's script", () => {
  const valueOf = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];

  it("a refused sign-up comes back with what she typed, never her password", async () => {
    // too short a password: the server says so, and she types it again
    const password = "kind26";
    const fields = {
      firstName: "Temi",
      lastName: "Adebayo",
      email: newEmail(),
      phone: "0803 123 4567",
      address: "5 Allen Avenue, Ikeja",
      lga: "Ikeja",
    };
    const res = await t.page("/register", form({ ...fields, password }));
    expect(res.status).toBe(400);
    const html = (await res.text()).replace(/<!-- -->/g, "");
    for (const name of ["firstName", "lastName", "email", "phone", "address"] as const) expect(valueOf(html, name)).toBe(fields[name]);
    expect(html).toContain("Password must be at least 8 characters");
    expect(html).toMatch(/<option value="Ikeja" selected="">/);
    expect(html).not.toContain(password);
    expect(valueOf(html, "password")).toBeUndefined();
    expect((await t.db.select().from(users).where(eq(users.email, fields.email))).length).toBe(0);
  });

  it("a refused login comes back with her email, never the password she tried", async () => {
    const user = await createUser(t.db);
    const res = await t.page("/login", form({ email: user.email, password: "not-her-password-2026" }));
    expect(res.status).toBeGreaterThanOrEqual(400);
    const html = await res.text();
    expect(valueOf(html, "email")).toBe(user.email);
    expect(html).not.toContain("not-her-password-2026");
    // she types the password again: the page opens on it, and on nothing else
    expect(/<input[^>]*name="password"[^>]*>/.exec(html)?.[0]).toContain('autofocus=""');
    expect(html.match(/autofocus=""/g)).toHaveLength(1);
  });

  it("the forgotten-password, promo sign-up and admin login forms keep the email too, and never a password", async () => {
    const forgot = await t.page("/forgotpassword", form({ email: "ngozi@example" }));
    expect(forgot.status).toBe(400);
    expect(valueOf(await forgot.text(), "email")).toBe("ngozi@example");

    const promo = { firstName: "Kemi", lastName: "Ade", email: newEmail() };
    const signedUp = await t.page("/promosign", form({ ...promo, password: "short26" }));
    expect(signedUp.status).toBe(400);
    const html = (await signedUp.text()).replace(/<!-- -->/g, "");
    for (const name of ["firstName", "lastName", "email"] as const) expect(valueOf(html, name)).toBe(promo[name]);
    expect(html).not.toContain("short26");

    const admin = await createAdminUser(t.db);
    const refused = await t.page("/admin", { ...form({ email: admin.email, password: "not-the-admin-2026" }), ip: "10.9.8.7" });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const page = await refused.text();
    expect(valueOf(page, "email")).toBe(admin.email);
    expect(page).not.toContain("not-the-admin-2026");
  });
});
