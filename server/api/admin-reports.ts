import { Hono } from "hono";
import { salesReportQuery } from "../../modules/reports/sales-schemas";
import { salesReport, salesReportCsv } from "../../modules/reports/sales.server";
import type { AppDeps, AppEnv } from "../context";
import { csvResponse, readQuery } from "../http";
import { requireOwner } from "../middleware/auth";

// docs/product.md "Reports": the owner's sales over a range of Lagos days, as JSON and as CSV.
export function adminReportRoutes({ database }: AppDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .get("/reports/sales", requireOwner(), async (c) => c.json(await salesReport(db, readQuery(c, salesReportQuery))))
    .get("/reports/sales.csv", requireOwner(), async (c) =>
      csvResponse(c, "sales", salesReportCsv(await salesReport(db, readQuery(c, salesReportQuery)))),
    );
}
