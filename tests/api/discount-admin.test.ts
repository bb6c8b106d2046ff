import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { discountCodes, purchases } from "../../db/schema";
import { completePurchase } from "../../modules/orders/completion.server";
import { createAdminUser, createCartItem, createCategory, createDeliveryRate, createProduct, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

// docs/product.md "Discount codes", the back office: REST /api/discounts, naira and Lagos times at the edge.
let t: TestContext;
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createTestContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
});

const create = async (json: Record<string, unknown>) => {
  const res = await t.request("/api/discounts/create", { method: "POST", as: admin, json });
  return { status: res.status, body: await res.json() };
};
const put = async (id: string, json: unknown) => {
  const res = await t.request(`/api/discounts/${id}`, { method: "PUT", as: admin, json });
  return { status: res.status, body: await res.json() };
};
const unique = (prefix: string) => `${prefix}${crypto.randomUUID().slice(0, 6).toUpperCase()}`;

describe("POST /api/discounts/create", () => {
  it("takes naira and Lagos times, keeps kobo and UTC instants, and answers in naira with Lagos's offset", async () => {
    const category = await createCategory(t.db);
    const { status, body } = await create({
      code: "Val25",
      kind: "fixed",
      amount: 2500.5,
      minOrder: 20000,
      maxUses: 100,
      maxUsesPerCustomer: 1,
      startsAt: "2027-02-14T09:00",
      endsAt: "2027-02-15T23:59",
      categoryIds: [category.id],
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      code: "Val25",
      kind: "fixed",
      amount: 2500.5,
      percent: null,
      minOrder: 20000,
      maxUses: 100,
      maxUsesPerCustomer: 1,
      startsAt: "2027-02-14T09:00:00+01:00",
      endsAt: "2027-02-15T23:59:00+01:00",
      productIds: [],
      categoryIds: [category.id],
      paused: false,
      state: "scheduled",
      uses: 0,
      held: 0,
      revenue: 0,
      discountGiven: 0,
    });
    const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, body.id));
    expect(row).toMatchObject({ amountKobo: 250_050, minOrderKobo: 2_000_000 });
    expect(row!.startsAt!.toISOString()).toBe("2027-02-14T08:00:00.000Z");
    expect(row!.endsAt!.toISOString()).toBe("2027-02-15T22:59:00.000Z");
    // what GET answers can be sent back as it is
    expect((await put(body.id, { startsAt: body.startsAt })).body.startsAt).toBe("2027-02-14T09:00:00+01:00");
  });

  it("keeps only what the kind uses", async () => {
    const { body } = await create({ code: unique("SHIP"), kind: "free_delivery", amount: 500, percent: 10 });
    expect(body).toMatchObject({ kind: "free_delivery", amount: null, percent: null, state: "active" });
  });

  it.each([
    [{ kind: "fixed" }, { code: "Code is required" }],
    [{ code: "A B", kind: "fixed", amount: 1 }, { code: "Code can hold only letters, digits, - and _" }],
    [{ code: "OK123", kind: "bogus" }, { kind: "Choose fixed amount, percentage or free delivery" }],
    [{ code: "OK123", kind: "fixed" }, { amount: "Enter the amount off in naira" }],
    [{ code: "OK123", kind: "fixed", amount: 10.001 }, { amount: "Amount can have at most 2 decimals" }],
    [{ code: "OK123", kind: "fixed", amount: -5 }, { amount: "Amount cannot be negative" }],
    [{ code: "OK123", kind: "percent" }, { percent: "Enter the percentage off, from 1 to 100" }],
    [{ code: "OK123", kind: "percent", percent: 150 }, { percent: "Percentage must be at most 100" }],
    [{ code: "OK123", kind: "percent", percent: 12.5 }, { percent: "Percentage must be a whole number" }],
    [{ code: "OK123", kind: "fixed", amount: 5, maxUses: 0 }, { maxUses: "Total uses must be at least 1" }],
    [
      { code: "OK123", kind: "fixed", amount: 5, startsAt: "2027-02-30T10:00" },
      { startsAt: "Starts must be a Lagos date and time like 2027-02-14T09:00" },
    ],
    [
      { code: "OK123", kind: "fixed", amount: 5, endsAt: "tomorrow" },
      { endsAt: "Ends must be a Lagos date and time like 2027-02-14T09:00" },
    ],
    [
      { code: "OK123", kind: "fixed", amount: 5, startsAt: "2027-02-14T09:00", endsAt: "2027-02-14T09:00" },
      { endsAt: "Ends must be after Starts" },
    ],
    [{ code: "OK123", kind: "fixed", amount: 5, productIds: ["x"] }, { "productIds.0": "Choose products from the list" }],
    [{ code: "OK123", kind: "fixed", amount: 5, productIds: [crypto.randomUUID()] }, { productIds: "Choose products from the list" }],
  ])("refuses %j with a 400 naming the field", async (json, fields) => {
    const { status, body } = await create(json);
    expect(status).toBe(400);
    expect(body.fields).toEqual(fields);
  });

  it("refuses unknown fields, and a name already taken whatever its case", async () => {
    expect((await create({ code: unique("X"), kind: "fixed", amount: 5, discount: 9 })).status).toBe(400);
    const code = unique("TAKEN");
    expect((await create({ code, kind: "fixed", amount: 5 })).status).toBe(201);
    expect(await create({ code: code.toLowerCase(), kind: "percent", percent: 5 })).toMatchObject({
      status: 409,
      body: { fields: { code: "A discount code with this name already exists." } },
    });
  });
});

