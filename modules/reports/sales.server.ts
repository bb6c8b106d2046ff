import { and, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categories, phoneKey, products, purchaseItems, purchases, users } from "../../db/schema";
import { toCsv } from "../../lib/csv";
import { withinDays } from "../../lib/day-range";
import { FIRST_DAY, LAST_DAY } from "../../lib/form-fields";
import { koboToNaira } from "../../lib/money";
import { readablePhone } from "../../lib/phone";
import { sourceLabels } from "../orders/manual-order-schemas";
import { paidOrder } from "../orders/paid-orders.server";
import { lineCostJoins, lineUnitCostKobo } from "../pricing/costs.server";
import { refundedPerOrder, saleRefundedSql } from "../orders/refunds.server";
import { expensesBetween } from "./expenses.server";
import type { GoodsProfit, ReportGrouping, SalesReport, SalesReportQuery, SalesRow } from "./sales-schemas";

// The owner's sales report (docs/product.md "Reports"): paid orders placed between two Lagos
// days (the orders list's own from/to), grouped by product, category, delivery area, discount
// code, source (the website, or where the owner made a sale she recorded), the team member who
// recorded it at the order desk, or customer (her phone
// number, however it was typed). Orders and order totals are counted once per order; a product's or a category's sales
// are its lines' totals (goods, before a code, VAT and delivery). Refunds go back to whole orders:
// an order's are those processed or on their way (a failed one gave nothing back), whenever made,
// less what gave back money that arrived over its total (saleRefundedSql): never a sale, so what
// is kept is the sales less the refunded, on every row. A product's or a category's rows also say
// what their lines cost the shop and the profit on them (docs/product.md "Cost prices and profit").

const units = sql<string>`coalesce(sum(${purchaseItems.quantity}), 0)`;
const orderCount = sql<string>`count(distinct ${purchases.id})`;
// the lines with a cost: what they cost, what they sold for; and the units of those without one
const lineCost = sql<string | null>`sum(${lineUnitCostKobo} * ${purchaseItems.quantity})`;
const costedSales = sql<string | null>`sum(case when ${lineUnitCostKobo} is not null then ${purchaseItems.totalPriceKobo} end)`;
const unitsWithoutCost = sql<string | null>`coalesce(sum(case when ${lineUnitCostKobo} is null then ${purchaseItems.quantity} end), 0)`;
const noCosts = { cost: sql<string | null>`null`, costedSales: sql<string | null>`null`, unitsWithoutCost: sql<string | null>`null` };

/** A page of groups (limit and offset), or null for all. */
type GroupPage = { limit: number; offset: number } | null;

/**
 * One row per group: the key, its label (and a customer's number and email), orders, units and
 * sales in kobo (the 7th column), those with the most sales first (then by label and key: a page
 * never overlaps the next); a page of them when asked (groups of order totals only).
 */
async function groupRows(db: Db, by: ReportGrouping, where: SQL, page: GroupPage) {
  if (by === "product" || by === "category") {
    const key = by === "product" ? sql`${purchaseItems.productId}::text` : sql`${categories.id}::text`;
    const label = by === "product" ? sql`max(${purchaseItems.title})` : sql`max(${categories.name})`;
    return db
      .select({
        key: sql<string | null>`${key}`,
        label: sql<string | null>`${label}`,
        phone: sql<string | null>`null`,
        email: sql<string | null>`null`,
        orders: orderCount,
        units,
        sales: sql<string>`sum(${purchaseItems.totalPriceKobo})`,
        refunded: sql<string | null>`null`,
        cost: lineCost,
        costedSales,
        unitsWithoutCost,
      })
      .from(purchaseItems)
      .innerJoin(purchases, sql`${purchases.id} = ${purchaseItems.purchaseId}`)
      .leftJoin(...lineCostJoins.kept)
      .leftJoin(...lineCostJoins.current)
      .leftJoin(products, sql`${products.id} = ${purchaseItems.productId}`)
      .leftJoin(categories, sql`${categories.id} = ${products.categoryId}`)
      .where(where)
      .groupBy(key)
      .orderBy(sql`7 desc`, sql`2`, sql`1`);
  }
  const byCustomer = by === "customer";
  const key = groupKey(by);
  const perOrder = db
    .select({ id: purchaseItems.purchaseId, units: sql<number>`sum(${purchaseItems.quantity})`.as("units") })
    .from(purchaseItems)
    .groupBy(purchaseItems.purchaseId)
    .as("per_order");
  const refunded = refundedPerOrder(db);
  const grouped = db
    .select({
      key: sql<string | null>`${key}`,
      // a customer by the name, number and email of her latest order in the days
      label: sql<
        string | null
      >`${byCustomer ? latest(sql`trim(${purchases.firstName} || ' ' || ${purchases.lastName})`) : by === "member" ? memberName : key}`,
      phone: sql<string | null>`${byCustomer ? latest(sql`${purchases.phone}`) : sql`null`}`,
      email: sql<string | null>`${byCustomer ? latest(sql`nullif(${purchases.email}, '')`) : sql`null`}`,
      orders: sql<string>`count(*)`,
      units: sql<string>`coalesce(sum(${perOrder.units}), 0)`,
      sales: sql<string>`sum(${purchases.totalKobo})`,
      refunded: sql<string | null>`coalesce(sum(${saleRefundedSql(sql`${refunded.kobo}`)}), 0)`,
      ...noCosts,
    })
    .from(purchases)
    .leftJoin(perOrder, sql`${perOrder.id} = ${purchases.id}`)
    .leftJoin(refunded, sql`${refunded.id} = ${purchases.id}`)
    // the member who recorded it, by her name now (only the report by team member reads it)
    .leftJoin(users, by === "member" ? sql`${users.id} = ${purchases.recordedBy}` : sql`false`)
    .where(where)
    .groupBy(key)
    .orderBy(sql`7 desc`, sql`2`, sql`1`)
    .$dynamic();
  return page ? grouped.limit(page.limit).offset(page.offset) : grouped;
}

