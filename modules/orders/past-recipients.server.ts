import { and, desc, eq, isNotNull, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { phoneKey, purchases } from "../../db/schema";
import { normalizeNigerianPhone, readablePhone } from "../../lib/phone";
import type { CheckoutDefaults } from "./checkout-form.server";

// docs/product.md "Gift orders" ("Sent before") and "Manual orders": the people a customer has sent
// gifts to, from her gift orders (paid, or still going), so the next gift to her mother or her sister starts with their
// name, number and address filled in: at checkout from her own account's orders, at the order desk
// from every order of hers the team can see (by her number or email). Read from the orders
// themselves: nothing is kept twice.

/** How many earlier recipients the checkout offers (the latest first). */
export const SENT_BEFORE_MAX = 6;

/** Someone she sent a gift to: her latest gift order to that number, with what it was sent to. */
export type PastRecipient = {
  /** the order it comes from (the checkout's `to`) */
  id: string;
  name: string;
  phone: string;
  email: string;
  lga: string;
  street: string;
  city: string;
};

/**
 * Whose orders: a shopper's account (the checkout: only her own), or a customer as the order desk
 * knows her, by her number (however an older order kept it) or her email.
 */
export type GiftBuyer = { userId: string } | { phone: string; email: string };

function buyerIs(who: GiftBuyer): SQL | undefined {
  if ("userId" in who) return eq(purchases.userId, who.userId);
  const national = normalizeNigerianPhone(who.phone)?.slice(4);
  const email = who.email.trim().toLowerCase();
  return or(
    national ? sql`${phoneKey(purchases.phone)} = ${national}` : undefined,
    email ? sql`lower(${purchases.email}) = ${email}` : undefined,
  );
}

/**
 * A gift that went, or is going: paid (even if cancelled since: the address was real), or not
 * cancelled nor failed; never one sent to the address on the recipient's wish list, which the
 * buyer does not know (docs/product.md "Wish lists").
 */
const realGift = and(
  eq(purchases.isGift, true),
  eq(purchases.addressPrivate, false),
  or(isNotNull(purchases.paidAt), notInArray(purchases.status, ["cancelled", "failed"])),
);

/**
 * The buyer's gift orders that went or are going (realGift), one a recipient (by her number: the latest order to it, so a new
 * address wins), the latest first, at most SENT_BEFORE_MAX. Nobody else's orders come in; a buyer
 * known by nothing has none.
 */
export async function pastRecipients(db: Db, who: GiftBuyer): Promise<PastRecipient[]> {
  const buyer = buyerIs(who);
  if (!buyer) return [];
  const rows = await db
    .selectDistinctOn([purchases.recipientPhone], {
      id: purchases.id,
      name: purchases.recipientName,
      phone: purchases.recipientPhone,
      email: purchases.recipientEmail,
      lga: purchases.lga,
      street: purchases.street,
      city: purchases.city,
      createdAt: purchases.createdAt,
    })
    .from(purchases)
    .where(and(buyer, realGift, isNotNull(purchases.recipientPhone)))
    .orderBy(purchases.recipientPhone, desc(purchases.createdAt));
  return rows
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, SENT_BEFORE_MAX)
    .map((r) => ({
      id: r.id,
      name: r.name ?? "",
      phone: readablePhone(r.phone ?? ""),
      email: r.email ?? "",
      lga: r.lga ?? "",
      street: r.street,
      city: r.city,
    }));
}

/** The checkout's gift fields and address for sending to `r` again: who and where, never last time's message or options. */
export const sendAgainDefaults = (r: PastRecipient): Pick<CheckoutDefaults, "street" | "city" | "gift"> => ({
  street: r.street,
  city: r.city,
  gift: { isGift: "on", recipientName: r.name, recipientPhone: r.phone, recipientEmail: r.email },
});
