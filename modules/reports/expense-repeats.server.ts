import { and, asc, eq, isNull, lt } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { expenseRepeats, expenses } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { dayOfMonth, lagosNow, nextMonth } from "../../lib/lagos-calendar";
import type { Logger } from "../../lib/logger.server";
import { koboToNaira } from "../../lib/money";
import { repeatJob } from "../../lib/repeat";
import type { MonthlyExpenseView } from "./expense-schemas";

// docs/product.md "Expenses": an expense written down every month on the same day (rent on the
// 1st, staff pay on the 28th). The shop writes each month's down when its day comes (Lagos), once
// whatever the number of servers, and never again for a month whose expense the owner deleted.

/** "2026-12" of a Lagos day. */
export const monthOf = (day: string) => day.slice(0, 7);

/** A monthly expense begun with one written down on `spentOn`: that month is written, the next ones follow. */
export async function startMonthly(
  tx: Tx,
  e: { spentOn: string; amountKobo: number; kind: MonthlyExpenseView["kind"]; note: string },
  actorId: string,
): Promise<{ repeatId: string; repeatMonth: string }> {
  const [row] = await tx
    .insert(expenseRepeats)
    .values({
      dayOfMonth: Number(e.spentOn.slice(8)),
      amountKobo: e.amountKobo,
      kind: e.kind,
      note: e.note,
      lastMonth: monthOf(e.spentOn),
      createdById: actorId,
    })
    .returning({ id: expenseRepeats.id });
  return { repeatId: row!.id, repeatMonth: monthOf(e.spentOn) };
}

/**
 * Writes down every month's expense whose day has come (Lagos) and is not written yet, for every
 * monthly expense still running or the one named: months missed while no server ran are written
 * too, each on its own day. Each takes its turn on its monthly row, so servers passing at once
 * write each month once. Returns how many were written.
 */
export async function writeDueExpenses(db: Db, now = new Date(), only?: string): Promise<number> {
  const today = lagosNow(now).date;
  const due = await db
    .select({ id: expenseRepeats.id })
    .from(expenseRepeats)
    .where(
      and(isNull(expenseRepeats.stoppedAt), lt(expenseRepeats.lastMonth, monthOf(today)), only ? eq(expenseRepeats.id, only) : undefined),
    );
  let written = 0;
  for (const { id } of due) {
    written += await db.transaction(async (tx) => {
      const [r] = await tx
        .select()
        .from(expenseRepeats)
        .where(and(eq(expenseRepeats.id, id), isNull(expenseRepeats.stoppedAt)))
        .for("update");
      if (!r) return 0;
      const rows: (typeof expenses.$inferInsert)[] = [];
      for (let month = nextMonth(r.lastMonth); dayOfMonth(month, r.dayOfMonth) <= today; month = nextMonth(month))
        rows.push({
          spentOn: dayOfMonth(month, r.dayOfMonth),
          amountKobo: r.amountKobo,
          kind: r.kind,
          note: r.note,
          createdById: r.createdById,
          repeatId: r.id,
          repeatMonth: month,
        });
      if (!rows.length) return 0;
      await tx.insert(expenses).values(rows).onConflictDoNothing();
      await tx
        .update(expenseRepeats)
        .set({ lastMonth: rows.at(-1)!.repeatMonth! })
        .where(eq(expenseRepeats.id, r.id));
      return rows.length;
    });
  }
  return written;
}

/** The monthly expenses still running, by their day of the month, each with the next day it is written down. */
export async function runningMonthly(db: Db): Promise<MonthlyExpenseView[]> {
  const rows = await db
    .select()
    .from(expenseRepeats)
    .where(isNull(expenseRepeats.stoppedAt))
    .orderBy(asc(expenseRepeats.dayOfMonth), asc(expenseRepeats.createdAt));
  return rows.map((r) => ({
    id: r.id,
    day: r.dayOfMonth,
    amount: koboToNaira(r.amountKobo),
    kind: r.kind,
    note: r.note,
    next: dayOfMonth(nextMonth(r.lastMonth), r.dayOfMonth),
  }));
}

/** Stops writing it down: the months already written stay. Stopping one already stopped changes nothing. */
export async function stopMonthly(db: Db, id: string): Promise<void> {
  const [row] = await db.select({ stoppedAt: expenseRepeats.stoppedAt }).from(expenseRepeats).where(eq(expenseRepeats.id, id));
  if (!row) throw AppError.notFound("Monthly expense");
  if (!row.stoppedAt)
    await db
      .update(expenseRepeats)
      .set({ stoppedAt: new Date() })
      .where(and(eq(expenseRepeats.id, id), isNull(expenseRepeats.stoppedAt)));
}

/** Writes down the months due now and then every ten minutes (and at start); passes never overlap. */
export function startMonthlyExpenses(db: Db, logger: Logger, { everyMs = 10 * 60_000 } = {}) {
  return repeatJob(everyMs, logger, {
    pass: () => writeDueExpenses(db),
    said: (n) => n && { expenses: n },
    done: "monthly expenses written down",
    failed: "writing down monthly expenses failed",
  });
}
