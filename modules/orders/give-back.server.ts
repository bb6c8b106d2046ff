import { count, eq, sql, type AnyColumn } from "drizzle-orm";
import type { Db } from "../../db/client";
import { strayPayments } from "../../db/schema";

// Money the shop holds for no order (docs/product.md "Paying", "Part payments"): payments not
// applied to their order, waiting for the owner: a provider's payment to refund, or a part the shop
// recorded on an order it cancelled, to give back or keep. Listed by the orders list's filter
// (payment=give_back), the morning summary and the owner's dashboard, so none is forgotten on an
// order nobody opens again. The few rows of a partial index.

const waiting = eq(strayPayments.status, "refund_needed");

/** The orders holding such a payment: a condition on a purchase id (purchases', or the orders list's search copy's). */
export const givesBack = (purchaseId: AnyColumn) =>
  sql`${purchaseId} in (select ${strayPayments.purchaseId} from ${strayPayments} where ${waiting})`;

/** How many payments wait to be given back, on how many orders, and their sum in kobo. */
export async function moneyToGiveBack(db: Db): Promise<{ payments: number; orders: number; kobo: number }> {
  const [row] = await db
    .select({
      payments: count(),
      orders: sql<number>`count(distinct ${strayPayments.purchaseId})`.mapWith(Number),
      kobo: sql<number>`coalesce(sum(${strayPayments.amountKobo}), 0)`.mapWith(Number),
    })
    .from(strayPayments)
    .where(waiting);
  return { payments: row?.payments ?? 0, orders: row?.orders ?? 0, kobo: row?.kobo ?? 0 };
}
