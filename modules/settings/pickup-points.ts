// docs/product.md "Pick-up": the shop's points where a shopper may collect her order, free,
// instead of a delivery, read from its settings (their fields: pickup.ts). Safe for the browser:
// no schema library here, so the storefront's pages carry none for it.

export const defaultPickup = { pickupAddress: "", pickupHours: "", pickupAddress2: "", pickupHours2: "" };

/** A pick-up point: which of the shop's (1 or 2, as its settings name them), where, and when it is open. */
export type PickupPoint = { number: PickupNumber; address: string; hours: string | null };
export const pickupNumbers = [1, 2] as const;
export type PickupNumber = (typeof pickupNumbers)[number];

/** The points where she may collect an order, in the shop's order; none: the shop offers no pick-up. */
export function pickupPoints(s: typeof defaultPickup): PickupPoint[] {
  const points: PickupPoint[] = [];
  if (s.pickupAddress) points.push({ number: 1, address: s.pickupAddress, hours: s.pickupHours || null });
  if (s.pickupAddress2) points.push({ number: 2, address: s.pickupAddress2, hours: s.pickupHours2 || null });
  return points;
}

/** "12 Admiralty Way, Lekki" or "12 Admiralty Way, Lekki or 5 Isaac John Street, Ikeja GRA": where a pick-up can be had. */
export const pickupPlaces = (points: PickupPoint[]) => points.map((p) => p.address).join(" or ");

/** The shopper's refusal when pick-up is asked for and not offered (the checkout, the API). */
export const NO_PICKUP = "This shop does not offer pick-up. Please choose Standard or Express delivery.";
