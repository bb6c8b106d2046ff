import { and, eq, gte, isNotNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { productCosts, products, purchaseItems, purchases, refunds, users } from "../../db/schema";
import { lagosNow } from "../../lib/lagos-calendar";
import { koboToNaira } from "../../lib/money";
import { paidOrder } from "../orders/paid-orders.server";
import { saleRefundedSql } from "../orders/refunds.server";
import { expensesBetween, thisMonth } from "./expenses.server";
import { lineCostJoins, lineUnitCostKobo } from "../pricing/costs.server";
import { partPaidOrders } from "../orders/part-payments.server";
import { transfersToCheck } from "../orders/transfer-sent.server";
import { moneyToGiveBack } from "../orders/give-back.server";

// The owner's /dashboard figures: sales of paid orders, the profit on them, the stock's worth and new customers.

// Paid orders: the orders' one rule (docs/product.md "Paying"); a cancelled one is refunded.
const paid = paidOrder();

/** Midnight in Lagos (UTC+1, no DST) of the first of this month. */
export function monthStart(now = new Date()): Date {
  const lagos = new Date(now.getTime() + 3600_000);
  return new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), 1) - 3600_000);
}

export type DashboardStats = {
  revenue: number;
  /** sales given back this month by refunds, processed or on their way (a failed one gave nothing back; an overpayment's was never a sale) */
  refunded: number;
  orders: number;
  newCustomers: number;
  averageOrderValue: number;
  /**
   * docs/product.md "Cost prices and profit": the goods of this month's paid orders that have a
   * cost, their totals less that cost (`profit`), and the units sold without one
   */
  profit: number;
  unitsWithoutCost: number;
  /** what the tracked stock cost the shop (units × cost price), and the tracked products without a cost */
  stockAtCost: number;
  productsWithoutCost: number;
  /** docs/product.md "Expenses": what was spent this month (its Lagos days so far), and the profit on goods less it */
  expenses: number;
  afterExpenses: number;
  daily: { day: string; revenue: number; orders: number }[];
  /** docs/product.md "Part payments": orders part paid and waiting, and what is still to come (naira) */
  partPaid: { orders: number; left: number; overdue: number };
  /** docs/product.md "Paying", "Part payments": payments not applied to their orders, waiting to be given back (naira) */
  toGiveBack: { payments: number; amount: number };
  /** docs/product.md "Paying": unpaid orders whose transfer the customer says she sent, for the team to find */
  transfersTold: number;
};

/** The lines of the orders paid since `since`: the profit on those with a cost, and the units of those without (kobo, units). */
function goodsProfit(db: Db, since: Date) {
  return db
    .select({
      kobo: sql<string>`coalesce(sum(${purchaseItems.totalPriceKobo} - ${lineUnitCostKobo} * ${purchaseItems.quantity}), 0)`,
      unitsWithoutCost: sql<string>`coalesce(sum(${purchaseItems.quantity}) filter (where ${lineUnitCostKobo} is null), 0)`,
    })
    .from(purchaseItems)
    .innerJoin(purchases, eq(purchases.id, purchaseItems.purchaseId))
    .leftJoin(...lineCostJoins.kept)
    .leftJoin(...lineCostJoins.current)
    .where(and(paid, gte(purchases.paidAt, since)));
}

/** What the tracked stock cost (kobo), and how many tracked products have no cost to count it by. */
function stockAtCost(db: Db) {
  return db
    .select({
      kobo: sql<string>`coalesce(sum(${products.stock}::bigint * ${productCosts.costKobo}), 0)`,
      withoutCost: sql<number>`(count(*) filter (where ${productCosts.costKobo} is null))::int`,
    })
    .from(products)
    .leftJoin(productCosts, eq(productCosts.productId, products.id))
    .where(isNotNull(products.stock));
}

/**
 * What refunds made between `since` and `now` gave back of sales (kobo), as the sales report counts
 * it (saleRefundedSql): money that arrived over an order's total and went back was never a sale.
 * Per order, the sale's part of all its refunds up to `now` less the part of those before `since`.
 */
