import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createAdminUser, createDeliveryRate, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
let admin: Awaited<ReturnType<typeof createAdminUser>>;
let ada: Awaited<ReturnType<typeof createUser>>;
let bola: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestContext();
  admin = await createAdminUser(t.db, { firstName: "Owner" });
  ada = await createUser(t.db, { firstName: "Ada", lastName: "Nwosu", email: "ada.nwosu@example.ng" });
  bola = await createUser(t.db, { firstName: "Bola", lastName: "Tinubu", email: "bola@example.ng" });
  await createDeliveryRate(t.db, { lga: "Surulere" });
});

describe("GET /api/users (admin)", () => {
  it("lists users with X-Total-Count, searched and paged, never with a hash", async () => {
    const res = await t.request("/api/users?pageSize=2", { as: admin });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("x-total-count"))).toBeGreaterThanOrEqual(3);
    const page = await res.json();
    expect(page).toHaveLength(2);
    expect(JSON.stringify(page)).not.toMatch(/passwordHash|argon2/);

    const found = await (await t.request("/api/users?q=nwosu", { as: admin })).json();
    expect(found.map((u: { email: string }) => u.email)).toEqual(["ada.nwosu@example.ng"]);
    const full = await t.request("/api/users?q=Ada%20Nwosu", { as: admin });
    expect(full.headers.get("x-total-count")).toBe("1");
  });

  it("finds a customer by her number, whichever way she typed it and whichever way it is searched", async () => {
    const chioma = await createUser(t.db, { firstName: "Chioma", email: "chioma@phone.ng", phone: "0803 555 0142" });
    const kemi = await createUser(t.db, { firstName: "Kemi", email: "kemi@phone.ng", phone: "+2348097771234" });
    const found = async (q: string) =>
      ((await (await t.request(`/api/users?q=${encodeURIComponent(q)}`, { as: admin })).json()) as { id: string }[]).map((u) => u.id);
    for (const q of ["08035550142", "+234 803 555 0142", "0803 555 0142", "555-0142"]) expect(await found(q), q).toEqual([chioma.id]);
    for (const q of ["0809 777 1234", "+2348097771234"]) expect(await found(q), q).toEqual([kemi.id]);
  });

  it("refuses anonymous (401) and customers (403), and bad paging (400)", async () => {
    expect((await t.request("/api/users")).status).toBe(401);
    expect((await t.request("/api/users", { as: ada })).status).toBe(403);
    expect((await t.request("/api/users?page=0", { as: admin })).status).toBe(400);
    expect((await t.request("/api/users?pageSize=1000", { as: admin })).status).toBe(400);
  });
});

