import { sql } from "drizzle-orm";
import { check, date, index, integer, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
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
  },
  (t) => [index("expenses_spent_on_idx").on(t.spentOn), check("expenses_amount_positive", sql`${t.amountKobo} > 0`)],
);
