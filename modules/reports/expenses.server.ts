import { and, asc, count, desc, eq, gte, ilike, lte, sql, sum, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { expenseRepeats, expenses, users } from "../../db/schema";
import { toCsv } from "../../lib/csv";
import { AppError } from "../../lib/errors";
import { lagosNow } from "../../lib/lagos-calendar";
import { containing } from "../../lib/like-pattern";
import { koboToNaira, nairaToKobo } from "../../lib/money";
import { fullName } from "../accounts/types";
import { runningMonthly, startMonthly, writeDueExpenses } from "./expense-repeats.server";
import {
  expenseEdit,
  expenseInput,
  expenseKindLabels,
  expenseListQuery,
  type ExpenseEdit,
  type ExpenseInput,
  type ExpenseList,
  type ExpenseListQuery,
  type ExpenseView,
} from "./expense-schemas";

// docs/product.md "Expenses": what the shop spends to run (riders, packaging, rent, power, adverts,
// staff, data), written down by the owner by the Lagos day it was spent, so the month's profit on
// goods can be read against it. The owner's alone.

/** The first of this month and today, in Lagos: the days a list shows when it is given none. */
export function thisMonth(now: Date): { from: string; to: string } {
  const today = lagosNow(now).date;
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * Writes down one expense; a day after today (Lagos) is refused. `monthly` writes it down again every
 * month on the same day: a day in an earlier month writes down the months since at once.
 */
export async function addExpense(db: Db, input: ExpenseInput, actorId: string, now = new Date()): Promise<ExpenseView> {
  const e = expenseInput.parse(input);
  notAfterToday(e.spentOn, now);
  const values = { spentOn: e.spentOn, amountKobo: nairaToKobo(e.amount), kind: e.kind, note: e.note ?? "", createdById: actorId };
  const id = await db.transaction(async (tx) => {
    const monthly = e.monthly ? await startMonthly(tx, values, actorId) : {};
    const [row] = await tx
      .insert(expenses)
      .values({ ...values, ...monthly })
      .returning({ id: expenses.id, repeatId: expenses.repeatId });
    return row!;
  });
  if (id.repeatId) await writeDueExpenses(db, now, id.repeatId);
  return (await viewsWhere(db, eq(expenses.id, id.id), 1, 0))[0]!;
}

/**
 * Changes the fields named of one expense (a typo in the amount, the wrong day). With `andLater`,
 * an expense written down every month carries its amount, what for, note and day of the month to
 * the months after (the rent went up); the months before keep theirs.
 */
export async function editExpense(db: Db, id: string, input: ExpenseEdit, now = new Date()): Promise<ExpenseView> {
  const e = expenseEdit.parse(input);
  if (e.spentOn) notAfterToday(e.spentOn, now);
  const change = {
    ...(e.spentOn !== undefined && { spentOn: e.spentOn }),
    ...(e.amount !== undefined && { amountKobo: nairaToKobo(e.amount) }),
    ...(e.kind !== undefined && { kind: e.kind }),
    ...(e.note !== undefined && { note: e.note }),
  };
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ repeatId: expenses.repeatId }).from(expenses).where(eq(expenses.id, id)).for("update");
    if (!row) throw AppError.notFound("Expense");
    if (e.andLater && !row.repeatId)
      throw new AppError("invalid", "This expense is not written down every month.", {
        fields: { andLater: "This expense is not written down every month." },
      });
    await tx.update(expenses).set(change).where(eq(expenses.id, id));
    if (e.andLater && row.repeatId) {
      const { spentOn, ...rest } = change;
      await tx
        .update(expenseRepeats)
        .set({ ...rest, ...(spentOn && { dayOfMonth: Number(spentOn.slice(8)) }) })
        .where(eq(expenseRepeats.id, row.repeatId));
    }
  });
  return (await viewsWhere(db, eq(expenses.id, id), 1, 0))[0]!;
}

function notAfterToday(day: string, now: Date) {
  if (day > lagosNow(now).date)
    throw new AppError("invalid", "An expense's day cannot be after today.", {
      fields: { spentOn: "An expense's day cannot be after today." },
    });
}

/** One expense, or the 404 when it is not there. */
export async function getExpense(db: Db, id: string): Promise<ExpenseView> {
  const [view] = await viewsWhere(db, eq(expenses.id, id), 1, 0);
  if (!view) throw AppError.notFound("Expense");
  return view;
}