describe("GET and PUT /api/users/{id}", () => {
  it("shows a customer their own profile and an admin anyone's", async () => {
    const own = await t.request(`/api/users/${ada.id}`, { as: ada });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ id: ada.id, email: "ada.nwosu@example.ng", lga: "Ikeja" });
    expect((await t.request(`/api/users/${ada.id}`, { as: admin })).status).toBe(200);
  });

  it("never shows or changes another customer's profile", async () => {
    expect((await t.request(`/api/users/${bola.id}`, { as: ada })).status).toBe(403);
    const res = await t.request(`/api/users/${bola.id}`, { method: "PUT", as: ada, json: { firstName: "Hacked", lastName: "X" } });
    expect(res.status).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, bola.id));
    expect(row!.firstName).toBe("Bola");
  });

  it("updates names, phone, LGA and address; email and role never change through it", async () => {
    const res = await t.request(`/api/users/${ada.id}`, {
      method: "PUT",
      as: ada,
      json: { firstName: "Adanna", lastName: "Nwosu", phone: "08099990000", lga: "surulere", address: "12 Bode Thomas Street" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      firstName: "Adanna",
      phone: "08099990000",
      lga: "Surulere",
      address: "12 Bode Thomas Street",
    });
    for (const extra of [{ email: "new@example.ng" }, { role: "admin" }]) {
      const bad = await t.request(`/api/users/${ada.id}`, { method: "PUT", as: ada, json: { firstName: "A", lastName: "B", ...extra } });
      expect(bad.status).toBe(400);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, ada.id));
    expect(row).toMatchObject({ email: "ada.nwosu@example.ng", role: "customer" });
  });

  it("changes only the fields sent: omitted ones keep their stored values, an empty one is cleared", async () => {
    const chidi = await createUser(t.db, { firstName: "Chidi", phone: "08011112222", address: "4 Awolowo Road", lga: "Ikeja" });
    const put = (json: unknown) => t.request(`/api/users/${chidi.id}`, { method: "PUT", as: chidi, json });

    const renamed = await put({ firstName: "Chidiebere" });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({
      firstName: "Chidiebere",
      lastName: chidi.lastName,
      phone: "08011112222",
      address: "4 Awolowo Road",
      lga: "Ikeja",
    });

    const cleared = await put({ phone: "", address: "  " });
    expect(await cleared.json()).toMatchObject({ firstName: "Chidiebere", phone: null, address: null, lga: "Ikeja" });
    const [row] = await t.db.select().from(users).where(eq(users.id, chidi.id));
    expect(row).toMatchObject({ firstName: "Chidiebere", phone: null, address: null, lga: "Ikeja" });

    // an empty body changes nothing; a required name cannot be emptied
    expect(await (await put({})).json()).toMatchObject({ firstName: "Chidiebere", lga: "Ikeja" });
    const noName = await put({ firstName: " " });
    expect(noName.status).toBe(400);
    expect((await noName.json()).fields.firstName).toBe("First name is required");
  });

  it("saves a profile that keeps an LGA no longer delivered to; a newly chosen LGA must still be a delivery area", async () => {
    // Ikeja is not among this shop's delivery rates (only Surulere is); the profile form still offers a saved one
    const dupe = await createUser(t.db, { firstName: "Dupe", lga: "Ikeja" });
    const put = (json: unknown) => t.request(`/api/users/${dupe.id}`, { method: "PUT", as: dupe, json });

    const kept = await put({ firstName: "Dupsy", lga: "ikeja" });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({ firstName: "Dupsy", lga: "Ikeja" });

    const moved = await put({ lga: "Yaba" });
    expect(moved.status).toBe(400);
    expect((await moved.json()).fields.lga).toBe("Choose a town from the list");
    expect((await (await put({ lga: "Surulere" })).json()).lga).toBe("Surulere");
    // once left, the old LGA cannot be chosen again
    expect((await put({ lga: "Ikeja" })).status).toBe(400);
  });

  it("answers 404 for an unknown or malformed id (admin), never 500", async () => {
    expect((await t.request("/api/users/00000000-0000-4000-8000-000000000000", { as: admin })).status).toBe(404);
    expect((await t.request("/api/users/not-a-uuid", { as: admin })).status).toBe(404);
    expect((await t.request("/api/users/not-a-uuid", { method: "PUT", as: admin, json: { firstName: "A", lastName: "B" } })).status).toBe(
      404,
    );
  });
});

describe("POST /api/admins", () => {
  it("lets an admin create an admin; refuses customers and anonymous", async () => {
    const body = { firstName: "Kemi", lastName: "Admin", email: "kemi.admin@example.ng", phone: "0801", password: "Strong-pass-2026" };
    expect((await t.request("/api/admins", { method: "POST", json: body })).status).toBe(401);
    expect((await t.request("/api/admins", { method: "POST", as: ada, json: body })).status).toBe(403);
    const res = await t.request("/api/admins", { method: "POST", as: admin, json: body });
    expect(res.status).toBe(201);
    expect((await res.json()).user).toMatchObject({ role: "admin", email: "kemi.admin@example.ng" });
    expect((await t.request("/api/admins", { method: "POST", as: admin, json: body })).status).toBe(409);
  });
});
