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
  /** the discount code applied (docs/product.md "Discount codes") and what it took off: goods, or the delivery fee */
  discountCode: string | null;
  codeDiscount: number;
  /** what the code took off: the goods (subtracted before VAT) or the delivery fee (free delivery); null without a code */
  codeOn: "goods" | "delivery" | null;
  vat: number;
  deliveryCharge: number;
  totalAmount: number;
  currency: string;
  reference: string;
  paymentProvider: string;
  transactionId: string | null;
  paidAt: string | null;
  createdAt: string;
  items: PurchaseItemView[];
};
