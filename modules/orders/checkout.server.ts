import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deliveryRates, users } from "../../db/schema";

// spec §9: the profile's fallback LGA list when no delivery rates exist yet
const FALLBACK_LGAS = ["Ikorodu", "Surulere", "Magodo", "Lekki", "Ikeja"];

/** The LGA names a shopper can pick at checkout: the delivery rates' areas. */
export async function deliveryAreas(db: Db): Promise<string[]> {
  const rows = await db.select({ lga: deliveryRates.lga }).from(deliveryRates).orderBy(asc(deliveryRates.lga));
  return rows.length ? rows.map((r) => r.lga) : FALLBACK_LGAS;
}

/**
 * The checkout form prefilled from the profile. The LGA select shows one of the
 * areas (spelled as the area is) or "" ("Other area"): what the form shows is
 * what the summary and the order are priced with.
 */
export async function checkoutDefaults(db: Db, userId: string, areas: string[]) {
  const [u] = await db
    .select({ phone: users.phone, address: users.address, lga: users.lga, state: users.state })
    .from(users)
    .where(eq(users.id, userId));
  const wanted = u?.lga?.trim().toLowerCase();
  const lga = (wanted && areas.find((a) => a.trim().toLowerCase() === wanted)) || "";
  return { street: u?.address ?? "", city: u?.lga ?? "", state: u?.state ?? "Lagos", phone: u?.phone ?? "", lga };
}
