import { AdminForm, toastOnRedirect } from "../../components/admin/admin-form";
import { ExpenseFields } from "../../components/admin/expense-fields";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { startingValues, useBusy, useZodForm } from "../../lib/forms";
import { requireAdminPage } from "../../lib/guards.server";
import { recordOr404 } from "../../lib/not-found.server";
import { lagosNow } from "../../../lib/lagos-calendar";
import { expenseEdit } from "../../../modules/reports/expense-schemas";
import { editExpense, getExpense } from "../../../modules/reports/expenses.server";
import { editAction } from "./admin-action.server";
import type { Route } from "./+types/editexpense";

// docs/product.md "Expenses": one expense changed (a typo in the amount, the wrong day), the owner's;
// through the service PATCH /api/expenses/{id} calls.

export const meta = () => [{ title: "Edit expense | Alafia admin" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  return { expense: await recordOr404(params.id, (id) => getExpense(db, id), "Expense not found"), today: lagosNow(new Date()).date };
}

export const action = (args: Route.ActionArgs) =>
  editAction(args, "Expense", expenseEdit, ({ db }, id, data) => editExpense(db, id, data), "/expenses");

export const clientAction = (args: Route.ClientActionArgs) => toastOnRedirect("Expense updated", args);

export default function EditExpense({ loaderData, actionData }: Route.ComponentProps) {
  const { expense, today } = loaderData;
  const busy = useBusy();
  const { errors, onSubmit, msg } = useZodForm(expenseEdit, actionData);
  return (
    <>
      <PageHeader title="Edit expense" />
      <AdminForm
        banner={msg}
        busy={busy}
        submitLabel="Save"
        busyLabel="Saving..."
        cancelTo="/expenses"
        onSubmit={onSubmit}
        className="max-w-2xl sm:grid-cols-2"
      >
        <ExpenseFields errors={errors} start={startingValues(actionData)} today={today} saved={expense} />
      </AdminForm>
    </>
  );
}
