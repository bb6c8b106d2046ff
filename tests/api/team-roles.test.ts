import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, refunds, settings, users } from "../../db/schema";
import { createLogger } from "../../lib/logger.server";
import { changeTeamRole } from "../../modules/accounts/team.server";
import { createAdminUser, createProduct, createPurchase, createStaffUser, createUser, DEFAULT_PASSWORD } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

// docs/product.md "The team": owners (role admin) run everything; staff take and fulfil orders and
// keep the catalogue, but never see the money, refund, or change prices, settings or the team.
let t: PagesContext;
let owner: Awaited<ReturnType<typeof createAdminUser>>;
beforeAll(async () => {
  t = await createPagesContext();
  owner = await createAdminUser(t.db, { firstName: "Funke", lastName: "Owner" });
});

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});
const roleOf = async (id: string) => (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;
const ownerCount = async () => t.db.$count(users, eq(users.role, "admin"));
/** what the service needs beside the database: a quiet log, and the shop's address for the owners' mail */
const deps = { logger: createLogger("silent"), shopUrl: "https://shop.example" };
const OWNER_ONLY = "Only the shop owner can do this.";

describe("adding staff", () => {
  it("an owner adds staff (POST /api/admins with role staff); staff sign in at the back office's door", async () => {
    const email = `staff-${crypto.randomUUID().slice(0, 8)}@example.ng`;
    const added = await t.request("/api/admins", {
      method: "POST",
      as: owner,
      json: { firstName: "Tolu", lastName: "Staff", email, phone: "08031234567", password: DEFAULT_PASSWORD, role: "staff" },
    });
    expect(added.status).toBe(201);
    expect((await added.json()).user).toMatchObject({ email, role: "staff" });
    // without a role she is an owner, as the spec's admin register made her
    const email2 = `owner-${crypto.randomUUID().slice(0, 8)}@example.ng`;
    const second = await t.request("/api/admins", {
      method: "POST",
      as: owner,
      json: { firstName: "Second", lastName: "Owner", email: email2, password: DEFAULT_PASSWORD },
    });
    expect((await second.json()).user.role).toBe("admin");
    const bad = await t.request("/api/admins", {
      method: "POST",
      as: owner,
      json: { firstName: "Bad", lastName: "Role", email: `x-${email2}`, password: DEFAULT_PASSWORD, role: "customer" },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields.role).toBe("Role must be admin or staff");

    const login = await t.request("/api/auth/adminlogin", { method: "POST", json: { email, password: DEFAULT_PASSWORD } });
    expect(login.status).toBe(200);
    expect((await login.json()).user.role).toBe("staff");
  });

  it("staff cannot add anyone to the team, by either door, nor register an owner", async () => {
    const staff = await createStaffUser(t.db);
    const email = `sneaky-${crypto.randomUUID().slice(0, 8)}@example.ng`;
    const body = { firstName: "Sneaky", lastName: "Person", email, password: DEFAULT_PASSWORD };
    const viaAdmins = await t.request("/api/admins", { method: "POST", as: staff, json: { ...body, role: "admin" } });
    expect(viaAdmins.status).toBe(403);
    expect((await viaAdmins.json()).msg).toBe(OWNER_ONLY);
    for (const role of ["admin", "staff"]) {
      const viaRegister = await t.request("/api/auth/register", { method: "POST", as: staff, json: { ...body, role } });
      expect(viaRegister.status).toBe(403);
    }
    expect(await t.db.$count(users, eq(users.email, email))).toBe(0);
  });

  it("/adminregister offers Owner or Staff, staff ticked; the choice posted is the role she gets", async () => {
    const html = await (await t.page("/adminregister", { as: owner })).text();
    expect(html).toMatch(/<input[^>]*name="role" checked="" value="staff"/);
    expect(html).toMatch(/<input[^>]*name="role" value="admin"/);
    expect(html).toContain("Owner");
    const email = `desk-${crypto.randomUUID().slice(0, 8)}@example.ng`;
    const res = await t.page("/adminregister", {
      ...form({ firstName: "Desk", lastName: "Staff", email, phone: "08031234567", password: "Team-member-2026", role: "staff" }),
      as: owner,
    });
    expect(res.status).toBe(302);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.role).toBe("staff");
    // the team table lists her with her role, and offers to make her an owner
    const team = await (await t.page(`/teamtable?q=${encodeURIComponent(email)}`, { as: owner })).text();
    expect(team).toContain(">Staff<");
    expect(team).toContain('aria-label="Make Desk Staff owner"');
  });
});

describe("what staff may do", () => {
  it("the orders, the catalogue and the customers: yes; the owner's API: 403 with one message, and nothing changes", async () => {
    const staff = await createStaffUser(t.db);
    const product = await createProduct(t.db);
    const buyer = await createUser(t.db);
    const order = await createPurchase(t.db, buyer, [{ product, quantity: 1 }]);
    for (const path of [
      "/api/purchases",
      `/api/purchases/${order.id}`,
      "/api/users",
      "/api/unpaid-checkouts",
      `/api/purchases/${order.id}/refunds`,
    ])
      expect([path, (await t.request(path, { as: staff })).status]).toEqual([path, 200]);
    const shipped = await t.request(`/api/purchases/${order.id}/status`, { method: "PATCH", as: staff, json: { status: "processing" } });
    expect(shipped.status).toBe(200);
    const renamed = await t.request(`/api/products/${product.id}`, {
      method: "PUT",
      as: staff,
      json: { title: "Gratitude Journal, blue" },
    });
    expect(renamed.status).toBe(200);

    const before = await t.db.select().from(settings);
    const refused: [string, string, unknown?][] = [
      ["GET", "/api/settings"],
      ["PUT", "/api/settings", { bankAccountNumber: "0123456789" }],
      ["GET", "/api/reports/sales"],
      ["GET", "/api/discounts"],
      ["POST", "/api/discounts/create", {}],
      ["POST", "/api/deliveryrates/create", { lga: "Ikeja", price: 1000 }],
      ["GET", "/api/purchases/export.csv"],
      ["GET", "/api/settings/subscribers.csv"],
      ["POST", `/api/purchases/${order.id}/refunds`, { amount: 100 }],
      ["DELETE", `/api/purchases/${order.id}`],
      ["PUT", "/api/unpaid-checkouts/settings", { secondReminderCode: "" }],
      ["PUT", `/api/admins/${owner.id}`, { role: "staff" }],
      ["DELETE", `/api/admins/${owner.id}`],
    ];
    for (const [method, path, json] of refused) {
      const res = await t.request(path, { method, as: staff, ...(json ? { json } : {}) });
      expect([method, path, res.status, (await res.json()).msg]).toEqual([method, path, 403, OWNER_ONLY]);
    }
    expect(await t.db.select().from(settings)).toEqual(before);
    expect(await t.db.$count(refunds, eq(refunds.purchaseId, order.id))).toBe(0);
    expect(await roleOf(owner.id)).toBe("admin");
  });

  it("staff change their own profile, never the owner's: her email is how the owner's account is taken back", async () => {
    const staff = await createStaffUser(t.db);
    const mine = await t.request(`/api/users/${staff.id}`, { method: "PUT", as: staff, json: { phone: "08039998888" } });
    expect(mine.status).toBe(200);
    const theirs = await t.request(`/api/users/${owner.id}`, { method: "PUT", as: staff, json: { email: "staff-now@example.ng" } });
    expect(theirs.status).toBe(403);
    expect((await theirs.json()).msg).toBe(OWNER_ONLY);
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.email).toBe(owner.email);
    // reading a record stays the team's: staff look customers up for their orders
    expect((await t.request(`/api/users/${owner.id}`, { as: staff })).status).toBe(200);
  });

  it("the owner's screens are a 403 page for staff, loaders and actions alike; the sidebar does not offer them", async () => {
    const staff = await createStaffUser(t.db);
    for (const path of [
      "/teamtable",
      "/adminregister",
      "/settings",
      "/paymentsettings",
      "/reports",
      "/costprices",
      "/expenses",
      "/discounttable",
      "/creatediscount",
      "/lga",
      "/createlga",
      "/deliverycalendar",
    ]) {
      const res = await t.page(path, { as: staff });
      expect([path, res.status]).toEqual([path, 403]);
      expect(await res.text()).toContain("This page is for the shop owner only.");
      // the owner gets the screen
      expect([path, (await t.page(path, { as: owner })).status]).toEqual([path, 200]);
    }
    const before = await t.db.select().from(settings);
    expect((await t.page("/settings", { ...form({ shopName: "Taken" }), as: staff })).status).toBe(403);
    expect(await t.db.select().from(settings)).toEqual(before);

    const dashboard = await (await t.page("/dashboard", { as: staff })).text();
    const nav = dashboard.slice(dashboard.indexOf('aria-label="Admin"'));
    for (const label of ["Purchases", "New Order", "Products", "Deliveries", "Blog"]) expect(nav).toContain(`>${label}</a>`);
    for (const to of ["/teamtable", "/settings", "/paymentsettings", "/reports", "/expenses", "/discounttable", "/lga"])
      expect(nav).not.toContain(`href="${to}"`);
    // the month's money is not on her dashboard; the users are
    expect(dashboard).not.toContain("Paid revenue");
    expect(dashboard).toContain("Search users");
    const ownersDashboard = await (await t.page("/dashboard", { as: owner })).text();
    expect(ownersDashboard).toContain("Paid revenue");
    expect(ownersDashboard).toContain('href="/settings"');
  });

  it("on an order's page staff see its money but no refund button, and a refund posted anyway is refused", async () => {
    const staff = await createStaffUser(t.db);
    const product = await createProduct(t.db);
    const order = await createPurchase(t.db, await createUser(t.db), [{ product, quantity: 1 }]);
    const page = await (await t.page(`/viewpurchase/${order.id}`, { as: staff })).text();
    expect(page).toContain("Only the shop owner can refund.");
    expect(page).not.toContain('data-testid="refund-form"');
    expect(await (await t.page(`/viewpurchase/${order.id}`, { as: owner })).text()).toContain('data-testid="refund-form"');

    const res = await t.page(`/viewpurchase/${order.id}`, { ...form({ intent: "refund", amount: "100" }), as: staff });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(OWNER_ONLY);
    expect(await t.db.$count(refunds, eq(refunds.purchaseId, order.id))).toBe(0);

    // the purchases list: no export, no delete for staff
    const list = await (await t.page("/purchasetable", { as: staff })).text();
    expect(list).not.toContain("Export CSV");
    expect(await (await t.page("/purchasetable", { as: owner })).text()).toContain("Export CSV");
  });
});

