import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as adminRegisterAction } from "../../app/routes/admin/admin-register";
import { action as profileAction } from "../../app/routes/account/profile";
import { action as promoSignAction } from "../../app/routes/account/promosign";
import { action as registerAction } from "../../app/routes/account/register";
import { contactMessages, mailOutbox, newsletterSubscribers, users } from "../../db/schema";
import { createAdminUser, createUser } from "../factories";
import { createTestContext, routerContext, type TestContext } from "../support/test-app";

// A name is one line of a person's name: no line breaks or other control characters, no web
// addresses, at most 60 characters (100 for the contact form's full name). The shop mails what
// people type from its own address, so a name must never be able to carry a message or a link.
let t: TestContext;
let admin: Awaited<ReturnType<typeof createAdminUser>>;
beforeAll(async () => {
  t = await createTestContext();
  admin = await createAdminUser(t.db);
});

const bad = [
  "Ada\nObi",
  "Ada\r\nBcc: all@example.ng",
  "Ada\tObi",
  "Ada\u0007",
  "Ada\u202eObi",
  "Ada\u2028Obi",
  "Visit https://evil.example",
  "evil.example/phish",
  "www.evil.example",
  "claim at evil.com",
  "Ada <b>Obi</b>",
  "A".repeat(61),
];
const good = ["Ọláolúwa", "O'Brien", "Anne-Marie", "J. R.", "Nwachukwu Okafor", "Zoë", "Chiamaka’s"];
let seq = 0;
const email = () => `name-${++seq}-${Math.random().toString(36).slice(2, 8)}@example.ng`;

describe("names at every API door", () => {
  it("POST /api/auth/register refuses a name that is not one plain line, with a field message", async () => {
    for (const firstName of bad) {
      const res = await t.request("/api/auth/register", {
        method: "POST",
        json: { firstName, lastName: "Obi", email: email(), password: "Sunshine-2026" },
      });
      expect([firstName, res.status]).toEqual([firstName, 400]);
      const body = await res.json();
      expect([firstName, typeof body.fields?.firstName]).toEqual([firstName, "string"]);
    }
    for (const lastName of bad.slice(0, 3)) {
      const res = await t.request("/api/auth/register", {
        method: "POST",
        json: { firstName: "Ada", lastName, email: email(), password: "Sunshine-2026" },
      });
      expect((await res.json()).fields.lastName).toBeTruthy();
    }
    for (const firstName of good) {
      const res = await t.request("/api/auth/register", {
        method: "POST",
        json: { firstName, lastName: "Obi", email: email(), password: "Sunshine-2026" },
      });
      expect([firstName, res.status]).toEqual([firstName, 201]);
    }
  });

  it("says clearly what is wrong", async () => {
    const link = await t.request("/api/auth/register", {
      method: "POST",
      json: { firstName: "Visit https://evil.example", lastName: "Obi", email: email(), password: "Sunshine-2026" },
    });
    expect((await link.json()).fields.firstName).toBe("First name cannot contain a web address");
    const lines = await t.request("/api/auth/register", {
      method: "POST",
      json: { firstName: "Ada\nObi", lastName: "Obi", email: email(), password: "Sunshine-2026" },
    });
    expect((await lines.json()).fields.firstName).toBe(
      "First name must be one line of letters, spaces, hyphens, apostrophes or full stops",
    );
  });

  it("PUT /api/users/{id}, POST /api/admins, POST /api/contact and POST /api/newsletter refuse them too", async () => {
    const user = await createUser(t.db, { firstName: "Ada" });
    for (const name of bad) {
      const profile = await t.request(`/api/users/${user.id}`, { method: "PUT", as: user, json: { firstName: name } });
      expect([name, profile.status, (await profile.json()).fields?.firstName ? "field" : "none"]).toEqual([name, 400, "field"]);
      const adminCreate = await t.request("/api/admins", {
        method: "POST",
        as: admin,
        json: { firstName: "Ngozi", lastName: name, email: email(), password: "Team-member-2026" },
      });
      expect([name, adminCreate.status]).toEqual([name, 400]);
      const newsletter = await t.request("/api/newsletter", { method: "POST", json: { email: email(), firstName: name, source: "popup" } });
      expect([name, newsletter.status]).toEqual([name, 400]);
      if (name !== "A".repeat(61)) {
        const contact = await t.request("/api/contact", { method: "POST", json: { name, email: email(), message: "Hello" } });
        expect([name, contact.status, (await contact.json()).fields?.name ? "field" : "none"]).toEqual([name, 400, "field"]);
      }
    }
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.firstName).toBe("Ada");
    expect(await t.db.select().from(contactMessages)).toHaveLength(0);
    expect(await t.db.select().from(newsletterSubscribers)).toHaveLength(0);
    // plain names, and a newsletter sign-up without names, still pass
    expect(
      (await t.request("/api/contact", { method: "POST", json: { name: "Ọláolúwa O'Brien-Okafor", email: email(), message: "Hi" } }))
        .status,
    ).toBe(201);
    expect((await t.request("/api/newsletter", { method: "POST", json: { email: email(), firstName: "", source: "popup" } })).status).toBe(
      201,
    );
  });
});

describe("names at the page forms", () => {
  const post = (path: string, fields: Record<string, string>) =>
    new Request(`http://localhost:3000${path}`, { method: "POST", body: new URLSearchParams(fields) });
  const statusOf = (result: unknown) => (result as { init?: { status?: number } }).init?.status ?? (result as Response).status;

  it("/register, /promosign, /profile and /adminregister answer 400 with the field's message", async () => {
    const user = await createUser(t.db);
    const firstName = "Ada\r\nWe have suspended your account: evil.example";
    const account = { firstName, lastName: "Obi", email: email(), password: "Sunshine-2026" };
    const register = await registerAction({
      request: post("/register", { ...account, phone: "08031234567", address: "5 Allen Avenue", lga: "Ikeja" }),
      context: routerContext(t, null),
      params: {},
    } as never);
    const promo = await promoSignAction({
      request: post("/promosign", { ...account, email: email() }),
      context: routerContext(t, null),
      params: {},
    } as never);
    const profile = await profileAction({ request: post("/profile", { firstName }), context: routerContext(t, user), params: {} } as never);
    const team = await adminRegisterAction({
      request: post("/adminregister", { ...account, email: email(), phone: "08031234567" }),
      context: routerContext(t, admin),
      params: {},
    } as never);
    for (const [door, result] of Object.entries({ register, promo, profile, team })) {
      expect([door, statusOf(result)]).toEqual([door, 400]);
      expect([door, (result as { data: { fields: Record<string, string> } }).data.fields.firstName]).toEqual([door, expect.any(String)]);
    }
  });
});

describe("the shop's mails", () => {
  it("never speak a person's name in the shop's voice: the welcome and reset mails greet without it", async () => {
    const address = email();
    const res = await t.request("/api/auth/register", {
      method: "POST",
      json: { firstName: "Adaeze", lastName: "Okafor", email: address, password: "Sunshine-2026" },
    });
    expect(res.status).toBe(201);
    await t.request("/api/auth/forgot-password", { method: "POST", json: { email: address } });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, address));
    expect(mails.map((m) => m.kind).sort()).toEqual(["password_reset", "welcome"]);
    for (const mail of mails) {
      expect(mail.subject).not.toMatch(/Adaeze|Okafor/);
      expect(mail.text).not.toMatch(/Adaeze|Okafor/);
    }
  });
});
