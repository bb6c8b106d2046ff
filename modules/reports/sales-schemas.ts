import { z } from "zod";
import { dateParam } from "../../lib/form-fields";

// The sales report's query and shape (docs/product.md "Reports"): shared by the API, the /reports screen and the service.

export const reportGroupings = ["product", "category", "area", "code", "source", "member", "customer"] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

export const salesReportQuery = z
  .object({
    by: z.enum(reportGroupings, { error: `Group by one of ${reportGroupings.join(", ")}` }).default("product"),
    from: dateParam,
    to: dateParam,
    // paged when a page size is asked for (the screen's 100 rows; X-Total-Count in the API); none: every row, as the spec's report
    page: z.coerce.number().int("page must be a whole number").min(1, "page must be at least 1").max(100_000).default(1),
    pageSize: z.coerce
      .number()
      .int("pageSize must be a whole number")
      .min(1, "pageSize must be at least 1")
      .max(100, "pageSize must be at most 100")
      .optional(),
  })
  .strict();
export type SalesReportQuery = z.output<typeof salesReportQuery>;

/**
 * `refunded`: what went back of the group's orders' totals (money that arrived over a total and
 * went back was never a sale), and `net` what the shop keeps of them, `sales` less `refunded`
 * (both null by product or category: a refund is for a whole order)
 */
export type SalesRow = {
  key: string;
  label: string;
  orders: number;
  units: number;
  sales: number;
  refunded: number | null;
  net: number | null;
  /**
   * by product or category (docs/product.md "Cost prices and profit"): what its lines with a cost
   * cost the shop and the profit on them, the line totals less that cost (both null when none of
   * its lines has a cost), and its units sold without a cost
   */
  cost?: number | null;
  profit?: number | null;
  unitsWithoutCost?: number;
  /** by customer: her number as people read it (the row's key is its ten national digits) and her latest email */
  phone?: string;
  email?: string;
};
export type SalesReport = {
  by: ReportGrouping;
  /** what `sales` adds up: the lines' goods, or the orders' totals */
  measures: "goods" | "order totals";
  /** the groups, those with the most sales first: all of them, or the page asked for */
  rows: SalesRow[];
  /** how many groups there are in all (more than `rows` when paged) */
  rowCount: number;
  /**
   * every paid order of the range once: the orders list's sum for the same days (`revenue`), what
   * went back of it by refunds, processed or on their way (`refunded`), and what the shop keeps (`net`)
   */
  totals: { orders: number; units: number; revenue: number; refunded: number; net: number; profit?: GoodsProfit };
};

/**
 * By product or category, the lines with a cost together: their sales of goods (before a code, VAT
 * and delivery), their cost, the profit and its margin (whole percent of those sales; null without
 * such sales), and the units sold without a cost, left out of all four
 */
export type GoodsProfit = {
  sales: number;
  cost: number;
  profit: number;
  margin: number | null;
  unitsWithoutCost: number;
  /** docs/product.md "Expenses": what was written down as spent on the same days (all of them, without days) */
  expenses: number;
  /** the profit less those expenses */
  afterExpenses: number;
};
