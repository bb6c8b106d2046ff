import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
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
export async function checkoutDefaults(db: Db, userId: string) {
  const [[u], [last]] = await Promise.all([
    db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone, address: users.address })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ phone: purchases.phone, street: purchases.street, city: purchases.city })
      .from(purchases)
      .where(eq(purchases.userId, userId))
      .orderBy(desc(purchases.createdAt))
      .limit(1),
  ]);
  return {
    name: u ? `${u.firstName} ${u.lastName}`.trim() : "",
    email: u?.email ?? "",
    phone: u?.phone || last?.phone || "",
    street: u?.address || last?.street || "",
    city: last?.city ?? "",
  };
}
