/** A delivery area the shop serves and its standard charge (docs/product.md §9), as pricing reads it. */
export type DeliveryRate = { lga: string; chargeKobo: number };