function refundedOfSales(db: Db, since: Date, now: Date) {
  const held = ne(refunds.status, "failed");
  const perOrder = db
    .select({
      id: refunds.purchaseId,
      upTo: sql<number>`sum(${refunds.amountKobo}) filter (where ${refunds.createdAt} <= ${now})`.as("up_to"),
      before: sql<number>`sum(${refunds.amountKobo}) filter (where ${refunds.createdAt} < ${since})`.as("before"),
    })
    .from(refunds)
    .where(held)
    .groupBy(refunds.purchaseId)
    .having(sql`bool_or(${refunds.createdAt} >= ${since} and ${refunds.createdAt} <= ${now})`)
    .as("refunded_per_order");
  return db
    .select({
      kobo: sql<number>`coalesce(sum(${saleRefundedSql(sql`${perOrder.upTo}`)} - ${saleRefundedSql(sql`${perOrder.before}`)}), 0)::bigint`,
    })
    .from(perOrder)
    .innerJoin(purchases, eq(purchases.id, perOrder.id));
}

/**
 * The owner's at-a-glance figures for this month, and paid sales per day for 30 days.
 * A sale counts on the day it was paid (paid_at), not the day the order was placed.
 */
export async function dashboardStats(db: Db, now = new Date()): Promise<DashboardStats> {
  const since = monthStart(now);
  const days = thisMonth(now);
  const [[month], [refunded], [customers], [profit], [stock], spent, daily, partPaid, giveBack, transfersTold] = await Promise.all([
    db
      .select({ revenue: sql<number>`coalesce(sum(${purchases.totalKobo}), 0)::bigint`, orders: sql<number>`count(*)::int` })
      .from(purchases)
      .where(and(paid, gte(purchases.paidAt, since))),
    refundedOfSales(db, since, now),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.role, "customer"), gte(users.createdAt, since))),
    goodsProfit(db, since),
    stockAtCost(db),
    expensesBetween(db, days.from, days.to),
    db.execute(sql`
      select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(sum(p.total_kobo), 0)::bigint as revenue, count(p.id)::int as orders
      from generate_series(((${now.toISOString()}::timestamptz at time zone 'Africa/Lagos')::date - 29), (${now.toISOString()}::timestamptz at time zone 'Africa/Lagos')::date, interval '1 day') as d(day)
      left join (
        select ${purchases.id} as id, ${purchases.paidAt} as paid_at, ${purchases.totalKobo} as total_kobo from ${purchases}
        where ${paid} and ${purchases.paidAt} >= ${new Date(now.getTime() - 31 * 86400_000)}
      ) p on (p.paid_at at time zone 'Africa/Lagos')::date = d.day::date
      group by d.day order by d.day`),
    partPaidOrders(db, lagosNow(now).date),
    moneyToGiveBack(db),
    transfersToCheck(db),
  ]);
  const revenueKobo = Number(month?.revenue ?? 0);
  const orders = Number(month?.orders ?? 0);
  return {
    revenue: koboToNaira(revenueKobo),
    refunded: koboToNaira(Number(refunded?.kobo ?? 0)),
    orders,
    newCustomers: customers?.n ?? 0,
    averageOrderValue: orders ? Math.round(revenueKobo / orders) / 100 : 0,
    profit: koboToNaira(Number(profit?.kobo ?? 0)),
    expenses: koboToNaira(spent),
    afterExpenses: koboToNaira(Number(profit?.kobo ?? 0) - spent),
    unitsWithoutCost: Number(profit?.unitsWithoutCost ?? 0),
    stockAtCost: koboToNaira(Number(stock?.kobo ?? 0)),
    productsWithoutCost: stock?.withoutCost ?? 0,
    daily: (daily as unknown as { rows: { day: string; revenue: string; orders: string }[] }).rows.map((r) => ({
      day: r.day,
      revenue: koboToNaira(Number(r.revenue)),
      orders: Number(r.orders),
    })),
    partPaid: { orders: partPaid.orders, left: koboToNaira(partPaid.leftKobo), overdue: partPaid.overdue },
    toGiveBack: { payments: giveBack.payments, amount: koboToNaira(giveBack.kobo) },
    transfersTold,
  };
}
