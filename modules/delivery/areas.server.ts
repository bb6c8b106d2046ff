import { asc, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { deliveryRates } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { DeliveryRate } from "./types";

// docs/product.md §9: the LGAs offered while the shop has no delivery rates yet
const FALLBACK_AREAS = ["Ikeja", "Ikorodu", "Lekki", "Magodo", "Surulere"];

const norm = (lga: string | null | undefined) => lga?.trim().toLowerCase() ?? "";

/**
 * The areas the shop delivers to, by name, each with its standard charge: the
 * delivery rates (/lga). A shop with no rates yet delivers to docs/product.md §9's fallback
 * LGAs at the settings' standard fee, so a fresh shop can sell; once one rate
 * exists, only the rates count. An area the shop does not list is never priced.
 */
export async function listDeliveryAreas(db: Queryable, standardKobo: number): Promise<DeliveryRate[]> {
  const rows = await db
    .select({ lga: deliveryRates.lga, chargeKobo: deliveryRates.chargeKobo })
    .from(deliveryRates)
    .orderBy(asc(deliveryRates.lga));
  return rows.length ? rows : FALLBACK_AREAS.map((lga) => ({ lga, chargeKobo: standardKobo }));
}

/**
 * The least a delivery costs (kobo), as a product page says "from ₦1,500": the cheapest area's
 * standard charge, or null while the shop has no rates (its fallback areas cost the settings' fee).
 */
export async function cheapestRateKobo(db: Queryable): Promise<number | null> {
  const [row] = await db.select({ least: sql<number | null>`min(${deliveryRates.chargeKobo})::int` }).from(deliveryRates);
  return row?.least ?? null;
}

/** The names of the areas the shop delivers to (the cart's and checkout's picker, register's Town, the profile's LGA). */
export async function deliveryAreaNames(db: Queryable): Promise<string[]> {
  return (await listDeliveryAreas(db, 0)).map((a) => a.lga);
}

/** The delivery area named `lga` (case-insensitive, spaces trimmed), spelled as the shop spells it; null if it delivers no such area. */
export async function findDeliveryArea(db: Queryable, lga: string | null | undefined, standardKobo: number): Promise<DeliveryRate | null> {
  const wanted = norm(lga);
  if (!wanted) return null;
  const [row] = await db
    .select({ lga: deliveryRates.lga, chargeKobo: deliveryRates.chargeKobo })
    .from(deliveryRates)
    .where(sql`lower(trim(${deliveryRates.lga})) = ${wanted}`)
    .limit(1);
  if (row) return row;
  const [anyRate] = await db.select({ id: deliveryRates.id }).from(deliveryRates).limit(1);
  if (anyRate) return null;
  const fallback = FALLBACK_AREAS.find((a) => norm(a) === wanted);
  return fallback ? { lga: fallback, chargeKobo: standardKobo } : null;
}

/** The 400 for an LGA that is empty or not one of the shop's delivery areas; it names the field `lga`. */
export function unknownAreaError(lga: string | null | undefined): AppError {
  const name = lga?.trim();
  return name
    ? new AppError("invalid", `We do not deliver to ${name.slice(0, 100)}. Please choose one of our delivery areas.`, {
        fields: { lga: "Choose one of our delivery areas" },
      })
    : new AppError("invalid", "Please choose your delivery area.", { fields: { lga: "Choose your delivery area" } });
}

/** The delivery area that prices an order, or the 400 naming `lga`. */
export async function requireDeliveryArea(db: Queryable, lga: string | null | undefined, standardKobo: number): Promise<DeliveryRate> {
  const area = await findDeliveryArea(db, lga, standardKobo);
  if (!area) throw unknownAreaError(lga);
  return area;
}
