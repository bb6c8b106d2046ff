import { and, count, countDistinct, desc, eq, isNotNull, ne, sql, sum } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchaseItems, purchases } from "../../db/schema";
import { withinDays } from "../../lib/day-range";

// docs/product.md "Manual orders", "Owner alerts": the prices the team agreed in the chats below what
// the shop sold at, so the owner sees each morning what the team gave away and who did.

export type AgreedPriceLine = {
  purchaseId: string;
  title: string;
  quantity: number;
  /** the price each agreed, and what the shop sold it at that day */
  agreedKobo: number;
  listedKobo: number;
  /** who recorded the order; null when no name is kept */
  by: string | null;
};

export type AgreedPrices = { orders: number; belowKobo: number; lines: AgreedPriceLine[]; more: number };

// orders placed that day at an agreed price and not cancelled: a cancelled one gave nothing away
const agreedOn = (day: string) =>
  and(isNotNull(purchaseItems.listedKobo), ne(purchases.status, "cancelled"), ...withinDays(purchases.createdAt, day, day));

/** The lines sold at an agreed price in orders placed on `day` (Lagos), the biggest gap first, and what they came to below the listed prices. */
export async function agreedPricesOn(db: Db, day: string, limit: number): Promise<AgreedPrices> {
  const below = sql<number>`${purchaseItems.listedKobo} * ${purchaseItems.quantity} - ${purchaseItems.totalPriceKobo}`;
  const [[total], rows] = await Promise.all([
    db
      .select({ orders: countDistinct(purchases.id), lines: count(), belowKobo: sum(below).mapWith(Number) })
      .from(purchaseItems)
      .innerJoin(purchases, eq(purchases.id, purchaseItems.purchaseId))
      .where(agreedOn(day)),
    db
      .select({
        purchaseId: purchaseItems.purchaseId,
        title: purchaseItems.title,
        quantity: purchaseItems.quantity,
        totalKobo: purchaseItems.totalPriceKobo,
        listedKobo: sql<number>`${purchaseItems.listedKobo}`,
        // the member who recorded it: the order's first event
        by: sql<string | null>`(select trim(u.first_name || ' ' || u.last_name) from purchase_events e join users u on u.id = e.actor_id
          where e.purchase_id = ${purchases.id} order by e.created_at, e.id limit 1)`,
      })
      .from(purchaseItems)
      .innerJoin(purchases, eq(purchases.id, purchaseItems.purchaseId))
      .where(agreedOn(day))
      .orderBy(desc(below), purchaseItems.id)
      .limit(limit),
  ]);
  return {
    orders: total?.orders ?? 0,
    belowKobo: total?.belowKobo ?? 0,
    lines: rows.map(({ totalKobo, ...r }) => ({ ...r, agreedKobo: Math.round(totalKobo / r.quantity) })),
    more: Math.max(0, (total?.lines ?? 0) - rows.length),
  };
}
