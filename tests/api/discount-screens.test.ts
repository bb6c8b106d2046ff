import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as createAction } from "../../app/routes/admin/creatediscount";
import { action as tableAction, loader as tableLoader } from "../../app/routes/admin/discounttable";
import { action as editAction, loader as editLoader } from "../../app/routes/admin/editdiscount";
import { discountCodes, discountRedemptions } from "../../db/schema";
import { createAdminUser, createDiscountCode, createProduct, createPurchase, createUser } from "../factories";
import { createTestContext, routerContext, type TestContext } from "../support/test-app";

// The back office's screens for docs/product.md "Discount codes": /discounttable, /creatediscount and
// /editdiscount/{id} write through their route actions, with the services of /api/discounts.
let t: TestContext;
let admin: { id: string; role: "admin" };
let customer: { id: string; role: "customer" };
beforeAll(async () => {
  t = await createTestContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
  customer = { id: (await createUser(t.db)).id, role: "customer" };
});

type Who = typeof admin | typeof customer;
type Handler = (args: never) => Promise<unknown>;

/** What a loader or action answered: status, body and, for a redirect, where to. */
async function call(handler: Handler, path: string, as: Who, form?: Record<string, string | string[]>, params = {}) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form ?? {})) for (const one of [v].flat()) body.append(k, one);
  const request = new Request(`http://localhost:3000${path}`, form ? { method: "POST", body } : {});
  const context = routerContext(t, { ...as, email: "ada@alafia.ng", firstName: "Ada", lastName: "Obi" } as never);
  try {
    const result = (await handler({ request, context, params } as never)) as Response | { data?: unknown; init?: ResponseInit } | undefined;
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), body: null };
    if (result && "init" in result && result.init !== undefined) return { status: result.init?.status ?? 200, body: result.data };
    return { status: 200, body: result };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, location: e.headers.get("location"), body: null };
    const thrown = e as { init?: { status?: number }; data?: unknown };
    if (thrown.init) return { status: thrown.init.status, body: thrown.data };
    throw e;
  }
}

const form = (overrides: Record<string, string | string[]> = {}) => ({
  code: `SCREEN${crypto.randomUUID().slice(0, 5).toUpperCase()}`,
  kind: "percent",
  amount: "",
  percent: "15",
  minOrder: "10000",
  maxUses: "",
  maxUsesPerCustomer: "1",
  startsAt: "2027-02-14T09:00",
  endsAt: "",
  ...overrides,
});

describe("/creatediscount", () => {
  it("creates the code from the form (naira, Lagos time, the scope's choices, Paused) and goes to the list", async () => {
    const product = await createProduct(t.db);
    const values = form({ productIds: [product.id], paused: "on" });
    expect(await call(createAction, "/creatediscount", admin, values)).toMatchObject({ status: 302, location: "/discounttable" });
    const [row] = await t.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.code, values.code as string));
    expect(row).toMatchObject({
      kind: "percent",
      percent: 15,
      minOrderKobo: 1_000_000,
      maxUses: null,
      maxUsesPerCustomer: 1,
      productIds: [product.id],
    });
    expect(row!.startsAt!.toISOString()).toBe("2027-02-14T08:00:00.000Z");
    expect(row!.pausedAt).not.toBeNull();
  });

  it("answers a bad form with a 400 and the fields' messages, as the API does", async () => {
    expect(await call(createAction, "/creatediscount", admin, form({ code: "x", percent: "101", endsAt: "2027-02-13T09:00" }))).toEqual({
      status: 400,
      // the forms' one error protocol: the API's body (docs/decisions/0011-one-way-to-write.md)
      body: {
        msg: "Please check the highlighted fields.",
        code: "invalid",
        fields: { code: "Code must have 3 to 30 characters", percent: "Percentage must be at most 100" },
        // and what the form sent, for the page drawn again when it was posted before the script ran
        sent: expect.arrayContaining([
          ["code", "x"],
          ["percent", "101"],
        ]),
      },
    });
    const taken = await createDiscountCode(t.db);
    expect(await call(createAction, "/creatediscount", admin, form({ code: taken.code.toLowerCase() }))).toMatchObject({
      status: 409,
      body: { fields: { code: "A discount code with this name already exists." } },
    });
    expect(
      await call(createAction, "/creatediscount", admin, form({ startsAt: "2027-02-14T09:00", endsAt: "2027-02-14T08:00" })),
    ).toMatchObject({
      status: 400,
      body: { fields: { endsAt: "Ends must be after Starts" } },
    });
  });

  it("is for admins only", async () => {
    expect((await call(createAction, "/creatediscount", customer, form())).status).toBe(403);
  });
});

