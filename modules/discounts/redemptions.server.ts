import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { discountCodes, discountRedemptions } from "../../db/schema";
import { codeError, timeRefusal, toRule, usageRefusal, type CodeRow, type Customer, type UsableCode } from "./codes.server";
import type { CodeRefusal } from "./messages";

// A code's uses (docs/product.md "Discount codes"): an order that carries a code holds one use
// from checkout; the use counts once the order is paid and is given back when the order is
// cancelled or expires. Held uses count against the limits, so no number of checkouts at once
// can take a code past them.

/**
 * Locks the code's row (FOR UPDATE, unless told not to), so uses of one code take their turn
 * here, then says why it cannot be used now: deleted, paused or ended since it was priced, or its
 * held and used uses at its limit or the customer's. The checkout's rule; the caller holds the use
 * before it commits.
 */
async function lockedRefusal(
  db: Db | Tx,
  codeId: string,
  customer: Customer,
  now: Date,
  lock = true,
): Promise<{ row: CodeRow; refusal: CodeRefusal | null } | { row: null; refusal: CodeRefusal }> {
  const read = db.select().from(discountCodes).where(eq(discountCodes.id, codeId));
  const [row] = lock ? await read.for("update") : await read;
  if (!row) return { row: null, refusal: { reason: "unknown" } };
  return { row, refusal: timeRefusal(row, now) ?? (await usageRefusal(db, row, customer)) };
}

/**
 * Inside the checkout's transaction, once the order row exists: counts the held and used uses
 * against the code's limit and the customer's, under the code's lock, then holds one for this
 * order. A refusal is a 4xx and undoes the whole checkout.
 */
export async function holdRedemption(
  tx: Tx,
  code: UsableCode,
  hold: { purchaseId: string; customer: Customer; discountKobo: number; now: Date },
): Promise<void> {
  const { row, refusal } = await lockedRefusal(tx, code.id, hold.customer, hold.now);
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
 * A lapsed order taken up again: its code's use was given back, so the code is checked again as a
 * checkout checks it, under the code's lock (held until the caller's transaction ends, so two
 * revivals never share a last use). Its rule, or why it cannot be used now: then the order goes
 * without it. The caller holds the use again (`status: 'held'`) if the order keeps the code. The
 * page that shows her order asks without the lock (`lock: false`); completing it asks again.
 */
export async function recheckRedemption(
  db: Db | Tx,
  purchaseId: string,
  customer: Customer,
  { now, lock = true }: { now: Date; lock?: boolean },
): Promise<{ usable: UsableCode; refusal: null } | { usable: null; refusal: CodeRefusal }> {
  const [held] = await db
    .select({ codeId: discountRedemptions.codeId })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.purchaseId, purchaseId));
  const checked = held ? await lockedRefusal(db, held.codeId, customer, now, lock) : null;
  // no use on record, or no code row: the owner deleted the code since, so it is simply not active
  if (!checked?.row) return { usable: null, refusal: { reason: "inactive" } };
  if (checked.refusal) return { usable: null, refusal: checked.refusal };
  return { usable: { id: checked.row.id, rule: toRule(checked.row) }, refusal: null };
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
