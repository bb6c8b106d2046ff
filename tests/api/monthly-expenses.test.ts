// docs/product.md "Expenses": an expense written down every month on its day (rent on the 1st,
// staff pay on the 28th) until the owner stops it; any expense changed, only in what is named.
import { beforeAll, describe, expect, it } from "vitest";
import { expenses } from "../../db/schema";
import { addDays, lagosNow } from "../../lib/lagos-calendar";
import { writeDueExpenses } from "../../modules/reports/expense-repeats.server";
import { addExpense } from "../../modules/reports/expenses.server";
import { monthlyWords } from "../../modules/reports/expense-schemas";
import { createAdminUser, createStaffUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";
import { eq } from "drizzle-orm";

let t: PagesContext;
let owner: { id: string; role: "admin" };
let staff: { id: string; role: "staff" };

beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  owner = { id: (await createAdminUser(t.db, { firstName: "Kemi", lastName: "Adeyemi" })).id, role: "admin" };
  staff = { id: (await createStaffUser(t.db)).id, role: "staff" };
});

type Who = { id: string; role: "admin" | "staff" };
const today = () => lagosNow(new Date()).date;
const json = (path: string, method: string, body: unknown, as: Who = owner) =>
  t.page(path, { method, as, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const list = async (query: string) => (await (await t.page(`/api/expenses${query}`, { as: owner })).json()) as ExpenseList;
const form = (path: string, fields: Record<string, string>, as: Who = owner) =>
  t.page(path, {
    method: "POST",
    as: as as { id: string; role: "admin" },
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
const drawn = async (path: string) => (await (await t.page(path, { as: owner })).text()).replace(/<!-- -->/g, "");
/** noon in Lagos on a day */
const at = (day: string) => new Date(`${day}T12:00:00+01:00`);

type ExpenseList = {
  items: {
    id: string;
    spentOn: string;
    amount: number;
    kind: string;
    note: string;
    monthly: { id: string; day: number; running: boolean } | null;
  }[];
  count: number;
  total: number;
  monthly: { id: string; day: number; amount: number; kind: string; note: string; next: string }[];
};

describe("monthly expenses", () => {
  it("says its day as people do", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 28, 31].map(monthlyWords)).toEqual(
      ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "28th", "31st"].map((d) => `every month on the ${d}`),
    );
  });

  it("written down each month on its day (a shorter month's last day), months missed caught up, once each, a deleted month not again", async () => {
    // begun on 31 Oct 2025 with the shop's clock at 5 Dec 2025: November's (the 30th) is written at once
    const rent = await addExpense(
      t.db,
      { spentOn: "2025-10-31", amount: 150_000, kind: "rent", note: "Shop, Lekki", monthly: true },
      owner.id,
      at("2025-12-05"),
    );
    expect(rent).toMatchObject({ spentOn: "2025-10-31", amount: 150_000, monthly: { day: 31, running: true } });
    const days = async () =>
      (await list("?from=2025-10-01&to=2026-03-31&q=Lekki")).items.map((e) => [
        e.spentOn,
        e.amount,
        e.kind,
        e.monthly?.id === rent.monthly!.id,
      ]);
    expect(await days()).toEqual([
      ["2025-11-30", 150_000, "rent", true],
      ["2025-10-31", 150_000, "rent", true],
    ]);
    const running = (await list("?from=2025-10-01&to=2025-10-31")).monthly.find((m) => m.id === rent.monthly!.id);
    expect(running).toEqual({ id: rent.monthly!.id, day: 31, amount: 150_000, kind: "rent", note: "Shop, Lekki", next: "2025-12-31" });

    // not before its day; on its day, December's; then the months no server ran, each on its own day
    expect(await writeDueExpenses(t.db, at("2025-12-30"))).toBe(0);
    expect(await writeDueExpenses(t.db, at("2025-12-31"))).toBe(1);
    expect(await writeDueExpenses(t.db, at("2025-12-31"))).toBe(0);
    expect(await writeDueExpenses(t.db, at("2026-03-02"))).toBe(2);
    expect((await days()).slice(0, 3).map(([day]) => day)).toEqual(["2026-02-28", "2026-01-31", "2025-12-31"]);

    // she deleted January's (the landlord gave a month free): it is not written down again
    const january = (await list("?from=2026-01-01&to=2026-01-31&q=Lekki")).items[0]!;
    expect((await t.page(`/api/expenses/${january.id}`, { method: "DELETE", as: owner })).status).toBe(200);
    expect(await writeDueExpenses(t.db, at("2026-03-31"))).toBe(1);
    expect((await days()).map(([day]) => day)).toEqual(["2026-03-31", "2026-02-28", "2025-12-31", "2025-11-30", "2025-10-31"]);

    // stopped: no month after, the months written stay; stopping again changes nothing
    const stop = await t.page(`/api/expenses/monthly/${rent.monthly!.id}/stop`, { method: "POST", as: owner });
    expect(stop.status).toBe(200);
    expect(await stop.json()).toEqual({ msg: "No longer written down every month" });
    expect((await t.page(`/api/expenses/monthly/${rent.monthly!.id}/stop`, { method: "POST", as: owner })).status).toBe(200);
    expect(await writeDueExpenses(t.db, at("2026-06-30"))).toBe(0);
    const after = await list("?from=2025-10-01&to=2026-06-30&q=Lekki");
    expect(after.count).toBe(5);
    expect(after.items[0]!.monthly).toMatchObject({ running: false });
    expect(after.monthly.some((m) => m.id === rent.monthly!.id)).toBe(false);
  });

  it("servers writing down at once write each month once", async () => {
    const pay = await addExpense(
      t.db,
      { spentOn: "2024-01-28", amount: 80_000, kind: "staff", note: "Ada's pay", monthly: true },
      owner.id,
      at("2024-01-28"),
    );
    const counts = await Promise.all([1, 2, 3, 4].map(() => writeDueExpenses(t.db, at("2024-06-28"))));
    expect(counts.reduce((a, b) => a + b)).toBe(5);
    const rows = await t.db.select({ month: expenses.repeatMonth }).from(expenses).where(eq(expenses.repeatId, pay.monthly!.id));
    expect(rows.map((r) => r.month).sort()).toEqual(["2024-01", "2024-02", "2024-03", "2024-04", "2024-05", "2024-06"]);
    await t.page(`/api/expenses/monthly/${pay.monthly!.id}/stop`, { method: "POST", as: owner });
  });

  it("through the API: begun today, the answer says monthly; changed in what is named only; carried to the months after when asked", async () => {
    const res = await json("/api/expenses", "POST", {
      spentOn: today(),
      amount: 40_000,
      kind: "power",
      note: "Generator diesel",
      monthly: true,
    });
    expect(res.status).toBe(201);
    const { expense } = await res.json();
    expect(expense.monthly).toEqual({ id: expect.any(String), day: Number(today().slice(8)), running: true });

    // the amount alone: the rest stays, and the months after keep the old amount
    const one = await json(`/api/expenses/${expense.id}`, "PATCH", { amount: 42_500 });
    expect(one.status).toBe(200);
    expect((await one.json()).expense).toMatchObject({ spentOn: today(), amount: 42_500, kind: "power", note: "Generator diesel" });
    let monthly = (await list("")).monthly.find((m) => m.id === expense.monthly.id)!;
    expect(monthly).toMatchObject({ amount: 40_000, note: "Generator diesel" });

    // with andLater, the months after too
    const later = await json(`/api/expenses/${expense.id}`, "PATCH", { amount: 45_000, note: "Diesel, 2 drums", andLater: true });
    expect(later.status).toBe(200);
    monthly = (await list("")).monthly.find((m) => m.id === expense.monthly.id)!;
    expect(monthly).toMatchObject({ amount: 45_000, kind: "power", note: "Diesel, 2 drums" });
    await t.page(`/api/expenses/monthly/${expense.monthly.id}/stop`, { method: "POST", as: owner });
  });

  it("refuses a change that is not one, naming the field, and changes nothing", async () => {
    const { expense } = await (await json("/api/expenses", "POST", { spentOn: "2025-05-05", amount: 900, kind: "data" })).json();
    for (const [body, field, msg] of [
      [{ amount: 0 }, "amount", "Amount must be more than 0"],
      [{ kind: "stock" }, "kind", "Choose what it was for"],
      [{ spentOn: addDays(today(), 1) }, "spentOn", "An expense's day cannot be after today."],
      [{ note: "x".repeat(201) }, "note", "Note must be at most 200 characters"],
      [{ andLater: true, amount: 1000 }, "andLater", "This expense is not written down every month."],
    ] as const) {
      const res = await json(`/api/expenses/${expense.id}`, "PATCH", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).fields).toEqual({ [field]: msg });
    }
    const nothing = await json(`/api/expenses/${expense.id}`, "PATCH", {});
    expect(nothing.status).toBe(400);
    expect((await nothing.json()).fields).toEqual({ _: "Name at least one of spentOn, amount, kind or note to change." });
    expect((await json(`/api/expenses/${expense.id}`, "PATCH", { amount: 5, paidTo: "MTN" })).status).toBe(400);
    expect((await json(`/api/expenses/${crypto.randomUUID()}`, "PATCH", { amount: 5 })).status).toBe(404);
    expect((await t.page(`/api/expenses/monthly/${crypto.randomUUID()}/stop`, { method: "POST", as: owner })).status).toBe(404);
    expect((await list("?from=2025-05-05&to=2025-05-05")).items).toMatchObject([{ id: expense.id, amount: 900, kind: "data", note: "" }]);
  });

  it("are the owner's: staff are refused the change, the stop and the screen", async () => {
    const { expense } = await (await json("/api/expenses", "POST", { spentOn: today(), amount: 700, kind: "other", monthly: true })).json();
    expect((await json(`/api/expenses/${expense.id}`, "PATCH", { amount: 1 }, staff)).status).toBe(403);
    expect((await t.page(`/api/expenses/monthly/${expense.monthly.id}/stop`, { method: "POST", as: staff })).status).toBe(403);
    expect((await t.page(`/editexpense/${expense.id}`, { as: staff as unknown as { id: string; role: "admin" } })).status).toBe(403);
    expect((await form(`/editexpense/${expense.id}`, { amount: "1", kind: "other", spentOn: today() }, staff)).status).toBe(403);
    expect((await form("/expenses", { intent: "stop-monthly", id: expense.monthly.id }, staff)).status).toBe(403);
    expect((await list("")).monthly.some((m) => m.id === expense.monthly.id)).toBe(true);
    await t.page(`/api/expenses/monthly/${expense.monthly.id}/stop`, { method: "POST", as: owner });
  });

  it("/expenses and /editexpense/{id}: begun by the tick, listed with Stop, changed by its own screen, stopped by its button, all before the script runs", async () => {
    const added = await form("/expenses", {
      intent: "add",
      spentOn: today(),
      amount: "120000",
      kind: "staff",
      note: "Tolu's pay",
      monthly: "on",
    });
    expect(added.status).toBe(200);
    expect(await added.text()).toContain(`₦120,000 for staff pay written down, and ${monthlyWords(Number(today().slice(8)))}`);
    const page = await drawn("/expenses");
    expect(page).toMatch(/data-testid="monthly-expenses"[\s\S]*Staff pay<\/strong> ₦120,000 \(Tolu&#x27;s pay\), every month on the/);
    expect(page).toMatch(/Tolu&#x27;s pay<span[^>]*>Monthly<\/span>/);
    const item = (await list(`?from=${today()}&to=${today()}&q=Tolu`)).items[0]!;
    expect(page).toContain(`href="/editexpense/${item.id}"`);

    const edit = await drawn(`/editexpense/${item.id}`);
    expect(edit).toMatch(/<input[^>]*name="amount"[^>]*value="120000"/);
    expect(edit).toMatch(/<input[^>]*name="note"[^>]*value="Tolu&#x27;s pay"/);
    expect(edit).toContain("Also for the months after");
    const refused = await form(`/editexpense/${item.id}`, { amount: "0", kind: "staff", spentOn: today(), note: "typed" });
    expect(refused.status).toBe(400);
    const again = (await refused.text()).replace(/<!-- -->/g, "");
    expect(again).toContain("Amount must be more than 0");
    expect(again).toMatch(/<input[^>]*name="note"[^>]*value="typed"/);
    const saved = await form(`/editexpense/${item.id}`, {
      amount: "130000",
      kind: "staff",
      spentOn: today(),
      note: "Tolu's pay",
      andLater: "on",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/expenses");
    const after = await list(`?from=${today()}&to=${today()}&q=Tolu`);
    expect(after.items[0]).toMatchObject({ amount: 130_000 });
    expect(after.monthly.find((m) => m.id === item.monthly!.id)).toMatchObject({ amount: 130_000 });
    expect((await t.page(`/editexpense/${crypto.randomUUID()}`, { as: owner })).status).toBe(404);

    const stopped = await form("/expenses", { intent: "stop-monthly", id: item.monthly!.id });
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain("No longer written down every month");
    expect((await list("")).monthly.some((m) => m.id === item.monthly!.id)).toBe(false);
    // a plain expense's screen has no tick for months after
    const { expense } = await (await json("/api/expenses", "POST", { spentOn: today(), amount: 500, kind: "other" })).json();
    expect(await drawn(`/editexpense/${expense.id}`)).not.toContain("Also for the months after");
  });
});
