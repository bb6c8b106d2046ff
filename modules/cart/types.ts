import type { DeliveryMethod } from "../delivery/types";

/** docs/product.md §3 Cart item, money in naira; the product's current price, never a stored one. */
export type CartItemView = {
  id: string;
  productId: string;
  title: string;
  description: string;
  imageUrl: string | null;
  size: string | null;
  color: string | null;
  quantity: number;
  price: number;
  discount: number;
  totalPrice: number;
  /** units left, so the line can say 'Only N left' when more is asked; null: not tracked */
  stock: number | null;
  /** a pre-order's Lagos day it ships from (docs/product.md "Pre-orders"); null when it is in */
  shipsFrom: string | null;
  /** the most this line can hold: the stock (when tracked), and the shop's quantity limit per product */
  maxQuantity: number;
  /** the order desk's lines: what the shop sells it at today, before a price agreed in the chat */
  listed?: number;
  Product: { imageUrl: string | null };
};

/** The discount code on the cart (docs/product.md "Discount codes"): what it takes off, or why it does not apply. */
export type CartCode = {
  /** as the shop spells it (as typed when it is unknown) */
  code: string;
  kind: "fixed" | "percent" | "free_delivery" | null;
  /** naira off: the goods for fixed and percent, the delivery fee for free delivery (null until an area is chosen) */
  saving: number | null;
  /** why it does not apply (unknown, ended, minimum not met…); null when it applies */
  message: string | null;
};

/** The priced summary shown under the cart and at checkout (naira). */
export type CartSummary = {
  /** the goods at sale prices, before the code */
  subtotal: number;
  discount: number;
  /** the code asked for (null: none) */
  code: CartCode | null;
  /** why delivery is free: a free-delivery code, or the goods reached the shop's amount (docs/product.md "Free delivery") */
  freeDelivery: "code" | "threshold" | null;
  /** the shop's free-delivery amount, when it has one */
  freeDeliveryAbove: number | null;
  vat: number;
  vatRate: number;
  /**
   * null: no delivery area chosen yet (areaNeeded), or the delivery rates could not
   * be read (docs/product.md §8 'Error loading delivery charge')
   */
  deliveryCharge: number | null;
  /** subtotal − the code's discount on the goods + VAT + delivery; without delivery while deliveryCharge is null */
  total: number;
  /** how she gets it; a pick-up is free and needs no area (docs/product.md "Pick-up") */
  deliveryMethod: DeliveryMethod;
  /** the delivery area pricing the summary, spelled as the shop spells it; null until one is chosen */
  lga: string | null;
  matchedLga: string | null;
  /** true until the shopper chooses one of the shop's delivery areas: nothing is priced for delivery yet */
  areaNeeded: boolean;
  /** what standard and express delivery cost for the area (null without one) */
  deliveryOptions: { standard: number; express: number } | null;
  usdRate: number;
  /**
   * the delivery date chosen at checkout and what it adds (a peak day's fee and the window's
   * surcharge, docs/product.md "Delivery on a chosen date"); absent without one
   */
  deliverySlot?: { date: string; label: string; window: string | null; fee: number };
};
