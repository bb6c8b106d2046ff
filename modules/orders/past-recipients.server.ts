import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchases } from "../../db/schema";
import { readablePhone } from "../../lib/phone";
import type { CheckoutDefaults } from "./checkout-form.server";

// docs/product.md "Gift orders" ("Sent before"): the people a signed-in shopper has sent gifts to,
// from her own account's paid gift orders, so the next gift to her mother or her sister starts with
// their name, number and address filled in. Read from the orders themselves: nothing is kept twice.

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
 * Her account's paid gift orders, one a recipient (by her number: the latest order to it, so a new
 * address wins), the latest first, at most SENT_BEFORE_MAX. Another shopper's orders never come in:
 * only `userId`'s own.
 */
export async function pastRecipients(db: Db, userId: string): Promise<PastRecipient[]> {
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
    .where(and(eq(purchases.userId, userId), eq(purchases.isGift, true), isNotNull(purchases.paidAt), isNotNull(purchases.recipientPhone)))
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
