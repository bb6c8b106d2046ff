import { and, asc, desc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactMessages, newsletterSubscribers, purchases, userSearchText, users } from "../../db/schema";
import { koboToNaira } from "../../lib/money";
import { toUserView } from "../accounts/service.server";
import type { UserView } from "../accounts/types";
import { containing } from "../../lib/like-pattern";
import { toCsv } from "../../lib/csv";
import { PAID_STATUSES } from "../orders/statuses";
import { withinDays } from "../../lib/day-range";
import { userListQuery, type userSorts, type UserListQuery } from "./user-list-schemas";

// Paid orders: payment verified, whatever happened to them since (cancelled ones are refunded).
const paidStatuses = inArray(purchases.status, [...PAID_STATUSES]);

/** Midnight in Lagos (UTC+1, no DST) of the first of this month. */
export function monthStart(now = new Date()): Date {
  const lagos = new Date(now.getTime() + 3600_000);
  return new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), 1) - 3600_000);
}

export type DashboardStats = {
  revenue: number;
  orders: number;
  newCustomers: number;
  averageOrderValue: number;
  daily: { day: string; revenue: number; orders: number }[];
};

/**
 * The owner's at-a-glance figures for this month, and paid sales per day for 30 days.
 * A sale counts on the day it was paid (paid_at), not the day the order was placed.
 */
export async function dashboardStats(db: Db, now = new Date()): Promise<DashboardStats> {
  const since = monthStart(now);
  const [[month], [customers], daily] = await Promise.all([
    db
      .select({ revenue: sql<number>`coalesce(sum(${purchases.totalKobo}), 0)::bigint`, orders: sql<number>`count(*)::int` })
      .from(purchases)
      .where(and(paidStatuses, gte(purchases.paidAt, since))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.role, "customer"), gte(users.createdAt, since))),
    db.execute(sql`
      select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(sum(p.total_kobo), 0)::bigint as revenue, count(p.id)::int as orders
      from generate_series(((${now.toISOString()}::timestamptz at time zone 'Africa/Lagos')::date - 29), (${now.toISOString()}::timestamptz at time zone 'Africa/Lagos')::date, interval '1 day') as d(day)
      left join ${purchases} p on (p.paid_at at time zone 'Africa/Lagos')::date = d.day::date
        and p.paid_at >= ${new Date(now.getTime() - 31 * 86400_000)}
        and p.status in (${sql.join(
          PAID_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})
      group by d.day order by d.day`),
  ]);
  const revenueKobo = Number(month?.revenue ?? 0);
  const orders = Number(month?.orders ?? 0);
  return {
    revenue: koboToNaira(revenueKobo),
    orders,
    newCustomers: customers?.n ?? 0,
    averageOrderValue: orders ? Math.round(revenueKobo / orders) / 100 : 0,
    daily: (daily as unknown as { rows: { day: string; revenue: string; orders: string }[] }).rows.map((r) => ({
      day: r.day,
      revenue: koboToNaira(Number(r.revenue)),
      orders: Number(r.orders),
    })),
  };
}

const userOrder: Record<(typeof userSorts)[number], SQL[]> = {
  newest: [desc(users.createdAt), asc(users.id)],
  oldest: [asc(users.createdAt), asc(users.id)],
  name: [asc(users.firstName), asc(users.lastName), asc(users.id)],
};

/** /dashboard, /teamtable and GET /api/users: searched by name, email or phone, by role, joined between two days. */
export async function searchUsers(db: Db, input: UserListQuery = {}): Promise<{ items: UserView[]; total: number }> {
  const q = userListQuery.parse(input);
  const where: SQL[] = [];
  if (q.role) where.push(eq(users.role, q.role));
  if (q.q) {
    const like = containing(q.q);
    // one expression, the one users_search_trgm_idx is built on, so the trigram index serves it
    where.push(sql`${userSearchText(users)} ilike ${like}`);
  }
  where.push(...withinDays(users.createdAt, q.from, q.to));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(cond)
      .orderBy(...userOrder[q.sort])
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(cond),
  ]);
  return { items: rows.map(toUserView), total: count?.n ?? 0 };
}

// ---- /settings: what shoppers left with us

export async function recentSubscribers(db: Db, limit = 10) {
  const [rows, [count]] = await Promise.all([
    db.select().from(newsletterSubscribers).orderBy(desc(newsletterSubscribers.createdAt)).limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(newsletterSubscribers),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: [r.firstName, r.lastName].filter(Boolean).join(" "),
      source: r.source,
      createdAt: r.createdAt.toISOString(),
    })),
    total: count?.n ?? 0,
  };
}

export async function recentMessages(db: Db, limit = 10) {
  const [rows, [count]] = await Promise.all([
    db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(contactMessages),
  ]);
  return {
    items: rows.map((r) => ({ id: r.id, name: r.name, email: r.email, message: r.message, createdAt: r.createdAt.toISOString() })),
    total: count?.n ?? 0,
  };
}

export async function subscribersCsv(db: Db): Promise<string> {
  const rows = await db.select().from(newsletterSubscribers).orderBy(asc(newsletterSubscribers.createdAt));
  return toCsv(
    ["email", "firstName", "lastName", "source", "createdAt"],
    rows.map((r) => [r.email, r.firstName, r.lastName, r.source, r.createdAt.toISOString()]),
  );
}

export async function messagesCsv(db: Db): Promise<string> {
  const rows = await db.select().from(contactMessages).orderBy(asc(contactMessages.createdAt));
  return toCsv(
    ["name", "email", "message", "createdAt"],
    rows.map((r) => [r.name, r.email, r.message, r.createdAt.toISOString()]),
  );
}
