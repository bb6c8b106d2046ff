/** A delivery area the shop serves and its standard charge (docs/product.md §9), as pricing reads it. */
export type DeliveryRate = { lga: string; chargeKobo: number };

/** Standard (3–5 days) or Express (1–2 days, the surcharge added): the spec's delivery methods. */
export type DeliveryMethod = "standard" | "express";
