import { z } from "zod";
import { hasCents, listParams, numberField, tick } from "../../lib/form-fields";
import { isCalendarDate } from "../../lib/lagos-calendar";

// docs/product.md "Expenses": what the shop spends to run, the owner's alone. Safe for the browser.

export const expenseKinds = ["delivery", "packaging", "rent", "power", "ads", "staff", "data", "fees", "other"] as const;
export type ExpenseKind = (typeof expenseKinds)[number];

/** What each kind is called on the screen and in the API's documentation. */
export const expenseKindLabels: Record<ExpenseKind, string> = {
  delivery: "Riders and delivery",
  packaging: "Packaging",
  rent: "Rent",
  power: "Power and fuel",
  ads: "Adverts",
  staff: "Staff pay",
  data: "Data and airtime",
  fees: "Bank and payment fees",
  other: "Other",
};

/** ₦20,000,000 at most, as every money field of the shop. */
const EXPENSE_MAX = 20_000_000;

/** One expense as the owner types it: its Lagos day, naira, what for and a note. */
export const expenseInput = z
  .object({
    spentOn: z
      .string({ error: "Day must be a date" })
      .trim()
      .refine((v) => isCalendarDate(v), "Day must be a date like 2026-12-06"),
    amount: numberField("Amount")
      .refine((n) => n > 0, "Amount must be more than 0")
      .refine((n) => n <= EXPENSE_MAX, "Amount must be at most ₦20,000,000")
      .refine(hasCents, "Amount can have at most 2 decimals"),
    kind: z.enum(expenseKinds, { error: "Choose what it was for" }),
    note: z.string({ error: "Note must be text" }).trim().max(200, "Note must be at most 200 characters").optional(),
    /** written down again every month on the same day (rent, staff pay) until she stops it */
    monthly: tick,
  })
  .strict();
export type ExpenseInput = z.input<typeof expenseInput>;

/**
 * A change to one expense: only the fields named change. `andLater` carries the amount, what for,
 * the note and the day of the month to the months after, for an expense written down every month.
 */
export const expenseEdit = expenseInput
  .omit({ monthly: true })
  .partial()
  .extend({ andLater: tick })
  .strict()
  .refine((e) => ["spentOn", "amount", "kind", "note"].some((k) => e[k as keyof typeof e] !== undefined), {
    message: "Name at least one of spentOn, amount, kind or note to change.",
  });
export type ExpenseEdit = z.input<typeof expenseEdit>;

/** "every month on the 1st": when a monthly expense is written down (a shorter month's on its last day). */
export function monthlyWords(day: number): string {
  const tens = day % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][day % 10] ?? "th");
  return `every month on the ${day}${suffix}`;
}

/** The list's days (Lagos, both included; this month when none), words of its notes, and its page. */
export const expenseListQuery = z
  .object(listParams(50))
  .strict()
  .refine((q) => !(q.from && q.to && q.from > q.to), { message: "To must be on or after From.", path: ["to"] });
export type ExpenseListQuery = z.input<typeof expenseListQuery>;

/** One expense as the API and the screen read it (naira); `monthly` when it was written down for a monthly one. */
export type ExpenseView = {
  id: string;
  spentOn: string;
  amount: number;
  kind: ExpenseKind;
  note: string;
  by: string | null;
  monthly: { id: string; day: number; running: boolean } | null;
};

/** An expense written down every month, still running: what, how much, its day and the next day it is written down. */
export type MonthlyExpenseView = { id: string; day: number; amount: number; kind: ExpenseKind; note: string; next: string };

/** The days' expenses: a page of them, how many and their total, and the total of each kind spent on (naira). */
export type ExpenseList = {
  from: string;
  to: string;
  items: ExpenseView[];
  count: number;
  total: number;
  byKind: { kind: ExpenseKind; total: number }[];
  /** every monthly expense still running, whatever the days */
  monthly: MonthlyExpenseView[];
};