/** What groups orders by whole totals: her number, who recorded it, the area, the code or the source. */
const groupKey = (by: Exclude<ReportGrouping, "product" | "category">): SQL =>
  by === "customer"
    ? customerKey
    : by === "member"
      ? memberKey
      : sql`${by === "area" ? areaKey : by === "code" ? purchases.discountCode : purchases.source}`;

/** How many groups of order totals there are (each key once, none counting as one group, as GROUP BY makes it). */
async function groupCount(db: Db, by: Exclude<ReportGrouping, "product" | "category">, where: SQL): Promise<number> {
  const key = groupKey(by);
  const [row] = await db
    .select({ n: sql<number>`(count(distinct ${key}) + max(case when ${key} is null then 1 else 0 end))::int` })
    .from(purchases)
    .where(where);
  return row?.n ?? 0;
}

/**
 * Who sold it (docs/product.md "Reports"): the team member who recorded it at the order desk, one
 * whose account is gone, or none (the website: the shopper herself).
 */
const memberKey = sql`case when ${purchases.source} = 'web' then null else coalesce(${purchases.recordedBy}::text, 'former') end`;
const memberName = sql`case when ${memberKey} = 'former' then 'A former team member' else max(trim(${users.firstName} || ' ' || ${users.lastName})) end`;

/** Where an order went: its delivery area, or "Pick-up" for one collected at the shop (docs/product.md "Pick-up"). */
const areaKey = sql`case when ${purchases.deliveryMethod} = 'pickup' then 'Pick-up' else ${purchases.lga} end`;

/** One customer, one number (docs/product.md "Reports"), however it was typed. */
const customerKey = phoneKey(purchases.phone);
const latest = (value: SQL) => sql`(array_agg(${value} order by ${purchases.createdAt} desc))[1]`;

const emptyLabel: Record<ReportGrouping, string> = {
  product: "Deleted product",
  category: "No category (deleted product)",
  area: "No delivery area",
  code: "No code",
  source: "Website",
  member: "Website (the shopper herself)",
  customer: "No name",
};

/**
 * The report of the paid orders placed on the days asked, grouped as asked, those with the most
 * sales first: every group, or the page asked for (`pageSize`). A page of products or categories
 * (a few hundred at most) is cut from all of them, whose costs the profit's total needs; a page of
 * customers, areas, codes, sources or members is asked of the database, with its count.
 */
export async function salesReport(db: Db, q: SalesReportQuery): Promise<SalesReport> {
  const where = and(paidOrder(), ...withinDays(purchases.createdAt, q.from, q.to))!;
  const refunded = refundedPerOrder(db);
  const goods = q.by === "product" || q.by === "category";
  const page = q.pageSize ? { limit: q.pageSize, offset: (q.page - 1) * q.pageSize } : null;
  const [grouped, counted, [totals], [unitTotal], spent] = await Promise.all([
    groupRows(db, q.by, where, goods ? null : page),
    page && q.by !== "product" && q.by !== "category" ? groupCount(db, q.by, where) : null,
    db
      .select({
        orders: sql<string>`count(*)`,
        revenue: sql<string>`coalesce(sum(${purchases.totalKobo}), 0)`,
        refunded: sql<string>`coalesce(sum(${saleRefundedSql(sql`${refunded.kobo}`)}), 0)`,
      })
      .from(purchases)
      .leftJoin(refunded, sql`${refunded.id} = ${purchases.id}`)
      .where(where),
    db
      .select({ units })
      .from(purchaseItems)
      .innerJoin(purchases, sql`${purchases.id} = ${purchaseItems.purchaseId}`)
      .where(where),
    goods ? expensesBetween(db, q.from ?? FIRST_DAY, q.to ?? LAST_DAY) : 0,
  ]);
  const rows = goods && page ? grouped.slice(page.offset, page.offset + page.limit) : grouped;
  return {
    by: q.by,
    measures: goods ? "goods" : "order totals",
    rowCount: counted ?? grouped.length,
    rows: rows.map((r) => ({
      key: r.key ?? "",
      label: q.by === "source" && r.key ? (sourceLabels[r.key as keyof typeof sourceLabels] ?? r.key) : (r.label ?? emptyLabel[q.by]),
      orders: Number(r.orders),
      units: Number(r.units),
      sales: koboToNaira(Number(r.sales)),
      refunded: r.refunded === null ? null : koboToNaira(Number(r.refunded)),
      net: r.refunded === null ? null : koboToNaira(Number(r.sales) - Number(r.refunded)),
      ...(q.by === "customer" && { phone: readablePhone(r.phone ?? ""), email: r.email ?? "" }),
      ...(goods && costOf(r)),
    })),
    totals: {
      orders: Number(totals?.orders ?? 0),
      units: Number(unitTotal?.units ?? 0),
      revenue: koboToNaira(Number(totals?.revenue ?? 0)),
      refunded: koboToNaira(Number(totals?.refunded ?? 0)),
      net: koboToNaira(Number(totals?.revenue ?? 0) - Number(totals?.refunded ?? 0)),
      ...(goods && { profit: profitOf(grouped, spent) }),
    },
  };
}