describe("GET, PUT and DELETE /api/discounts/{id}", () => {
  it("an update changes only the fields it names; pause and resume", async () => {
    const { body: made } = await create({ code: unique("EDIT"), kind: "percent", percent: 10, minOrder: 5000, maxUses: 3 });
    const changed = await put(made.id, { percent: 15 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ code: made.code, percent: 15, minOrder: 5000, maxUses: 3, paused: false, state: "active" });
    expect((await put(made.id, { paused: true })).body).toMatchObject({ paused: true, state: "paused", percent: 15 });
    expect((await put(made.id, { paused: false })).body).toMatchObject({ paused: false, state: "active" });
    // clearing a limit, and a kind that then lacks its amount
    expect((await put(made.id, { maxUses: null })).body.maxUses).toBeNull();
    expect(await put(made.id, { kind: "fixed" })).toMatchObject({
      status: 400,
      body: { fields: { amount: "Enter the amount off in naira" } },
    });
    expect(await put(made.id, { bogus: 1 })).toMatchObject({ status: 400 });
    expect((await t.request(`/api/discounts/${made.id}`, { as: admin })).status).toBe(200);
    expect((await t.request(`/api/discounts/${crypto.randomUUID()}`, { as: admin })).status).toBe(404);
    expect((await put(crypto.randomUUID(), { percent: 5 })).status).toBe(404);
  });

  it("deletes a code no order has used; refuses one that was used", async () => {
    const { body: unused } = await create({ code: unique("GONE"), kind: "fixed", amount: 100 });
    expect((await t.request(`/api/discounts/${unused.id}`, { method: "DELETE", as: admin })).status).toBe(200);
    expect((await t.request(`/api/discounts/${unused.id}`, { as: admin })).status).toBe(404);

    const { body: used } = await create({ code: unique("KEPT"), kind: "fixed", amount: 100 });
    const { reference } = await placeOrder(used.code);
    await pay(reference);
    const res = await t.request(`/api/discounts/${used.id}`, { method: "DELETE", as: admin });
    expect(res.status).toBe(409);
    expect((await res.json()).msg).toBe("This code has been used, so it stays for its figures. Pause it instead.");
  });

  it("anonymous visitors get 401 and customers 403", async () => {
    const customer = await createUser(t.db);
    expect((await t.request("/api/discounts")).status).toBe(401);
    expect((await t.request("/api/discounts", { as: customer })).status).toBe(403);
    const res = await t.request("/api/discounts/create", {
      method: "POST",
      as: customer,
      json: { code: "HACK1", kind: "percent", percent: 100 },
    });
    expect(res.status).toBe(403);
  });
});

