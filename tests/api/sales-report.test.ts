// The owner's sales report (docs/product.md "Reports"): paid orders placed between two Lagos days,
// by product, category, delivery area and discount code, as JSON, CSV and the /reports screen;
// its totals are what the orders list adds up to for the same days.
import { beforeAll, describe, expect, it } from "vitest";
import { loader as reportsLoader } from "../../app/routes/admin/reports";
import { createAdminUser, createCategory, createProduct, createPurchase, createUser } from "../factories";
import { refunds } from "../../db/schema";
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
  const adaFirst = await createPurchase(t.db, ada, [{ product: journal, quantity: 2 }], { createdAt: day("10", 0), discountCode: "VAL25" });
  const bolaDelivered = await createPurchase(
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
  // refunds: one processed and one on its way count against their orders; a failed one gave nothing back
  const refund = (purchaseId: string, naira: number, status: "pending" | "processed" | "failed", n: number) => ({
    purchaseId,
    amountKobo: naira * 100,
    status,
    provider: "manual",
    reference: `RFD-report-${n}`,
  });
  await t.db
    .insert(refunds)
    .values([
      refund(bolaDelivered.id, 5_000, "processed", 1),
      refund(bolaDelivered.id, 1_000, "failed", 2),
      refund(adaFirst.id, 2_000, "pending", 3),
    ]);
  // paid, outside the days
  const outside = await createPurchase(t.db, ada, [{ product: journal, quantity: 7 }], { createdAt: day("09", 23) });
  await t.db.insert(refunds).values(refund(outside.id, 3_000, "processed", 4));
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
    for (const r of [byArea, byCode]) {
      expect(r.rows.reduce((s: number, x: { sales: number }) => s + x.sales, 0)).toBeCloseTo(r.totals.revenue, 2);
      expect(r.rows.reduce((s: number, x: { refunded: number }) => s + x.refunded, 0)).toBe(r.totals.refunded);
    }
  });

  it("counts refunds against the orders they refunded: processed or on their way, never a failed one", async () => {
    const byArea = await report(`${range}&by=area`);
    const row = (label: string) => byArea.rows.find((x: { label: string }) => x.label === label);
    expect([row("Surulere").refunded, row("Surulere").net]).toEqual([5_000, row("Surulere").sales - 5_000]);
    expect([row("Ikeja").refunded, row("Ikeja").net]).toEqual([2_000, row("Ikeja").sales - 2_000]);
    // the refund of an order placed outside the days is not this range's
    expect(byArea.totals.refunded).toBe(7_000);
    expect(byArea.totals.net).toBeCloseTo(byArea.totals.revenue - 7_000, 2);
    // by product, a refund is not a line's: the rows say nothing of it, the totals do
    const byProduct = await report(`${range}&by=product`);
    expect(byProduct.rows.every((x: { refunded: unknown; net: unknown }) => x.refunded === null && x.net === null)).toBe(true);
    expect(byProduct.totals).toMatchObject({ refunded: 7_000, net: byArea.totals.net });
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

describe("an order paid more than its total, the extra refunded", () => {
  it("is kept whole: the extra that went back was never a sale, in the report, its CSV and the order's refund status", async () => {
    // ₦30,525 ordered, ₦35,525 arrived by transfer (the owner records what arrived), ₦5,000 sent back
    const user = await createUser(t.db, { lga: "Yaba" });
    const product = await createProduct(t.db, { priceKobo: 2_700_000, discountKobo: 0 });
    const order = await createPurchase(t.db, user, [{ product, quantity: 1 }], {
      createdAt: new Date("2026-10-05T12:00:00+01:00"),
      status: "pending",
      paidAt: null,
      paymentMethod: "transfer",
      deliveryKobo: 150_000,
      totalKobo: 3_052_500,
    });
    const recorded = await t.request(`/api/purchases/${order.id}/payment`, {
      method: "POST",
      as: admin,
      json: { method: "transfer", amount: 35_525, reference: "GTB 7788" },
    });
    expect(recorded.status).toBe(200);
    const refunded = await t.request(`/api/purchases/${order.id}/refunds`, { method: "POST", as: admin, json: { amount: 5_000 } });
    expect(refunded.status).toBe(201);
    expect(await refunded.json()).toMatchObject({ paid: 35_525, refunded: 5_000, refundable: 30_525, due: 0, state: "overpayment" });

    const day = "from=2026-10-05&to=2026-10-05";
    const byArea = await report(`${day}&by=area`);
    expect(byArea.totals).toMatchObject({ orders: 1, revenue: 30_525, refunded: 0, net: 30_525 });
    expect(byArea.rows).toMatchObject([{ label: "Yaba", sales: 30_525, refunded: 0, net: 30_525 }]);
    const csv = (await (await t.request(`/api/reports/sales.csv?${day}&by=area`, { as: admin })).text()).trim().split("\r\n");
    expect(csv.slice(1)).toEqual([
      '"Yaba","1","1","30525.00","0.00","30525.00"',
      '"All paid orders (order totals)","1","1","30525.00","0.00","30525.00"',
    ]);

    // a refund beyond the extra takes back part of the sale
    expect((await t.request(`/api/purchases/${order.id}/refunds`, { method: "POST", as: admin, json: { amount: 525 } })).status).toBe(201);
    expect((await report(`${day}&by=area`)).totals).toMatchObject({ revenue: 30_525, refunded: 525, net: 30_000 });
    const summary = await (await t.request(`/api/purchases/${order.id}/refunds`, { as: admin })).json();
    expect(summary).toMatchObject({ refunded: 5_525, refundable: 30_000, state: "partial" });
  });
});

describe("the CSV and the /reports screen", () => {
  it("downloads the same figures as CSV, with the totals as its last row", async () => {
    const res = await t.request(`/api/reports/sales.csv?${range}&by=category`, { as: admin });
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      '"Category","Orders","Units","Sales of goods (NGN)","Refunded (NGN)","Kept (NGN)","Cost (NGN)","Profit (NGN)","Units without a cost"',
    );
    // no product here has a cost price (tests/api/product-costs.test.ts has them)
    expect(lines[1]).toBe('"Journals","2","3","30000.00","","","","","3"');
    expect(lines.at(-1)).toMatch(/^"All paid orders \(order totals\)","3","7","\d+\.\d\d","7000.00","\d+\.\d\d","0.00","0.00","7"$/);
    const byArea = (await (await t.request(`/api/reports/sales.csv?${range}&by=area`, { as: admin })).text()).trim().split("\r\n");
    expect(byArea.find((l) => l.startsWith('"Surulere"'))).toMatch(/^"Surulere","1","4","(\d+)\.00","5000\.00","\d+\.00"$/);
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

describe("by customer", () => {
  const days = "from=2026-09-01&to=2026-09-30";
  const on = (d: number) => new Date(`2026-09-${String(d).padStart(2, "0")}T12:00:00+01:00`);

  it("is one woman per phone number however it was typed, named by her latest order, with what she spent and got back", async () => {
    const product = await createProduct(t.db, { title: "Calm Cards", priceKobo: 1_000_000, discountKobo: 0 });
    const account = await createUser(t.db);
    // an account order in +234 form, an older guest order as the number was once typed
    const older = await createPurchase(t.db, account, [{ product, quantity: 1 }], {
      createdAt: on(3),
      userId: null,
      firstName: "Ngozi",
      lastName: "O.",
      email: "",
      phone: "0803-555-0142",
    });
    const latest = await createPurchase(t.db, account, [{ product, quantity: 2 }], {
      createdAt: on(10),
      firstName: "Ngozi",
      lastName: "Okafor",
      email: "ngozi@example.ng",
      phone: "+2348035550142",
    });
    const tolu = await createPurchase(t.db, account, [{ product, quantity: 1 }], {
      createdAt: on(12),
      userId: null,
      firstName: "Tolu",
      lastName: "Bakare",
      email: "tolu@example.ng",
      phone: "+2348091112233",
      status: "delivered",
    });
    await t.db
      .insert(refunds)
      .values({ purchaseId: tolu.id, amountKobo: 100_000, status: "processed", provider: "manual", reference: "RFD-customer-1" });
    // not a sale: a checkout she left unpaid
    const unpaid = await createPurchase(t.db, account, [{ product, quantity: 9 }], {
      createdAt: on(14),
      phone: "+2348091112233",
      status: "pending",
      paidAt: null,
    });

    const r = await report(`${days}&by=customer`);
    expect(r.measures).toBe("order totals");
    expect(
      r.rows.map((x: { key: string; label: string; phone: string; email: string; orders: number; units: number }) => [
        x.key,
        x.label,
        x.phone,
        x.email,
        x.orders,
        x.units,
      ]),
    ).toEqual([
      ["8035550142", "Ngozi Okafor", "+234 803 555 0142", "ngozi@example.ng", 2, 3],
      ["8091112233", "Tolu Bakare", "+234 809 111 2233", "tolu@example.ng", 1, 1],
    ]);
    const [ngozi, toluRow] = r.rows;
    expect(ngozi.sales).toBeGreaterThan(toluRow.sales);
    expect([toluRow.refunded, toluRow.net]).toEqual([1_000, toluRow.sales - 1_000]);
    // every paid order of the days once: the rows add up to the totals
    expect(r.rows.reduce((s: number, x: { sales: number }) => s + x.sales, 0)).toBeCloseTo(r.totals.revenue, 2);

    // the CSV: her number and email beside her name, to take to a phone's contacts
    const csv = (await (await t.request(`/api/reports/sales.csv?${days}&by=customer`, { as: admin })).text()).trim().split("\r\n");
    expect(csv[0]).toBe('"Customer","Phone","Email","Orders","Units","Order totals (NGN)","Refunded (NGN)","Kept (NGN)"');
    expect(csv[1]).toMatch(/^"Ngozi Okafor","\+234 803 555 0142","ngozi@example\.ng","2","3","\d+\.\d\d","0\.00","\d+\.\d\d"$/);
    expect(csv.at(-1)).toMatch(/^"All paid orders \(order totals\)","","","3","4",/);

    // the order's page in the back office says the same of her: her other paid orders, by the number however typed
    const detail = async (id: string) => (await (await t.request(`/api/purchases/${id}`, { as: admin })).json()).otherPaidOrders;
    expect(await detail(latest.id)).toEqual({ count: 1, total: older.totalKobo / 100, refunded: 0 });
    expect(await detail(older.id)).toEqual({ count: 1, total: latest.totalKobo / 100, refunded: 0 });
    // her checkout left unpaid is not one
    expect(await detail(tolu.id)).toEqual({ count: 0, total: 0, refunded: 0 });
    // and from that checkout, Tolu's paid order counts what she kept, after its refund, as the report's row does
    expect(await detail(unpaid.id)).toEqual({ count: 1, total: toluRow.net, refunded: 1_000 });
  });

  it("shows the 100 who spent most on the screen, each with a WhatsApp chat, and the CSV has them all", async () => {
    const product = await createProduct(t.db, { priceKobo: 100_000, discountKobo: 0 });
    const account = await createUser(t.db);
    const day = "from=2026-08-15&to=2026-08-15";
    for (let i = 0; i < 101; i++)
      await createPurchase(t.db, account, [{ product, quantity: 1 + (i % 3) }], {
        createdAt: new Date("2026-08-15T10:00:00+01:00"),
        phone: `+234802${String(i).padStart(7, "0")}`,
      });
    const data = await reportsLoader({
      request: new Request(`http://localhost:3000/reports?${day}&by=customer`),
      params: {},
      context: routerContext(t, { ...admin, email: "o@x.ng", firstName: "O", lastName: "W" }),
    } as never);
    expect(data.rowCount).toBe(101);
    expect(data.report.rows).toHaveLength(100);
    // each a chat with her on WhatsApp, a greeting typed in
    const first = data.report.rows[0]!;
    expect(first.chatUrl).toBe(
      `https://wa.me/${first.phone!.replace(/\D/g, "")}?text=${encodeURIComponent(`Hello ${first.label.split(" ")[0]}, this is Alafia Self-Care. `)}`,
    );
    expect(data.report.rows[0]!.units).toBe(3);
    expect((await report(`${day}&by=customer`)).rows).toHaveLength(101);

    // the screen's next page, and the API's pages (X-Total-Count), each group once, in the same order
    const second = await reportsLoader({
      request: new Request(`http://localhost:3000/reports?${day}&by=customer&page=2`),
      params: {},
      context: routerContext(t, { ...admin, email: "o@x.ng", firstName: "O", lastName: "W" }),
    } as never);
    expect(second.rowCount).toBe(101);
    expect(second.report.rows).toHaveLength(1);
    const all = (await report(`${day}&by=customer`)).rows.map((r: { key: string }) => r.key);
    const keys: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await t.request(`/api/reports/sales?${day}&by=customer&pageSize=40&page=${page}`, { as: admin });
      expect(res.headers.get("X-Total-Count")).toBe("101");
      const body = await res.json();
      expect(body.rowCount).toBe(101);
      expect(body.rows).toHaveLength(page === 3 ? 21 : 40);
      keys.push(...body.rows.map((r: { key: string }) => r.key));
    }
    expect(keys).toEqual(all);
    // the totals are the whole days' on every page
    const whole = await report(`${day}&by=customer`);
    expect((await report(`${day}&by=customer&pageSize=40&page=2`)).totals).toEqual(whole.totals);
    // by product, a page too, its profit still the whole days'
    const products = await report(`${day}&by=product`);
    const one = await t.request(`/api/reports/sales?${day}&by=product&pageSize=1`, { as: admin });
    expect(one.headers.get("X-Total-Count")).toBe(String(products.rows.length));
    const onePage = await one.json();
    expect(onePage.rows).toEqual(products.rows.slice(0, 1));
    expect(onePage.totals).toEqual(products.totals);
    // the CSV has every group, whatever page is asked; a page size out of range is refused
    const csv = (await (await t.request(`/api/reports/sales.csv?${day}&by=customer&pageSize=1`, { as: admin })).text())
      .trim()
      .split("\r\n");
    expect(csv).toHaveLength(1 + 101 + 1);
    for (const bad of ["pageSize=0", "pageSize=101", "page=0&pageSize=10"]) {
      const res = await t.request(`/api/reports/sales?${day}&by=customer&${bad}`, { as: admin });
      expect(res.status).toBe(400);
    }
  });
});
