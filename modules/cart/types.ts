/** spec §3 Cart item, money in naira; the product's current price, never a stored one. */
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
  Product: { imageUrl: string | null };
};

/** The priced summary shown under the cart and at checkout (naira). */
export type CartSummary = {
  subtotal: number;
  discount: number;
  vat: number;
  vatRate: number;
  /** null: the delivery rates could not be read (spec §8 'Error loading delivery charge') */
  deliveryCharge: number | null;
  /** subtotal + VAT + delivery; subtotal + VAT while deliveryCharge is null */
  total: number;
  deliveryMethod: "standard" | "express";
  lga: string | null;
  matchedLga: string | null;
  usdRate: number;
};
