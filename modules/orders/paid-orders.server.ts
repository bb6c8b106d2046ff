import { and, eq, inArray, isNotNull, ne, or, sql, type Column, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { phoneKey, purchases } from "../../db/schema";
import { koboToNaira } from "../../lib/money";
import { refundedPerOrder, saleRefundedSql } from "./refunds.server";
import { PAID_STATUSES } from "./statuses";

/**
 * An order that was paid and stands (docs/product.md §4): its money arrived (paid_at) and it is
 * in one of the paid statuses. A pay-on-delivery order on its way is not paid yet; a payment for
 * an order that stayed cancelled is a refund due, not a sale. `t`: another name for the table, in a
 * subquery.
 */
export const paidOrder = (t: { paidAt: Column; status: Column } = purchases): SQL =>
  and(isNotNull(t.paidAt), inArray(t.status, [...PAID_STATUSES]))!;

/** Whether this customer (the account, the email or the phone) has a paid order: a returning customer. */
export async function hasPaidOrder(db: Db | Tx, who: { userId: string | null; email: string; phone: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        paidOrder(),
        or(
          who.userId ? eq(purchases.userId, who.userId) : undefined,
          who.email ? sql`lower(${purchases.email}) = ${who.email.toLowerCase()}` : undefined,
          eq(purchases.phone, who.phone),
        ),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * The customer's other paid orders, by her phone number however it was typed (the sales report's
 * customer), what they came to in naira less the sales refunded (the report's "Kept"), and those
 * refunds: the order page's "Her other orders" in the back office.
 */
export async function otherPaidOrders(
  db: Db | Tx,
  order: { id: string; phone: string },
): Promise<{ count: number; total: number; refunded: number }> {
  const given = refundedPerOrder(db);
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      kobo: sql<string>`coalesce(sum(${purchases.totalKobo}), 0)`,
      refunded: sql<string>`coalesce(sum(${saleRefundedSql(sql`${given.kobo}`)}), 0)`,
    })
    .from(purchases)
    .leftJoin(given, eq(given.id, purchases.id))
    .where(and(paidOrder(), sql`${phoneKey(purchases.phone)} = ${phoneKey(sql`${order.phone}::text`)}`, ne(purchases.id, order.id)));
  const refunded = Number(row?.refunded ?? 0);
  return { count: Number(row?.count ?? 0), total: koboToNaira(Number(row?.kobo ?? 0) - refunded), refunded: koboToNaira(refunded) };
}
