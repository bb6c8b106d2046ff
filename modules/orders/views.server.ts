import type { purchaseItems, purchases } from "../../db/schema";
import { koboToNaira } from "../../lib/money";
import type { PurchaseView } from "./types";

/** A purchase row and its items as the API shows them (spec §3 names, naira). */
export function toPurchaseView(p: typeof purchases.$inferSelect, items: (typeof purchaseItems.$inferSelect)[]): PurchaseView {
  return {
    id: p.id,
    userId: p.userId,
    fname: p.firstName,
    lname: p.lastName,
    email: p.email,
    phone: p.phone,
    status: p.status,
    street: p.street,
    city: p.city,
    state: p.state,
    address: p.address,
    lga: p.lga,
    deliveryMethod: p.deliveryMethod,
    subtotal: koboToNaira(p.subtotalKobo),
    discount: koboToNaira(p.discountKobo),
    vat: koboToNaira(p.vatKobo),
    deliveryCharge: koboToNaira(p.deliveryKobo),
    totalAmount: koboToNaira(p.totalKobo),
    currency: p.currency,
    reference: p.reference,
    paymentProvider: p.paymentProvider,
    transactionId: p.transactionId,
    paidAt: p.paidAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    items: items.map((i) => ({
      id: i.id,
      productId: i.productId,
      cartId: i.cartId,
      title: i.title,
      description: i.description,
      imageUrl: i.imageUrl,
      price: koboToNaira(i.priceKobo),
      discount: koboToNaira(i.discountKobo),
      color: i.color,
      size: i.size,
      quantity: i.quantity,
      totalPrice: koboToNaira(i.totalPriceKobo),
    })),
  };
}
