import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, id } from "./columns";

// docs/product.md "Expenses": what the shop spends to run, apart from the goods (their cost prices
// count those): riders, packaging, rent, power, adverts, staff, data. The owner's alone.
export const expenseKindEnum = pgEnum("expense_kind", ["delivery", "packaging", "rent", "power", "ads", "staff", "data", "fees", "other"]);

export const expenses = pgTable(
  "expenses",
  {
    id: id(),
    /** the Lagos day it was spent */
    spentOn: date({ mode: "string" }).notNull(),
    amountKobo: integer().notNull(),
    kind: expenseKindEnum().notNull(),
    note: text().notNull().default(""),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** the monthly expense this one was written down for (rent, staff pay), and its month ("2026-12") */
    repeatId: uuid().references((): AnyPgColumn => expenseRepeats.id, { onDelete: "set null" }),
    repeatMonth: text(),
  },
  (t) => [
    index("expenses_spent_on_idx").on(t.spentOn),
    check("expenses_amount_positive", sql`${t.amountKobo} > 0`),
    // one expense a month for each monthly one, however many servers write them down at once
    uniqueIndex("expenses_repeat_month_idx").on(t.repeatId, t.repeatMonth),
  ],
);

/**
 * An expense written down every month on the same day (rent on the 1st, staff pay on the 28th):
 * the shop writes each month's down when its day comes, until the owner stops it. `lastMonth` is
 * the last month written ("2026-12"), so a month's expense she deleted is not written again.
 */
export const expenseRepeats = pgTable(
  "expense_repeats",
  {
    id: id(),
    /** 1–31; a shorter month's is on its last day */
    dayOfMonth: smallint().notNull(),
    amountKobo: integer().notNull(),
    kind: expenseKindEnum().notNull(),
    note: text().notNull().default(""),
    lastMonth: text().notNull(),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    stoppedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("expense_repeats_amount_positive", sql`${t.amountKobo} > 0`),
    check("expense_repeats_day", sql`${t.dayOfMonth} between 1 and 31`),
    index("expense_repeats_running_idx")
      .on(t.lastMonth)
      .where(sql`${t.stoppedAt} is null`),
  ],
);
