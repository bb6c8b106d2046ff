import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
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
 * The checkout form prefilled from the profile, with the area she starts with
 * ("" until she chooses one): what the form shows is what the summary and the
 * order are priced with.
 */
export async function checkoutDefaults(db: Db, userId: string, chosen: string | null) {
  const [[u], lga] = await Promise.all([
    db.select({ phone: users.phone, address: users.address, lga: users.lga, state: users.state }).from(users).where(eq(users.id, userId)),
    startingArea(db, userId, chosen),
  ]);
  return { street: u?.address ?? "", city: u?.lga ?? "", state: u?.state ?? "Lagos", phone: u?.phone ?? "", lga: lga ?? "" };
}
