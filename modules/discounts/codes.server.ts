import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { discountCodes, discountRedemptions, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { normalizeNigerianPhone } from "../../lib/phone";
import type { DiscountRule, PriceBreakdown } from "../pricing/price-order";
import { outcomeMessage, refusalMessage, type CodeRefusal } from "./messages";

// A shopper's code (docs/product.md "Discount codes"): found by name whatever its case, refused
// with a clear message when it cannot be used, else handed to the pricing function as a rule.

export type CodeRow = typeof discountCodes.$inferSelect;
/** Who uses a code, for the limit per customer: the lower-cased email and the phone in +234 form. */
export type Customer = { email: string; phone: string };
export type UsableCode = { id: string; rule: DiscountRule };

/** The redemptions that count against the limits: an unpaid order holding the code, or a paid one. */
export const COUNTED = ["held", "used"] as const;

export function customerOf(email: string, phone: string | null | undefined): Customer {
  const raw = (phone ?? "").trim();
  return { email: email.trim().toLowerCase(), phone: normalizeNigerianPhone(raw) ?? raw.replace(/[^\d+]/g, "") };
}

export async function findCode(db: Db | Tx, code: string): Promise<CodeRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(sql`lower(${discountCodes.code}) = lower(${code.trim()})`)
    .limit(1);
  return row ?? null;
}

/** Paused (not active), not started yet, or ended: by the code alone and the time. */
export function timeRefusal(row: CodeRow, now: Date): CodeRefusal | null {
  if (row.pausedAt) return { reason: "inactive" };
  if (row.startsAt && row.startsAt > now) return { reason: "not_started", startsAt: row.startsAt };
  if (row.endsAt && row.endsAt <= now) return { reason: "expired", endedAt: row.endsAt };
  return null;
}

/** Held and used redemptions of the code: all of them, and the customer's (her email or her phone). */
export async function countUses(db: Db | Tx, codeId: string, customer: Customer | null): Promise<{ total: number; mine: number }> {
  const mine = customer
    ? or(
        // an order the shop recorded may have no email: a blank one is nobody's
        customer.email ? eq(discountRedemptions.email, customer.email) : undefined,
        customer.phone ? eq(discountRedemptions.phone, customer.phone) : undefined,
      )
    : sql`false`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      mine: sql<number>`(count(*) filter (where ${mine}))::int`,
    })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.codeId, codeId), inArray(discountRedemptions.status, [...COUNTED])));
  return { total: row?.total ?? 0, mine: row?.mine ?? 0 };
}

/** Used up, or already used by this customer as often as she may. */
export async function usageRefusal(db: Db | Tx, row: CodeRow, customer: Customer | null): Promise<CodeRefusal | null> {
  if (row.maxUses === null && (row.maxUsesPerCustomer === null || !customer)) return null;
  const uses = await countUses(db, row.id, customer);
  if (row.maxUses !== null && uses.total >= row.maxUses) return { reason: "used_up" };
  if (row.maxUsesPerCustomer !== null && customer && uses.mine >= row.maxUsesPerCustomer) return { reason: "already_used" };
  return null;
}

export const toRule = (row: CodeRow): DiscountRule => ({
  code: row.code,
  kind: row.kind,
  amountKobo: row.amountKobo,
  percent: row.percent,
  minOrderKobo: row.minOrderKobo,
  productIds: row.productIds,
  categoryIds: row.categoryIds,
});

/** The 4xx for a refused code, naming the field `code`: 409 when it is used up, else 400. */
export function codeError(code: string, refusal: CodeRefusal): AppError {
  const msg = refusalMessage(code, refusal);
  const kind = refusal.reason === "used_up" || refusal.reason === "already_used" ? "conflict" : "invalid";
  return new AppError(kind, msg, { fields: { code: msg } });
}

/** The code as a pricing rule, or why it cannot be used (unknown, not active, dates, limits). */
export async function checkCode(
  db: Db | Tx,
  code: string,
  { now = new Date(), customer = null, usage = true }: { now?: Date; customer?: Customer | null; usage?: boolean } = {},
): Promise<{ usable: UsableCode; refusal: null } | { usable: null; refusal: CodeRefusal; code: string }> {
  const row = await findCode(db, code);
  if (!row) return { usable: null, refusal: { reason: "unknown" }, code: code.trim() };
  const refusal = timeRefusal(row, now) ?? (usage ? await usageRefusal(db, row, customer) : null);
  if (refusal) return { usable: null, refusal, code: row.code };
  return { usable: { id: row.id, rule: toRule(row) }, refusal: null };
}

/** The cart's view of a code: the rule to price with, or the message to show instead. */
export async function codeForCart(
  db: Db | Tx,
  code: string | null | undefined,
  options: { now?: Date; customer?: Customer | null } = {},
): Promise<{ rule: DiscountRule | null; message: string | null; code: string | null }> {
  if (!code?.trim()) return { rule: null, message: null, code: null };
  const checked = await checkCode(db, code, options);
  if (checked.usable) return { rule: checked.usable.rule, message: null, code: checked.usable.rule.code };
  return { rule: null, message: refusalMessage(checked.code, checked.refusal), code: checked.code };
}

/**
 * Checkout: the code to price with, or its refusal as a 4xx. The limits are counted by
 * holdRedemption, under the code's lock, after the shopper's earlier pending order gave its use back.
 */
export async function codeForCheckout(tx: Tx, code: string, now: Date): Promise<UsableCode> {
  const checked = await checkCode(tx, code, { now, usage: false });
  if (!checked.usable) throw codeError(checked.code, checked.refusal);
  return checked.usable;
}

/** What a cart or an order says about the code priceOrder was given: its message when it did not apply, else null. */
export function pricedCodeMessage(priced: PriceBreakdown): string | null {
  return priced.code && !priced.code.applied ? outcomeMessage(priced.code) : null;
}

/** The order's code columns; a code that did not apply to the cart (minimum, scope) is a 400 naming `code`. */
export function codeColumns(priced: PriceBreakdown): { discountCode: string | null; codeDiscountKobo: number } {
  const message = pricedCodeMessage(priced);
  if (message) throw new AppError("invalid", message, { fields: { code: message } });
  return { discountCode: priced.code?.applied ? priced.code.code : null, codeDiscountKobo: priced.codeKobo };
}

/**
 * The cart's "Discount code" field: the code to keep for the visit, as the shop spells it, or a
 * 4xx naming `code` when it cannot be used at all. The minimum and the scope depend on the cart,
 * so the cart's summary says those.
 */
export async function codeToKeep(db: Db, code: string, userId: string | null): Promise<string> {
  const [user] = userId ? await db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId)) : [];
  const checked = await checkCode(db, code, { customer: user ? customerOf(user.email, user.phone) : null });
  if (!checked.usable) throw codeError(checked.code, checked.refusal);
  return checked.usable.rule.code;
}
