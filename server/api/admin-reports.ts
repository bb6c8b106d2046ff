import { Hono } from "hono";
import { salesReportQuery } from "../../modules/reports/sales-schemas";
import { salesReport, salesReportCsv } from "../../modules/reports/sales.server";
import type { AppDeps, AppEnv } from "../context";
import { csvResponse, pathId, readJson, readQuery, withTotal } from "../http";
import { currentUser, requireOwner } from "../middleware/auth";
import { expenseEdit, expenseInput, expenseListQuery } from "../../modules/reports/expense-schemas";
import { stopMonthly } from "../../modules/reports/expense-repeats.server";
import { addExpense, deleteExpense, editExpense, expensesCsv, listExpenses } from "../../modules/reports/expenses.server";

// docs/product.md "Reports": the owner's sales over a range of Lagos days, as JSON and as CSV; and "Expenses".
export function adminReportRoutes({ database }: AppDeps) {
  const db = database.db;
  return (
    new Hono<AppEnv>()
      .get("/reports/sales", requireOwner(), async (c) => {
        const query = readQuery(c, salesReportQuery);
        const report = await salesReport(db, query);
        // paged as the other lists when a page size is asked for: how many groups in all
        if (query.pageSize) withTotal(c, report.rowCount);
        return c.json(report);
      })
      .get("/reports/sales.csv", requireOwner(), async (c) =>
        // the CSV has every group, whatever page the screen was on
        csvResponse(c, "sales", salesReportCsv(await salesReport(db, { ...readQuery(c, salesReportQuery), pageSize: undefined }))),
      )
      .get("/expenses", requireOwner(), async (c) => c.json(await listExpenses(db, readQuery(c, expenseListQuery))))
      .get("/expenses.csv", requireOwner(), async (c) => csvResponse(c, "expenses", await expensesCsv(db, readQuery(c, expenseListQuery))))
      .post("/expenses", requireOwner(), async (c) =>
        c.json({ expense: await addExpense(db, await readJson(c, expenseInput), currentUser(c).id) }, 201),
      )
      .patch("/expenses/:id{[0-9a-fA-F-]{36}}", requireOwner(), async (c) =>
        c.json({ expense: await editExpense(db, pathId(c, "Expense"), await readJson(c, expenseEdit)) }),
      )
      .delete("/expenses/:id{[0-9a-fA-F-]{36}}", requireOwner(), async (c) => {
        await deleteExpense(db, pathId(c, "Expense"));
        return c.json({ msg: "Expense deleted" });
      })
      // a monthly expense (rent, staff pay) is no longer written down; the months written stay
      .post("/expenses/monthly/:id{[0-9a-fA-F-]{36}}/stop", requireOwner(), async (c) => {
        await stopMonthly(db, pathId(c, "Monthly expense"));
        return c.json({ msg: "No longer written down every month" });
      })
  );
}
