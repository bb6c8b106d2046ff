/** A delivery area the shop serves and its standard charge (docs/product.md §9), as pricing reads it. */
export type DeliveryRate = { lga: string; chargeKobo: number };

/** Standard (3–5 days) or Express (1–2 days, the surcharge added): the spec's delivery speeds. */
export type DeliverySpeed = "standard" | "express";

/** A speed, or 'pickup': she collects the order at the shop's pick-up point, free (docs/product.md "Pick-up"). */
export type DeliveryMethod = DeliverySpeed | "pickup";