describe("/editdiscount/{id}", () => {
  it("loads the code and saves the form's changes", async () => {
    const code = await createDiscountCode(t.db, { kind: "fixed", amountKobo: 100_000, maxUses: 10 });
    const loaded = (await call(editLoader, `/editdiscount/${code.id}`, admin, undefined, { id: code.id })).body as {
      code: { amount: number };
    };
    expect(loaded.code.amount).toBe(1000);
    const saved = await call(
      editAction,
      `/editdiscount/${code.id}`,
      admin,
      form({ code: code.code, kind: "fixed", amount: "2500", maxUses: "" }),
      {
        id: code.id,
      },
    );
    expect(saved).toMatchObject({ status: 302, location: "/discounttable" });
    const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row).toMatchObject({ amountKobo: 250_000, maxUses: null, pausedAt: null });
    expect((await call(editAction, "/editdiscount/x", admin, form(), { id: "x" })).status).toBe(404);
    expect((await call(editLoader, `/editdiscount/${crypto.randomUUID()}`, admin, undefined, { id: crypto.randomUUID() })).status).toBe(
      404,
    );
  });
});

describe("/discounttable", () => {
  it("lists the codes with their figures, paged; a bad filter is a 400", async () => {
    const code = await createDiscountCode(t.db, { code: `LISTED${crypto.randomUUID().slice(0, 4)}` });
    const listed = (await call(tableLoader, `/discounttable?q=${code.code}`, admin)).body as { items: { id: string }[]; total: number };
    expect(listed).toMatchObject({ total: 1, items: [{ id: code.id, uses: 0, held: 0 }] });
    expect((await call(tableLoader, "/discounttable?q=%25%00", admin)).status).toBe(400);
    expect((await call(tableLoader, "/discounttable", customer)).status).toBe(403);
  });

  it("pauses, resumes and deletes; a used code is kept with the reason", async () => {
    const code = await createDiscountCode(t.db);
    expect((await call(tableAction, "/discounttable", admin, { intent: "pause", id: code.id })).body).toEqual({
      ok: true,
      msg: `${code.code} paused`,
    });
    expect((await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id)))[0]!.pausedAt).not.toBeNull();
    expect((await call(tableAction, "/discounttable", admin, { intent: "resume", id: code.id })).body).toEqual({
      ok: true,
      msg: `${code.code} resumed`,
    });

    const user = await createUser(t.db);
    const order = await createPurchase(t.db, user, [{ product: await createProduct(t.db), quantity: 1 }], { discountCode: code.code });
    await t.db
      .insert(discountRedemptions)
      .values({ codeId: code.id, purchaseId: order.id, email: user.email, phone: "", status: "used", discountKobo: 1 });
    expect(await call(tableAction, "/discounttable", admin, { intent: "delete", id: code.id })).toMatchObject({
      status: 409,
      body: { msg: "This code has been used, so it stays for its figures. Pause it instead." },
    });
    const unused = await createDiscountCode(t.db);
    expect((await call(tableAction, "/discounttable", admin, { intent: "delete", id: unused.id })).body).toEqual({
      ok: true,
      msg: "Code deleted",
    });
    expect(await t.db.select().from(discountCodes).where(eq(discountCodes.id, unused.id))).toEqual([]);

    expect((await call(tableAction, "/discounttable", admin, { intent: "explode", id: code.id })).status).toBe(400);
    expect((await call(tableAction, "/discounttable", admin, { intent: "pause", id: "nope" })).status).toBe(404);
    expect((await call(tableAction, "/discounttable", customer, { intent: "pause", id: code.id })).status).toBe(403);
  });
});