describe("the owners hear of every change to the team", () => {
  const teamMails = async (to: string) =>
    (
      await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, "team_change")))
    ).map((m) => m.text);

  it("a member added, made owner or staff, or removed: one mail to each owner, queued with the change", async () => {
    const other = await createAdminUser(t.db, { firstName: "Bisi", lastName: "Coowner" });
    const staff = await createStaffUser(t.db, { firstName: "Quiet", lastName: "Staff" });
    const email = `new-${crypto.randomUUID().slice(0, 8)}@example.ng`;
    const added = await t.request("/api/admins", {
      method: "POST",
      as: owner,
      json: { firstName: "Chidi", lastName: "New", email, password: DEFAULT_PASSWORD, role: "staff" },
    });
    const chidi = (await added.json()).user as { id: string };
    const expected = `Chidi New (${email}) was added to the team as staff by Funke Owner.`;
    for (const to of [owner.email, other.email]) expect((await teamMails(to)).filter((m) => m.includes(expected))).toHaveLength(1);
    // staff are not told, and neither is she
    expect(await teamMails(staff.email)).toEqual([]);
    expect(await teamMails(email)).toEqual([]);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, other.email), eq(mailOutbox.kind, "team_change")));
    expect(mail!.subject).toBe("Alafia Self-Care team: Chidi New was added to the team as staff");
    expect(mail!.text).toContain("http://localhost:3000/teamtable");

    expect((await t.request(`/api/admins/${chidi.id}`, { method: "PUT", as: owner, json: { role: "admin" } })).status).toBe(200);
    expect((await teamMails(other.email)).some((m) => m.includes(`Chidi New (${email}) was made an owner by Funke Owner.`))).toBe(true);
    // an owner made staff, or taken off the team, hears of it herself
    expect((await t.request(`/api/admins/${other.id}`, { method: "DELETE", as: owner })).status).toBe(200);
    expect(
      (await teamMails(other.email)).some((m) => m.includes("Bisi Coowner") && m.includes("was removed from the team by Funke Owner.")),
    ).toBe(true);
    // a change refused sends nothing
    const before = (await teamMails(owner.email)).length;
    expect((await t.request(`/api/admins/${owner.id}`, { method: "PUT", as: owner, json: { role: "staff" } })).status).toBe(409);
    expect(await teamMails(owner.email)).toHaveLength(before);
  });

  it("a registration with a team role, by an owner, is told like the others", async () => {
    const email = `reg-${crypto.randomUUID().slice(0, 8)}@example.ng`;
    const res = await t.request("/api/auth/register", {
      method: "POST",
      as: owner,
      json: { firstName: "Reg", lastName: "Staff", email, password: DEFAULT_PASSWORD, role: "staff" },
    });
    expect(res.status).toBe(201);
    expect(
      (await teamMails(owner.email)).some((m) => m.includes(`Reg Staff (${email}) was added to the team as staff by Funke Owner.`)),
    ).toBe(true);
  });
});