/** Takes one away (a mistake): 404 when it is not there. */
export async function deleteExpense(db: Db, id: string) {
  const gone = await db.delete(expenses).where(eq(expenses.id, id)).returning({ id: expenses.id });
  if (!gone.length) throw AppError.notFound("Expense");
}

/** The days' expenses, newest day first, with their count, total and the total of each kind. */
export async function listExpenses(db: Db, query: ExpenseListQuery, now = new Date()): Promise<ExpenseList> {
  const { q, from, to, where } = listWhere(query, now);
  const [items, [totals], kinds, monthly] = await Promise.all([
    viewsWhere(db, where, q.pageSize, (q.page - 1) * q.pageSize),
    db
      .select({ n: count(), kobo: sum(expenses.amountKobo) })
      .from(expenses)
      .where(where),
    db
      .select({ kind: expenses.kind, kobo: sum(expenses.amountKobo) })
      .from(expenses)
      .where(where)
      .groupBy(expenses.kind)
      .orderBy(sql`2 desc`),
    runningMonthly(db),
  ]);
  return {
    from,
    to,
    items,
    count: totals?.n ?? 0,
    total: koboToNaira(Number(totals?.kobo ?? 0)),
    byKind: kinds.map((k) => ({ kind: k.kind, total: koboToNaira(Number(k.kobo)) })),
    monthly,
  };
}

/** The days' expenses as a CSV for the shop's books: every one of them, not a page (GET /api/expenses.csv). */
export async function expensesCsv(db: Db, query: ExpenseListQuery, now = new Date()): Promise<string> {
  const { from, to, where } = listWhere(query, now);
  const rows = await viewsWhere(db, where, CSV_ROWS, 0);
  return toCsv(
    ["Day", "What for", "Note", "Amount (NGN)", "Written down by"],
    [
      ...rows.map((e) => [e.spentOn, expenseKindLabels[e.kind], e.note, e.amount.toFixed(2), e.by ?? ""]),
      [`Total, ${from} to ${to}`, "", "", koboToNaira(rows.reduce((total, e) => total + nairaToKobo(e.amount), 0)).toFixed(2), ""],
    ],
  );
}

/** The most lines one CSV holds: years of a small shop's expenses. */
const CSV_ROWS = 50_000;

/** The list's days (this month when none; a month of the one day given) and its filter. */
function listWhere(query: ExpenseListQuery, now: Date) {
  const q = expenseListQuery.parse(query);
  const month = thisMonth(now);
  const from = q.from ?? (q.to && q.to < month.from ? `${q.to.slice(0, 8)}01` : month.from);
  const to = q.to ?? (q.from && q.from > month.to ? q.from : month.to);
  const where = and(gte(expenses.spentOn, from), lte(expenses.spentOn, to), q.q ? ilike(expenses.note, containing(q.q)) : undefined)!;
  return { q, from, to, where };
}

/** What was spent on the Lagos days from `from` to `to`, both included (kobo). */
export async function expensesBetween(db: Db, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ kobo: sum(expenses.amountKobo) })
    .from(expenses)
    .where(and(gte(expenses.spentOn, from), lte(expenses.spentOn, to)));
  return Number(row?.kobo ?? 0);
}

function viewsWhere(db: Db, where: SQL, limit: number, offset: number): Promise<ExpenseView[]> {
  return db
    .select({
      id: expenses.id,
      spentOn: expenses.spentOn,
      amountKobo: expenses.amountKobo,
      kind: expenses.kind,
      note: expenses.note,
      first: users.firstName,
      last: users.lastName,
      repeatId: expenseRepeats.id,
      repeatDay: expenseRepeats.dayOfMonth,
      repeatStopped: expenseRepeats.stoppedAt,
    })
    .from(expenses)
    .leftJoin(users, eq(users.id, expenses.createdById))
    .leftJoin(expenseRepeats, eq(expenseRepeats.id, expenses.repeatId))
    .where(where)
    .orderBy(desc(expenses.spentOn), desc(expenses.createdAt), asc(expenses.id))
    .limit(limit)
    .offset(offset)
    .then((rows) =>
      rows.map((r) => ({
        id: r.id,
        spentOn: r.spentOn,
        amount: koboToNaira(r.amountKobo),
        kind: r.kind,
        note: r.note,
        by: r.first ? fullName({ firstName: r.first, lastName: r.last ?? "" }) : null,
        monthly: r.repeatId ? { id: r.repeatId, day: r.repeatDay!, running: !r.repeatStopped } : null,
      })),
    );
}
