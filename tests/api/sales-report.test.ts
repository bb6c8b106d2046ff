// The owner's sales report (docs/product.md "Reports"): paid orders placed between two Lagos days,
// by product, category, delivery area and discount code, as JSON, CSV and the /reports screen;
// its totals are what the orders list adds up to for the same days.
import { beforeAll, describe, expect, it } from "vitest";
import { loader as reportsLoader } from "../../app/routes/admin/reports";
import { createAdminUser, createCategory, createProduct, createPurchase, createUser } from "../factories";
import { createTestContext, routerContext, type TestContext } from "../support/test-app";

let t: TestContext;
let admin: { id: string; role: "admin" };
let podOnItsWay: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
  const journals = await createCategory(t.db, { name: "Journals" });
  const cards = await createCategory(t.db, { name: "Cards" });
  const journal = await createProduct(t.db, { title: "Gratitude Journal", categoryId: journals.id, priceKobo: 1_000_000, discountKobo: 0 });
  const deck = await createProduct(t.db, { title: "Affirmation Deck", categoryId: cards.id, priceKobo: 500_000, discountKobo: 0 });
  const ada = await createUser(t.db, { lga: "Ikeja" });
  const bola = await createUser(t.db, { lga: "Surulere" });
  const day = (d: string, h = 12) => new Date(`2026-11-${d}T${String(h).padStart(2, "0")}:00:00+01:00`);
  // paid, inside 10–20 November (Lagos days)
  await createPurchase(t.db, ada, [{ product: journal, quantity: 2 }], { createdAt: day("10", 0), discountCode: "VAL25" });
  await createPurchase(
    t.db,
    bola,
    [
      { product: journal, quantity: 1 },
      { product: deck, quantity: 3 },
    ],
    { createdAt: day("15"), status: "delivered" },
  );
  await createPurchase(t.db, ada, [{ product: deck, quantity: 1 }], { createdAt: day("20", 23), status: "shipped" });
  // not sales: unpaid, cancelled, failed, and a pay-on-delivery order on its way without its money
  await createPurchase(t.db, ada, [{ product: journal, quantity: 5 }], { createdAt: day("12"), status: "pending" });
  await createPurchase(t.db, bola, [{ product: journal, quantity: 4 }], { createdAt: day("13"), status: "cancelled" });
  await createPurchase(t.db, bola, [{ product: deck, quantity: 4 }], { createdAt: day("14"), status: "failed" });
  podOnItsWay = (
    await createPurchase(t.db, bola, [{ product: deck, quantity: 6 }], {
      createdAt: day("16"),
      status: "shipped",
      paymentMethod: "pod",
      paidAt: null,
    })
  ).id;
  // paid, outside the days
  await createPurchase(t.db, ada, [{ product: journal, quantity: 7 }], { createdAt: day("09", 23) });
  await createPurchase(t.db, ada, [{ product: journal, quantity: 7 }], { createdAt: day("21", 0) });
});

const range = "from=2026-11-10&to=2026-11-20";
const report = async (query: string) => {
  const res = await t.request(`/api/reports/sales?${query}`, { as: admin });
  expect(res.status).toBe(200);
  return res.json();
};

describe("GET /api/reports/sales", () => {
  it("groups the paid orders of the days by product: orders, units and the lines' sales", async () => {
    const r = await report(`${range}&by=product`);
    expect(r.measures).toBe("goods");
    expect(
      r.rows.map((x: { label: string; orders: number; units: number; sales: number }) => [x.label, x.orders, x.units, x.sales]),
    ).toEqual([
      ["Gratitude Journal", 2, 3, 30_000],
      ["Affirmation Deck", 2, 4, 20_000],
    ]);
    expect(r.totals).toMatchObject({ orders: 3, units: 7 });
  });

  it("groups by category, delivery area and discount code", async () => {
    const byCategory = await report(`${range}&by=category`);
    expect(byCategory.rows.map((x: { label: string; units: number }) => [x.label, x.units])).toEqual([
      ["Journals", 3],
      ["Cards", 4],
    ]);
    const byArea = await report(`${range}&by=area`);
    expect(byArea.measures).toBe("order totals");
    expect(byArea.rows.map((x: { label: string; orders: number; units: number }) => [x.label, x.orders, x.units]).sort()).toEqual([
      ["Ikeja", 2, 3],
      ["Surulere", 1, 4],
    ]);
    const byCode = await report(`${range}&by=code`);
    expect(byCode.rows.map((x: { label: string; orders: number }) => [x.label, x.orders]).sort()).toEqual([
      ["No code", 2],
      ["VAL25", 1],
    ]);
    // each grouping of orders adds up to the totals
    for (const r of [byArea, byCode])
      expect(r.rows.reduce((s: number, x: { sales: number }) => s + x.sales, 0)).toBeCloseTo(r.totals.revenue, 2);
  });

  it("adds up to what the orders list shows for the same days, status by paid status", async () => {
    const { totals } = await report(range);
    let listed = 0;
    let count = 0;
    for (const status of ["completed", "processing", "delivered"]) {
      const res = await t.request(`/api/purchases?${range}&status=${status}&pageSize=100`, { as: admin });
      const rows: { totalAmount: number }[] = await res.json();
      listed += rows.reduce((s, x) => s + x.totalAmount, 0);
      count += rows.length;
    }
    // 'shipped' lists the paid order and the pay-on-delivery one still to be collected: the report counts the money that arrived
    const shipped: { id: string; totalAmount: number }[] = await (
      await t.request(`/api/purchases?${range}&status=shipped&pageSize=100`, { as: admin })
    ).json();
    expect(shipped).toHaveLength(2);
    const paidShipped = shipped.filter((x) => x.id !== podOnItsWay);
    listed += paidShipped.reduce((s, x) => s + x.totalAmount, 0);
    count += paidShipped.length;
    expect(totals).toMatchObject({ orders: count });
    expect(totals.revenue).toBeCloseTo(listed, 2);
  });

  it("answers a bad grouping or day with a 400 naming it, and refuses a customer", async () => {
    const bad = await t.request("/api/reports/sales?by=colour&from=2026-02-31", { as: admin });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).fields).sort()).toEqual(["by", "from"]);
    const customer = await createUser(t.db);
    expect((await t.request("/api/reports/sales", { as: { id: customer.id, role: "customer" } })).status).toBe(403);
  });
});

describe("the CSV and the /reports screen", () => {
  it("downloads the same figures as CSV, with the totals as its last row", async () => {
    const res = await t.request(`/api/reports/sales.csv?${range}&by=category`, { as: admin });
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe('"Category","Orders","Units","Sales of goods (NGN)"');
    expect(lines[1]).toBe('"Journals","2","3","30000.00"');
    expect(lines.at(-1)).toMatch(/^"All paid orders \(order totals\)","3","7","\d+\.\d\d"$/);
  });

  it("shows the report to an admin and sends a customer to the 403 page", async () => {
    const request = new Request(`http://localhost:3000/reports?${range}&by=area`);
    const data = await reportsLoader({
      request,
      params: {},
      context: routerContext(t, { ...admin, email: "o@x.ng", firstName: "O", lastName: "W" }),
    } as never);
    expect(data.report.totals.orders).toBe(3);
    const customer = await createUser(t.db);
    await expect(
      reportsLoader({
        request,
        params: {},
        context: routerContext(t, { id: customer.id, role: "customer", email: customer.email, firstName: "C", lastName: "U" }),
      } as never),
    ).rejects.toMatchObject({ init: { status: 403 } });
  });
});
