import { useIntentForm } from "../../components/forms/intent-form";
import { Download } from "lucide-react";
import { useRef } from "react";
import { z } from "zod";
import { AdminList } from "../../components/admin/admin-list";
import { DeleteButton } from "../../components/admin/delete-button";
import { ListFilters } from "../../components/admin/filters";
import { PageHeader, TableFooter } from "../../components/admin/table-parts";
import { Field } from "../../components/forms/fields";
import { appContext } from "../../context";
import { parseForm, readForm } from "../../lib/form-action.server";
import { useOnAnswer, useZodForm, type FormResult } from "../../lib/forms";
import { requireAdminPage } from "../../lib/guards.server";
import { readSearchParams } from "../../lib/search-params.server";
import { lagosNow, longDay, shortDay } from "../../../lib/lagos-calendar";
import { formatNairaAmount } from "../../../lib/money";
import {
  expenseInput,
  expenseKindLabels,
  expenseKinds,
  expenseListQuery,
  type ExpenseView,
} from "../../../modules/reports/expense-schemas";
import { addExpense, deleteExpense, listExpenses } from "../../../modules/reports/expenses.server";
import { adminAction, rowInput } from "./admin-action.server";
import { redirectPastLastPage } from "./list-query.server";
import type { Route } from "./+types/expenses";

// docs/product.md "Expenses": what the shop spends to run, the owner's: written down as it is spent,
// read by the days, each kind's total, and taken off the month's profit on the dashboard. Writes
// through the services POST and DELETE /api/expenses call.

export const meta = () => [{ title: "Expenses | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const query = readSearchParams(request, expenseListQuery, ["q", "from", "to", "page"]);
  const list = await listExpenses(context.get(appContext).db, query);
  redirectPastLastPage(request, query, list.count);
  return { list, query, today: lagosNow(new Date()).date };
}

export async function action(args: Route.ActionArgs) {
  return adminAction(args, async ({ db, user }): Promise<FormResult> => {
    if ((await readForm(args.request)).get("intent") === "add") {
      const { data } = await parseForm(args.request, expenseInput.extend({ intent: z.literal("add") }));
      const { intent: _intent, ...expense } = data;
      const saved = await addExpense(db, expense, user.id);
      return { ok: true, msg: `${formatNairaAmount(saved.amount)} for ${expenseKindLabels[saved.kind].toLowerCase()} written down` };
    }
    const { data } = await parseForm(args.request, rowInput);
    await deleteExpense(db, data.id);
    return { ok: true, msg: "Expense deleted" };
  });
}

export default function Expenses({ loaderData }: Route.ComponentProps) {
  const { list, query, today } = loaderData;
  return (
    <div className="max-w-4xl">
      <PageHeader title="Expenses">
        <a href={`/api/expenses.csv?${csvDays(list.from, list.to, query.q)}`} className="btn-outline min-h-10 py-2" download>
          <Download size={16} aria-hidden="true" /> Download CSV
        </a>
      </PageHeader>
      <p className="-mt-2 mb-4 text-sm text-muted">
        What the shop spends to run: riders, packaging, rent, power, adverts, staff, data. Not the products themselves: their cost prices
        count those. Only owners see them.
      </p>
      <AddExpense today={today} />
      <h2 className="mb-2 mt-6 text-lg">
        {formatNairaAmount(list.total)} spent from {shortDay(list.from)} to {shortDay(list.to)}
      </h2>
      {list.byKind.length ? (
        <ul className="mb-3 flex flex-wrap gap-2 text-sm" aria-label="Spent on each" data-testid="expense-kinds">
          {list.byKind.map((k) => (
            <li key={k.kind} className="rounded-full border border-line bg-linen px-3 py-1">
              {expenseKindLabels[k.kind]} <strong>{formatNairaAmount(k.total)}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      <ListFilters
        placeholder="Search notes..."
        q={query.q}
        from={list.from}
        to={list.to}
        dates
        clearTo="/expenses"
        label="Search expenses"
      />
      <AdminList<ExpenseView>
        caption="Expenses"
        rows={list.items}
        empty="No expenses in these days"
        columns={[
          { label: "Day", cell: (e) => longDay(e.spentOn), className: "whitespace-nowrap" },
          { label: "What for", cell: (e) => expenseKindLabels[e.kind], className: "font-semibold" },
          { label: "Note", cell: (e) => e.note || <span className="text-muted">None</span> },
          { label: "Amount", cell: (e) => formatNairaAmount(e.amount), className: "whitespace-nowrap font-semibold" },
        ]}
        actions={(e) => (
          <DeleteButton
            id={e.id}
            label={`Delete ${expenseKindLabels[e.kind]} of ${formatNairaAmount(e.amount)} on ${shortDay(e.spentOn)}`}
            confirmText="Delete this expense? It is taken out of the totals."
          />
        )}
      />
      <TableFooter page={query.page} pageSize={query.pageSize} total={list.count} />
    </div>
  );
}

/** The days on screen (and its search) for the CSV: what she sees is what she downloads. */
const csvDays = (from: string, to: string, q?: string) => new URLSearchParams({ from, to, ...(q ? { q } : {}) }).toString();

/** The form at the top: one expense, its day today unless she picks another. */
function AddExpense({ today }: { today: string }) {
  const { fetcher, answer, busy, start } = useIntentForm("add");
  const { errors, onSubmit } = useZodForm(expenseInput, answer);
  // a fresh form once one is written down: the next expense starts from today again
  const form = useRef<HTMLFormElement>(null);
  useOnAnswer(fetcher.data, (a) => (a.ok ? form.current?.reset() : undefined));
  return (
    <fetcher.Form
      ref={form}
      method="post"
      onSubmit={onSubmit}
      className="grid gap-3 rounded-2xl border border-line bg-linen p-4 sm:grid-cols-2"
      data-testid="add-expense"
    >
      <input type="hidden" name="intent" value="add" />
      <Field
        label="Amount (₦)"
        name="amount"
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0.01"
        error={errors.amount}
        defaultValue={start.text("amount", "")}
      />
      <Field label="What for" name="kind" error={errors.kind}>
        {(control) => (
          <select {...control} defaultValue={start.text("kind", "")}>
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
      <Field label="Day" name="spentOn" type="date" max={today} error={errors.spentOn} defaultValue={start.text("spentOn", today)} />
      <Field
        label="Note (optional)"
        name="note"
        maxLength={200}
        placeholder="Rider to Lekki, 3 parcels"
        error={errors.note}
        defaultValue={start.text("note", "")}
      />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary min-h-10 py-2" disabled={busy}>
          {busy ? "Saving..." : "Add expense"}
        </button>
      </div>
    </fetcher.Form>
  );
}
