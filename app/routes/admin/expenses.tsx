import { useIntentForm } from "../../components/forms/intent-form";
import { Download } from "lucide-react";
import { useRef } from "react";
import { z } from "zod";
import { AdminList } from "../../components/admin/admin-list";
import { EditDelete } from "../../components/admin/admin-list";
import { ConfirmedRowButton } from "../../components/admin/delete-button";
import { ExpenseFields } from "../../components/admin/expense-fields";
import { ListFilters } from "../../components/admin/filters";
import { PageHeader, TableFooter } from "../../components/admin/table-parts";
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
  expenseListQuery,
  monthlyWords,
  type ExpenseView,
  type MonthlyExpenseView,
} from "../../../modules/reports/expense-schemas";
import { stopMonthly } from "../../../modules/reports/expense-repeats.server";
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
    const intent = (await readForm(args.request)).get("intent");
    if (intent === "add") {
      const { data } = await parseForm(args.request, expenseInput.extend({ intent: z.literal("add") }));
      const { intent: _intent, ...expense } = data;
      const saved = await addExpense(db, expense, user.id);
      const what = `${formatNairaAmount(saved.amount)} for ${expenseKindLabels[saved.kind].toLowerCase()} written down`;
      return { ok: true, msg: saved.monthly ? `${what}, and ${monthlyWords(saved.monthly.day)}` : what };
    }
    const { data } = await parseForm(args.request, rowInput);
    if (intent === "stop-monthly") {
      await stopMonthly(db, data.id);
      return { ok: true, msg: "No longer written down every month" };
    }
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
      <Monthly items={list.monthly} />
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
          {
            label: "Note",
            cell: (e) => (
              <>
                {e.note || <span className="text-muted">None</span>}
                {e.monthly?.running ? (
                  <span className="ml-2 whitespace-nowrap rounded-full bg-sage-soft px-2 py-0.5 text-xs font-semibold text-sage">
                    Monthly
                  </span>
                ) : null}
              </>
            ),
          },
          { label: "Amount", cell: (e) => formatNairaAmount(e.amount), className: "whitespace-nowrap font-semibold" },
        ]}
        actions={(e) => (
          <EditDelete
            id={e.id}
            name={`${expenseKindLabels[e.kind]} of ${formatNairaAmount(e.amount)} on ${shortDay(e.spentOn)}`}
            editTo={`/editexpense/${e.id}`}
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
      <ExpenseFields errors={errors} start={start} today={today} />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary min-h-10 py-2" disabled={busy}>
          {busy ? "Saving..." : "Add expense"}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** The monthly expenses still running: what, how much, when, the next day, and Stop (asks first). */
function Monthly({ items }: { items: MonthlyExpenseView[] }) {
  if (!items.length) return null;
  return (
    <section className="mt-4 rounded-2xl border border-line p-4" aria-labelledby="monthly-title" data-testid="monthly-expenses">
      <h2 id="monthly-title" className="text-base">
        Written down every month
      </h2>
      <ul className="mt-2 divide-y divide-line text-sm">
        {items.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <strong>{expenseKindLabels[m.kind]}</strong> {formatNairaAmount(m.amount)}
              {m.note ? ` (${m.note})` : ""}, {monthlyWords(m.day)}
              <span className="block text-muted">Next on {shortDay(m.next)}</span>
            </span>
            <ConfirmedRowButton
              id={m.id}
              fields={{ intent: "stop-monthly" }}
              label={`Stop writing down ${expenseKindLabels[m.kind]} of ${formatNairaAmount(m.amount)} every month`}
              confirmText="Stop writing this down every month? The months already written down stay."
              className="btn-outline min-h-10 py-2"
            >
              Stop
            </ConfirmedRowButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
