import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { readablePhone } from "../../lib/phone";
import { purchases, users } from "../../db/schema";
import { findDeliveryArea } from "../delivery/areas.server";
import { loadPricingRules } from "../pricing/load-pricing.server";

/**
 * The delivery area a page starts with: the one chosen in the cart (`chosen`),
 * else the profile's, each only if the shop delivers there; null lets the
 * shopper choose. Spelled as the area is.
 */
export async function startingArea(db: Db, userId: string | null, chosen: string | null): Promise<string | null> {
  const { rules } = await loadPricingRules(db);
  const picked = await findDeliveryArea(db, chosen, rules.standardDeliveryKobo);
  if (picked || !userId) return picked?.lga ?? null;
  const [u] = await db.select({ lga: users.lga }).from(users).where(eq(users.id, userId));
  return (await findDeliveryArea(db, u?.lga, rules.standardDeliveryKobo))?.lga ?? null;
}

/**
 * What a signed-in shopper's checkout form starts with: her profile, and where the profile is
 * silent her latest order's phone, street and city (one indexed read), so a returning shopper
 * types nothing. The area is startingArea's (the page's own choice).
 */
export async function checkoutDefaults(db: Db, userId: string): Promise<CheckoutDefaults> {
  const [[u], [last]] = await Promise.all([
    db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone, address: users.address })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ phone: purchases.phone, street: purchases.street, city: purchases.city })
      .from(purchases)
      // a gift's address is the recipient's, never hers
      .where(and(eq(purchases.userId, userId), eq(purchases.isGift, false)))
      .orderBy(desc(purchases.createdAt))
      .limit(1),
  ]);
  return {
    name: u ? `${u.firstName} ${u.lastName}`.trim() : "",
    email: u?.email ?? "",
    phone: u?.phone || last?.phone || "",
    street: u?.address || last?.street || "",
    city: last?.city ?? "",
    note: "",
    gift: {},
  };
}

/** What the checkout form starts with besides the area: her details, the gift's, and the rider's instructions. */
export type CheckoutDefaults = {
  name: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  note: string;
  /** the gift's fields as the form names them ('on' for a ticked box) */
  gift: Record<string, string>;
};

/**
 * What a guest's checkout starts with when she comes back to it from a payment that did not go
 * through: the order this browser started (its signed id, checked by the caller), while it is
 * still unpaid. A paid order's details are never shown again this way.
 */
export async function returningGuestDefaults(db: Db, purchaseId: string): Promise<CheckoutDefaults | null> {
  const [p] = await db.select().from(purchases).where(eq(purchases.id, purchaseId));
  if (!p || p.paidAt || !["pending", "cancelled"].includes(p.status) || p.userId) return null;
  const gift: Record<string, string> = {};
  // a gift to the address on her friend's wish list: only its message comes back (she never saw the rest)
  const hidden = p.addressPrivate;
  if (p.isGift) {
    Object.assign(gift, {
      isGift: "on",
      recipientName: hidden ? "" : (p.recipientName ?? ""),
      recipientPhone: p.recipientPhone && !hidden ? readablePhone(p.recipientPhone) : "",
      recipientEmail: hidden ? "" : (p.recipientEmail ?? ""),
      giftMessage: p.giftMessage ?? "",
    });
    for (const [name, on] of [
      ["anonymousSender", p.anonymousSender],
      ["hidePrices", p.hidePrices],
      ["surpriseMode", p.surpriseMode],
      ["remindNextYear", p.giftRemindOn !== null],
    ] as const)
      if (on) gift[name] = "on";
  }
  return {
    name: `${p.firstName} ${p.lastName}`.trim(),
    email: p.email,
    phone: readablePhone(p.phone),
    street: hidden ? "" : p.street,
    city: hidden ? "" : p.city,
    note: p.orderNote ?? "",
    gift,
  };
}
