/** docs/product.md §3 Purchase item, money in naira. */
export type PurchaseItemView = {
  id: string;
  productId: string | null;
  cartId: string | null;
  title: string;
  description: string;
  imageUrl: string | null;
  price: number;
  discount: number;
  color: string | null;
  size: string | null;
  quantity: number;
  totalPrice: number;
};

/** docs/product.md §3 Purchase plus the stored breakdown (naira). */
export type PurchaseView = {
  id: string;
  userId: string | null;
  fname: string;
  lname: string;
  email: string;
  phone: string;
  status: "pending" | "completed" | "processing" | "shipped" | "delivered" | "cancelled" | "failed";
  street: string;
  city: string;
  state: string;
  address: string;
  lga: string | null;
  deliveryMethod: "standard" | "express";
  subtotal: number;
  /** what the discounts saved (truthy means discounted, docs/product.md §3) */
  discount: number;
  vat: number;
  deliveryCharge: number;
  totalAmount: number;
  currency: string;
  reference: string;
  paymentProvider: string;
  /** how she chose to pay (docs/product.md "Paying") */
  paymentMethod: "online" | "transfer" | "pod" | "pay_link" | "manual";
  /** how the money arrived, once it did */
  paidVia: "provider" | "transfer" | "cash" | "pos" | null;
  /** until when an unpaid order holds its items (null: until the shop settles it) */
  expiresAt: string | null;
  discountCode: string | null;
  /** what the discount code took off (naira) */
  codeDiscount: number;
  /** delivery instructions */
  note: string | null;
  transactionId: string | null;
  paidAt: string | null;
  createdAt: string;
  items: PurchaseItemView[];
};
