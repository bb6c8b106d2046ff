import { sql, type SQL } from "drizzle-orm";

// docs/product.md §4 "Order": an order that holds money records stays on record, so the
// revenue, the sales report and its refunds never change behind the owner's back.

/** What the owner reads when she tries to delete such an order. */
export const paidOrderKept = "A paid order cannot be deleted: cancel or refund it instead.";

/**
 * True for an order paid at any time, holding a part payment (docs/product.md "Part payments"), or with a refund, a dispute or a payment it could not take
 * (stray-payments.server.ts): it cannot be deleted. Named
 * in full, as drizzle leaves the columns of a one-table select unqualified (and the subqueries'
 * own columns would shadow them).
 */
export const holdsMoneyRecords = (): SQL<boolean> =>
  sql<boolean>`(purchases.paid_at is not null or purchases.deposit_kobo > 0
    or exists (select 1 from refunds r where r.purchase_id = purchases.id)
    or exists (select 1 from payment_disputes d where d.purchase_id = purchases.id)
    or exists (select 1 from stray_payments s where s.purchase_id = purchases.id))`;
