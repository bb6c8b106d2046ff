import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { discountRedemptions, purchases } from "../../db/schema";
import { koboToNaira } from "../../lib/money";
import { getDiscountCode, listDiscountCodes } from "../discounts/admin.server";
import type { DiscountListQuery } from "../discounts/schemas";
import type { DiscountCode, DiscountCodeView, DiscountFigures } from "../discounts/types";
import { paidOrder } from "../orders/paid-orders.server";

// Each discount code's sales (docs/product.md "Discount codes", back office): its paid orders,
// their totals (revenue) and what the code took off them (discount given). Paid is the orders'
// one rule (paidOrder); a use refunded by a cancel leaves them.

const paid = paidOrder();
const none: DiscountFigures = { uses: 0, revenue: 0, discountGiven: 0 };

async function figuresOf(db: Db, codeIds: string[]): Promise<Map<string, DiscountFigures>> {
  if (!codeIds.length) return new Map();
  const rows = await db
    .select({
      codeId: discountRedemptions.codeId,
      uses: sql<number>`(count(*) filter (where ${paid}))::int`,
      revenue: sql<string>`coalesce(sum(${purchases.totalKobo}) filter (where ${paid}), 0)::bigint`,
      given: sql<string>`coalesce(sum(${purchases.codeDiscountKobo}) filter (where ${paid}), 0)::bigint`,
    })
    .from(discountRedemptions)
    .innerJoin(purchases, sql`${purchases.id} = ${discountRedemptions.purchaseId}`)
    .where(inArray(discountRedemptions.codeId, codeIds))
    .groupBy(discountRedemptions.codeId);
  return new Map(
    rows.map((r) => [r.codeId, { uses: r.uses, revenue: koboToNaira(Number(r.revenue)), discountGiven: koboToNaira(Number(r.given)) }]),
  );
}

const withFigures = (code: DiscountCode, figures: Map<string, DiscountFigures>): DiscountCodeView => ({
  ...code,
  ...(figures.get(code.id) ?? none),
});

/** /discounttable and GET /api/discounts: the codes of the page, each with its figures. */
export async function listDiscountCodeViews(db: Db, query: DiscountListQuery = {}): Promise<{ items: DiscountCodeView[]; total: number }> {
  const { items, total } = await listDiscountCodes(db, query);
  const figures = await figuresOf(
    db,
    items.map((c) => c.id),
  );
  return { items: items.map((c) => withFigures(c, figures)), total };
}

/** One code with its figures (GET /api/discounts/{id}, /editdiscount/{id}). */
export async function discountCodeView(db: Db, id: string): Promise<DiscountCodeView> {
  const code = await getDiscountCode(db, id);
  return withFigures(code, await figuresOf(db, [id]));
}