describe("changing a member's role", () => {
  it("an owner makes staff an owner and back (PUT /api/admins/{id}, and the team table's buttons)", async () => {
    const tolu = await createStaffUser(t.db, { firstName: "Tolu", lastName: "Ade" });
    const up = await t.request(`/api/admins/${tolu.id}`, { method: "PUT", as: owner, json: { role: "admin" } });
    expect(up.status).toBe(200);
    expect((await up.json()).msg).toBe("Tolu Ade is now an owner.");
    expect(await roleOf(tolu.id)).toBe("admin");
    const down = await t.page("/teamtable", { ...form({ id: tolu.id, role: "staff" }), as: owner });
    expect(down.status).toBe(200);
    expect(await down.text()).toContain("Tolu Ade is now staff.");
    expect(await roleOf(tolu.id)).toBe("staff");
    // her session stays: what she may do is read at every request
    expect((await t.page("/settings", { as: tolu })).status).toBe(403);
    expect((await t.page("/purchasetable", { as: tolu })).status).toBe(200);

    const bad = await t.request(`/api/admins/${tolu.id}`, { method: "PUT", as: owner, json: { role: "customer" } });
    expect(bad.status).toBe(400);
    const self = await t.request(`/api/admins/${owner.id}`, { method: "PUT", as: owner, json: { role: "staff" } });
    expect(self.status).toBe(409);
    expect((await self.json()).msg).toBe("You cannot change your own role.");
    const customer = await createUser(t.db, { firstName: "Ada", lastName: "Obi" });
    const notTeam = await t.request(`/api/admins/${customer.id}`, { method: "PUT", as: owner, json: { role: "admin" } });
    expect(notTeam.status).toBe(409);
    expect((await notTeam.json()).msg).toBe("Ada Obi is not on the team.");
    expect(await roleOf(customer.id)).toBe("customer");
  });

  it("keeps an owner when two owners make each other staff at the same moment", async () => {
    for (let round = 0; round < 3; round++) {
      await t.db.update(users).set({ role: "customer" }).where(eq(users.role, "admin"));
      const [a, b] = [await createAdminUser(t.db), await createAdminUser(t.db)];
      const results = await Promise.allSettled([
        changeTeamRole(t.db, deps, a, b.id, "staff"),
        changeTeamRole(t.db, deps, b, a.id, "staff"),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      expect(await ownerCount()).toBe(1);
    }
    // the one owner left is the test's owner again
    await t.db.update(users).set({ role: "admin" }).where(eq(users.id, owner.id));
  });
});
