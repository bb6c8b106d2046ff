import { expenseKindLabels, expenseKinds, monthlyWords, type ExpenseView } from "../../../modules/reports/expense-schemas";
import type { startingValues } from "../../lib/forms";
import { Field } from "../forms/fields";

type Props = {
  errors: Record<string, string>;
  start: ReturnType<typeof startingValues>;
  today: string;
  /** the expense being changed; none for a new one (its day today) */
  saved?: ExpenseView;
};

/**
 * One expense's fields (docs/product.md "Expenses"), the same on /expenses' form and /editexpense/{id}:
 * amount, what for, the day (never after today) and a note; then the tick that makes it monthly
 * (a new one), or carries the change to the months after (one written down every month).
 */
export function ExpenseFields({ errors, start, today, saved }: Props) {
  const monthly = saved?.monthly?.running ? saved.monthly : null;
  return (
    <>
      <Field
        label="Amount (₦)"
        name="amount"
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0.01"
        error={errors.amount}
        defaultValue={start.text("amount", saved ? String(saved.amount) : "")}
      />
      <Field label="What for" name="kind" error={errors.kind}>
        {(control) => (
          <select {...control} defaultValue={start.text("kind", saved?.kind ?? "")}>
            <option value="" disabled>
              Choose one
            </option>
            {expenseKinds.map((k) => (
              <option key={k} value={k}>
                {expenseKindLabels[k]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="Day"
        name="spentOn"
        type="date"
        max={today}
        error={errors.spentOn}
        defaultValue={start.text("spentOn", saved?.spentOn ?? today)}
      />
      <Field
        label="Note (optional)"
        name="note"
        maxLength={200}
        placeholder="Rider to Lekki, 3 parcels"
        error={errors.note}
        defaultValue={start.text("note", saved?.note ?? "")}
      />
      {saved && !monthly ? null : (
        <label className="flex items-start gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            name={monthly ? "andLater" : "monthly"}
            defaultChecked={start.ticked(monthly ? "andLater" : "monthly", false)}
            className="mt-1 h-5 w-5 accent-rose"
          />
          {monthly ? (
            <span>
              <span className="font-semibold">Also for the months after</span>{" "}
              <span className="text-muted">(it is written down {monthlyWords(monthly.day)}; the months before keep theirs)</span>
            </span>
          ) : (
            <span>
              <span className="font-semibold">Every month</span>{" "}
              <span className="text-muted">(rent, staff pay: written down again on this day each month until you stop it)</span>
            </span>
          )}
        </label>
      )}
    </>
  );
}
