// docs/product.md "Expenses": what the shop spends to run, written down by the owner by its Lagos
// day; read by the days with each kind's total; taken off the month's profit on the dashboard. The
// owner's alone, through the API and /expenses, its form working before its script runs.
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, lagosNow } from "../../lib/lagos-calendar";
import { dashboardStats } from "../../modules/reports/dashboard.server";
import { thisMonth } from "../../modules/reports/expenses.server";
import { expenseKinds } from "../../modules/reports/expense-schemas";
import { expenseKindEnum, productCosts } from "../../db/schema";
import { createAdminUser, createProduct, createPurchase, createStaffUser, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
let owner: { id: string; role: "admin" };
let staff: { id: string; role: "staff" };
let shopper: { id: string; role: "customer" };

beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  owner = { id: (await createAdminUser(t.db, { firstName: "Kemi", lastName: "Adeyemi" })).id, role: "admin" };
  staff = { id: (await createStaffUser(t.db)).id, role: "staff" };
  shopper = { id: (await createUser(t.db)).id, role: "customer" };
});

type Who = { id: string; role: "admin" | "staff" | "customer" };
const today = () => lagosNow(new Date()).date;
const post = (body: unknown, as: Who = owner) =>
  t.page("/api/expenses", { method: "POST", as, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const list = async (query = "", as: Who = owner) => {
  const res = await t.page(`/api/expenses${query}`, { as });
  return { status: res.status, body: await res.json() };
};
const drawn = async (path: string, as: Who = owner) => (await (await t.page(path, { as })).text()).replace(/<!-- -->/g, "");
const form = (fields: Record<string, string>, as: Who = owner) =>
  t.page("/expenses", {
    method: "POST",
    as: as as { id: string; role: "admin" },
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

describe("expenses", () => {
  it("has one list of kinds: the screen's and the database's are the same", () => {
    expect(expenseKindEnum.enumValues).toEqual([...expenseKinds]);
  });

  it("written down and read by the days: newest first, their total and each kind's, a note searched; one taken away", async () => {
    // days of their own, long ago, so other tests' expenses of this month do not count here
    const day = "2026-03-10";
    const rider = await post({ spentOn: day, amount: 3500, kind: "delivery", note: " Rider to Lekki, 3 parcels " });
    expect(rider.status).toBe(201);
    const { expense } = await rider.json();
    expect(expense).toMatchObject({
      spentOn: day,
      amount: 3500,
      kind: "delivery",
      note: "Rider to Lekki, 3 parcels",
      by: "Kemi Adeyemi",
    });
    await post({ spentOn: "2026-03-12", amount: 1200.5, kind: "packaging" });
    await post({ spentOn: "2026-03-12", amount: 2000, kind: "delivery", note: "Rider to Ikeja" });
    await post({ spentOn: "2026-04-01", amount: 99_000, kind: "rent" });

    const march = await list("?from=2026-03-01&to=2026-03-31");
    expect(march.status).toBe(200);
    expect(march.body).toMatchObject({ from: "2026-03-01", to: "2026-03-31", count: 3, total: 6700.5 });
    expect(march.body.items.map((e: { spentOn: string; amount: number }) => [e.spentOn, e.amount])).toEqual([
      ["2026-03-12", 2000],
      ["2026-03-12", 1200.5],
      ["2026-03-10", 3500],
    ]);
    expect(march.body.byKind).toEqual([
      { kind: "delivery", total: 5500 },
      { kind: "packaging", total: 1200.5 },
    ]);
    expect((await list("?from=2026-03-01&to=2026-03-31&q=lekki")).body).toMatchObject({ count: 1, total: 3500 });
    // a page at a time
    const paged = await list("?from=2026-03-01&to=2026-03-31&pageSize=2&page=2");
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.count).toBe(3);

    const gone = await t.page(`/api/expenses/${expense.id}`, { method: "DELETE", as: owner });
    expect(gone.status).toBe(200);
    expect((await list("?from=2026-03-01&to=2026-03-31")).body).toMatchObject({ count: 2, total: 3200.5 });
    expect((await t.page(`/api/expenses/${expense.id}`, { method: "DELETE", as: owner })).status).toBe(404);
  });

  it("refuses what is not an expense, naming the field, and writes nothing", async () => {
    const before = (await list("?from=2000-01-01&to=2999-12-31")).body.count;
    for (const [body, field, msg] of [
      [{ spentOn: today(), amount: 0, kind: "ads" }, "amount", "Amount must be more than 0"],
      [{ spentOn: today(), amount: -5, kind: "ads" }, "amount", "Amount must be more than 0"],
      [{ spentOn: today(), amount: 10.005, kind: "ads" }, "amount", "Amount can have at most 2 decimals"],
      [{ spentOn: today(), amount: 20_000_001, kind: "ads" }, "amount", "Amount must be at most ₦20,000,000"],
      [{ spentOn: today(), amount: "lots", kind: "ads" }, "amount", "Amount must be a number"],
      [{ spentOn: today(), kind: "ads" }, "amount", "Amount is required"],
      [{ spentOn: today(), amount: 100, kind: "stock" }, "kind", "Choose what it was for"],
      [{ spentOn: "2026-02-30", amount: 100, kind: "ads" }, "spentOn", "Day must be a date like 2026-12-06"],
      [{ spentOn: addDays(today(), 1), amount: 100, kind: "ads" }, "spentOn", "An expense's day cannot be after today."],
      [{ spentOn: today(), amount: 100, kind: "ads", note: "x".repeat(201) }, "note", "Note must be at most 200 characters"],
    ] as const) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).fields).toEqual({ [field]: msg });
    }
    expect((await post({ spentOn: today(), amount: 100, kind: "ads", paidTo: "Meta" })).status).toBe(400);
    expect((await list("?from=2026-03-31&to=2026-03-01")).status).toBe(400);
    // the screen with such days says so, as a 400, never a failure of the shop
    const days = await t.page("/expenses?from=2026-03-31&to=2026-03-01", { as: owner });
    expect(days.status).toBe(400);
    expect(await days.text()).toContain("To must be on or after From.");
    expect((await list("?from=2000-01-01&to=2999-12-31")).body.count).toBe(before);
  });

  it("are the owner's: staff and shoppers are refused, visitors asked to sign in", async () => {
    for (const who of [staff, shopper]) {
      expect((await post({ spentOn: today(), amount: 100, kind: "ads" }, who)).status).toBe(403);
      expect((await list("", who)).status).toBe(403);
    }
    expect((await t.page("/api/expenses")).status).toBe(401);
    const page = await t.page("/expenses", { as: staff as unknown as { id: string; role: "admin" } });
    expect(page.status).toBe(403);
    expect((await form({ intent: "add", spentOn: today(), amount: "100", kind: "ads" }, staff)).status).toBe(403);
    expect(await drawn("/dashboard", staff)).not.toContain("After expenses");
  });

  it("this month's are taken off the profit on goods on the dashboard", async () => {
    const before = await dashboardStats(t.db);
    expect((await post({ spentOn: thisMonth(new Date()).from, amount: 15_000, kind: "power", note: "Diesel" })).status).toBe(201);
    expect((await post({ spentOn: "2026-01-05", amount: 7_000, kind: "power" })).status).toBe(201);
    const after = await dashboardStats(t.db);
    expect(after.expenses - before.expenses).toBe(15_000);
    expect(after.afterExpenses).toBe(after.profit - after.expenses);
    const html = await drawn("/dashboard");
    expect(html).toMatch(/<a[^>]*href="\/expenses"[^>]*>Expenses<\/a>/);
    expect(html).toContain("After expenses");
  });

  it("download as a CSV for the books: the days' every expense and their total; and Reports reads the same days' expenses", async () => {
    await post({ spentOn: "2025-07-03", amount: 2500, kind: "ads", note: "Instagram boost" });
    await post({ spentOn: "2025-07-09", amount: 1000.25, kind: "fees", note: '=HYPERLINK("x")' });
    await post({ spentOn: "2025-08-01", amount: 9999, kind: "rent" });
    const res = await t.page("/api/expenses.csv?from=2025-07-01&to=2025-07-31", { as: owner });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect((await res.text()).split("\r\n")).toEqual([
      '"Day","What for","Note","Amount (NGN)","Written down by"',
      '"2025-07-09","Bank and payment fees","\'=HYPERLINK(""x"")","1000.25","Kemi Adeyemi"',
      '"2025-07-03","Adverts","Instagram boost","2500.00","Kemi Adeyemi"',
      '"Total, 2025-07-01 to 2025-07-31","","","3500.25",""',
      "",
    ]);
    expect((await t.page("/api/expenses.csv", { as: staff })).status).toBe(403);
    expect(await drawn("/expenses?from=2025-07-01&to=2025-07-31")).toContain('href="/api/expenses.csv?from=2025-07-01&amp;to=2025-07-31"');

    // Reports by product, for those days: the profit on goods, then the expenses of the same days
    const product = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0 });
    await t.db.insert(productCosts).values({ productId: product.id, costKobo: 400_000 });
    await createPurchase(t.db, await createUser(t.db), [{ product, quantity: 1 }], { createdAt: new Date("2025-07-15T12:00:00+01:00") });
    const report = await (await t.page("/api/reports/sales?by=product&from=2025-07-01&to=2025-07-31", { as: owner })).json();
    expect(report.totals.profit).toMatchObject({ profit: 6000, expenses: 3500.25, afterExpenses: 2499.75 });
    const screen = await drawn("/reports?by=product&from=2025-07-01&to=2025-07-31");
    expect(screen).toMatch(
      /data-testid="report-expenses"> <a[^>]*href="\/expenses\?from=2025-07-01&amp;to=2025-07-31"[^>]*>Expenses<\/a> written down for these dates: ₦3,500.25, so <strong[^>]*>₦2,499.75<\/strong> after them.<\/span>/,
    );
  });

  it("/expenses: written down by its form before its script runs, refused as typed, and taken away by its row's button", async () => {
    const added = await form({ intent: "add", spentOn: today(), amount: "4500", kind: "data", note: "MTN data for the shop phone" });
    expect(added.status).toBe(200);
    expect(await added.text()).toContain("₦4,500 for data and airtime written down");
    const page = await drawn("/expenses");
    expect(page).toMatch(/<h2[^>]*>₦[\d,.]+ spent from /);
    expect(page).toContain("MTN data for the shop phone");
    expect(page).toMatch(/data-testid="expense-kinds"[\s\S]*Data and airtime <strong>₦/);

    const refused = await form({ intent: "add", spentOn: today(), amount: "0", kind: "data", note: "typed" });
    expect(refused.status).toBe(400);
    const again = (await refused.text()).replace(/<!-- -->/g, "");
    expect(again).toContain("Amount must be more than 0");
    expect(again).toMatch(/<input[^>]*name="note"[^>]*value="typed"/);

    const id = (await list(`?from=${today()}&to=${today()}&q=MTN`)).body.items[0].id;
    const deleted = await form({ id });
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain("Expense deleted");
    expect((await list(`?from=${today()}&to=${today()}&q=MTN`)).body.count).toBe(0);
  });
});
