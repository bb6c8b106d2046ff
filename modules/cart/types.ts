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
  /** the most this line can hold: the stock (when tracked), and the shop's quantity limit per product */
  maxQuantity: number;
  Product: { imageUrl: string | null };
};

/** The priced summary shown under the cart and at checkout (naira). */
export type CartSummary = {
  subtotal: number;
  discount: number;
  vat: number;
  vatRate: number;
  /**
   * null: no delivery area chosen yet (areaNeeded), or the delivery rates could not
   * be read (docs/product.md §8 'Error loading delivery charge')
   */
  deliveryCharge: number | null;
  /** subtotal + VAT + delivery; subtotal + VAT while deliveryCharge is null */
  total: number;
  deliveryMethod: "standard" | "express";
  /** the delivery area pricing the summary, spelled as the shop spells it; null until one is chosen */
  lga: string | null;
  matchedLga: string | null;
  /** true until the shopper chooses one of the shop's delivery areas: nothing is priced for delivery yet */
  areaNeeded: boolean;
  /** what standard and express delivery cost for the area (null without one) */
  deliveryOptions: { standard: number; express: number } | null;
  usdRate: number;
};