async function placeOrder(code: string, quantity = 1) {
  const user = await createUser(t.db, { lga: "Ikeja" });
  const product = await createProduct(t.db, { priceKobo: 1_000_000, stock: null });
  await createCartItem(t.db, user.id, product.id, quantity);
  const res = await t.request("/api/purchases/create", {
    method: "POST",
    as: user,
    ip: `10.30.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 254)}`,
    json: { street: "1 Allen Avenue", city: "Ikeja", state: "Lagos", phone: "0803 555 0142", lga: "Ikeja", code },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { reference: string; purchase: { id: string; totalAmount: number } };
}

async function pay(reference: string) {
  const [row] = await t.db.select().from(purchases).where(eq(purchases.reference, reference));
  await completePurchase(
    t.db,
    reference,
    { status: "success", amountKobo: row!.totalKobo, currency: "NGN", transactionId: "tx" },
    "webhook",
  );
}

describe("GET /api/discounts: the list with each code's figures", () => {
  it("counts paid orders as uses, unpaid ones as held, and sums the paid orders' totals and discounts", async () => {
    const { body: code } = await create({ code: unique("STATS"), kind: "fixed", amount: 1000, maxUses: 3 });
    const paidOne = await placeOrder(code.code, 1);
    const paidTwo = await placeOrder(code.code, 2);
    await placeOrder(code.code, 1);
    await pay(paidOne.reference);
    await pay(paidTwo.reference);
    const res = await t.request(`/api/discounts?q=${code.code.toLowerCase()}`, { as: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("1");
    const [row] = await res.json();
    // ₦10,000 − ₦1,000 + 7.5% VAT + ₦1,500 = ₦11,175; ₦20,000 − ₦1,000 + ₦1,425 + ₦1,500 = ₦21,925
    expect(row).toMatchObject({ code: code.code, uses: 2, held: 1, revenue: 11_175 + 21_925, discountGiven: 2_000, state: "used_up" });
    expect((await (await t.request(`/api/discounts/${code.id}`, { as: admin })).json()).uses).toBe(2);
  });

  it("pages with X-Total-Count, newest first, and refuses a bad query with a 400", async () => {
    const tag = unique("PAGE");
    for (const i of [1, 2, 3]) expect((await create({ code: `${tag}${i}`, kind: "percent", percent: i })).status).toBe(201);
    const res = await t.request(`/api/discounts?q=${tag}&pageSize=2&page=1`, { as: admin });
    expect(res.headers.get("x-total-count")).toBe("3");
    expect((await res.json()).map((c: { code: string }) => c.code)).toEqual([`${tag}3`, `${tag}2`]);
    const second = await (await t.request(`/api/discounts?q=${tag}&pageSize=2&page=2`, { as: admin })).json();
    expect(second.map((c: { code: string }) => c.code)).toEqual([`${tag}1`]);
    expect((await t.request("/api/discounts?page=-1", { as: admin })).status).toBe(400);
    expect((await t.request("/api/discounts?sort=bogus", { as: admin })).status).toBe(400);
  });
});

describe("admin writes and the public cache", () => {
  it("a code's create, change and delete empty the public caches like other admin writes", async () => {
    const product = await createProduct(t.db);
    const path = `/api/products/${product.id}`;
    await t.request(path);
    expect((await t.request(path)).headers.get("x-cache")).toBe("hit");
    const { body } = await create({ code: unique("CACHE"), kind: "percent", percent: 5 });
    expect((await t.request(path)).headers.get("x-cache")).toBe("miss");
    expect((await t.request(path)).headers.get("x-cache")).toBe("hit");
    await put(body.id, { paused: true });
    expect((await t.request(path)).headers.get("x-cache")).toBe("miss");
  });
});