type CostColumns = { cost: string | null; costedSales: string | null; unitsWithoutCost: string | null };

/** A product's or a category's row: what its lines with a cost cost, the profit on them, and its units without a cost. */
function costOf(r: CostColumns): Pick<SalesRow, "cost" | "profit" | "unitsWithoutCost"> {
  const cost = r.cost === null ? null : Number(r.cost);
  return {
    cost: cost === null ? null : koboToNaira(cost),
    profit: cost === null ? null : koboToNaira(Number(r.costedSales) - cost),
    unitsWithoutCost: Number(r.unitsWithoutCost ?? 0),
  };
}

/** The rows' profit together (every line of the days is in one row), with its margin on the sales of the lines with a cost. */
function profitOf(rows: CostColumns[], expensesKobo: number): GoodsProfit {
  let cost = 0;
  let sales = 0;
  let unitsWithoutCost = 0;
  for (const r of rows) {
    cost += Number(r.cost ?? 0);
    sales += Number(r.costedSales ?? 0);
    unitsWithoutCost += Number(r.unitsWithoutCost ?? 0);
  }
  return {
    sales: koboToNaira(sales),
    cost: koboToNaira(cost),
    profit: koboToNaira(sales - cost),
    margin: sales > 0 ? Math.round(((sales - cost) / sales) * 100) : null,
    unitsWithoutCost,
    expenses: koboToNaira(expensesKobo),
    afterExpenses: koboToNaira(sales - cost - expensesKobo),
  };
}

const groupHeader: Record<ReportGrouping, string> = {
  product: "Product",
  category: "Category",
  area: "Delivery area",
  code: "Discount code",
  source: "Source",
  member: "Recorded by",
  customer: "Customer",
};

/**
 * The report as a CSV file (naira), with the totals as its last row. Refunds are a column of
 * their own (empty on a product's or a category's row: a refund is for a whole order), and the
 * totals row says what the shop keeps. By customer, her number and email follow her name (a list
 * the owner can take to her phone's contacts).
 */
export function salesReportCsv(report: SalesReport): string {
  const salesHeader = report.measures === "goods" ? "Sales of goods (NGN)" : "Order totals (NGN)";
  const { totals } = report;
  const contact = report.by === "customer";
  const contactOf = (r: SalesRow) => (contact ? [r.phone ?? "", r.email ?? ""] : []);
  // by product or category: what the lines with a cost cost, the profit on them, and the units without one
  const goods = report.measures === "goods";
  const costsOf = (r: SalesRow) => (goods ? [r.cost?.toFixed(2) ?? "", r.profit?.toFixed(2) ?? "", r.unitsWithoutCost ?? 0] : []);
  const profit = totals.profit;
  return toCsv(
    [
      groupHeader[report.by],
      ...(contact ? ["Phone", "Email"] : []),
      "Orders",
      "Units",
      salesHeader,
      "Refunded (NGN)",
      "Kept (NGN)",
      ...(goods ? ["Cost (NGN)", "Profit (NGN)", "Units without a cost"] : []),
    ],
    [
      ...report.rows.map((r) => [
        r.label,
        ...contactOf(r),
        r.orders,
        r.units,
        r.sales.toFixed(2),
        r.refunded?.toFixed(2) ?? "",
        r.net?.toFixed(2) ?? "",
        ...costsOf(r),
      ]),
      [
        "All paid orders (order totals)",
        ...(contact ? ["", ""] : []),
        totals.orders,
        totals.units,
        totals.revenue.toFixed(2),
        totals.refunded.toFixed(2),
        totals.net.toFixed(2),
        ...(profit ? [profit.cost.toFixed(2), profit.profit.toFixed(2), profit.unitsWithoutCost] : []),
      ],
    ],
  );
}
