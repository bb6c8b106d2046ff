import { and, eq, inArray, ne } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { discountCodes, discountRedemptions } from "../../db/schema";
import { codeError, timeRefusal, usageRefusal, type Customer, type UsableCode } from "./codes.server";

// A code's uses (docs/product.md "Discount codes"): an order that carries a code holds one use
// from checkout; the use counts once the order is paid and is given back when the order is
// cancelled or expires. Held uses count against the limits, so no number of checkouts at once
// can take a code past them.

/**
 * Inside the checkout's transaction, once the order row exists: locks the code's row (FOR UPDATE),
 * so checkouts with the same code take their turn here; counts the held and used uses against the
 * code's limit and the customer's; then holds one for this order. A refusal is a 4xx and undoes
 * the whole checkout.
 */
export async function holdRedemption(
  tx: Tx,
  code: UsableCode,
  hold: { purchaseId: string; customer: Customer; discountKobo: number; now: Date },
): Promise<void> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, code.id)).for("update");
  // deleted, paused or ended since it was priced: refused like any other use of it now
  const refusal = !row ? { reason: "unknown" as const } : (timeRefusal(row, hold.now) ?? (await usageRefusal(tx, row, hold.customer)));
  if (refusal) throw codeError(row?.code ?? code.rule.code, refusal);
  await tx.insert(discountRedemptions).values({
    codeId: code.id,
    purchaseId: hold.purchaseId,
    email: hold.customer.email,
    phone: hold.customer.phone,
    status: "held",
    discountKobo: hold.discountKobo,
  });
}

/**
 * The order is paid: its use counts. A late payment that revives a cancelled order counts its use
 * again (the shopper paid the discounted price), even if others took the code's last use meanwhile.
 */
export async function markRedemptionUsed(tx: Tx, purchaseId: string, now = new Date()): Promise<void> {
  await tx
    .update(discountRedemptions)
    .set({ status: "used", updatedAt: now })
    .where(and(eq(discountRedemptions.purchaseId, purchaseId), ne(discountRedemptions.status, "used")));
}

/** The orders were cancelled or expired (or the shop cancelled a paid one): their uses are free again. */
export async function releaseRedemptions(tx: Tx, purchaseIds: string[], now = new Date()): Promise<void> {
  if (!purchaseIds.length) return;
  await tx
    .update(discountRedemptions)
    .set({ status: "released", updatedAt: now })
    .where(and(inArray(discountRedemptions.purchaseId, purchaseIds), ne(discountRedemptions.status, "released")));
}
