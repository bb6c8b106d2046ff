import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchaseItems, purchases } from "../../db/schema";
import { koboToNaira } from "../../lib/money";
import { leftToPayKobo, restDue } from "./statuses";
import { giftForBuyer, lagosDay, nextGiftReminder } from "./gift-rules";
import type { GiftView, PurchaseView } from "./types";

type CodeColumns = Pick<
  typeof purchases.$inferSelect,
  "discountCode" | "subtotalKobo" | "vatKobo" | "deliveryKobo" | "deliverySlotFeeKobo" | "totalKobo"
>;

/**
 * What the order's code took off (docs/product.md "Discount codes"): the goods when the stored
 * total is below subtotal + VAT + delivery, else the delivery fee (a free-delivery code).
 */
export function codeOn(p: CodeColumns): "goods" | "delivery" | null {
  if (!p.discountCode) return null;
  return p.subtotalKobo + p.vatKobo + p.deliveryKobo + p.deliverySlotFeeKobo > p.totalKobo ? "goods" : "delivery";
}

/**
 * Whether the order was discounted, as the back office's Discount column and its CSV say it: a sale
 * price saved something or a discount code was applied (what it took off, goods or delivery).
 */
export const isDiscounted = (p: Pick<typeof purchases.$inferSelect, "savedKobo" | "discountCode">): boolean =>
  p.savedKobo > 0 || p.discountCode !== null;

/**
 * A purchase row and its items as the API shows them (docs/product.md §3 names, naira). A gift sent
 * to the address on its recipient's wish list shows where it goes to the team only (`team`): any
 * other view has her first name and area (docs/product.md "Wish lists", "Send it to her").
 */
export function toPurchaseView(
  p: typeof purchases.$inferSelect,
  items: (typeof purchaseItems.$inferSelect)[],
  { team = false }: { team?: boolean } = {},
): PurchaseView {
  const view = purchaseView(p, items);
  return team ? view : giftForBuyer(view, "full");
}

function purchaseView(p: typeof purchases.$inferSelect, items: (typeof purchaseItems.$inferSelect)[]): PurchaseView {
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
    collectionCode: p.collectionCode,
    subtotal: koboToNaira(p.subtotalKobo),
    discount: koboToNaira(p.savedKobo),
    discountCode: p.discountCode,
    codeDiscount: koboToNaira(p.codeDiscountKobo),
    codeOn: codeOn(p),
    vat: koboToNaira(p.vatKobo),
    deliveryCharge: koboToNaira(p.deliveryKobo),
    deliveryDate: p.deliveryDate,
    deliveryWindow: p.deliveryWindow,
    deliverySlotFee: koboToNaira(p.deliverySlotFeeKobo),
    totalAmount: koboToNaira(p.totalKobo),
    currency: p.currency,
    reference: p.reference,
    paymentProvider: p.paymentProvider,
    paymentMethod: p.paymentMethod,
    paidVia: p.paidVia,
    paidAmount: p.paidAmountKobo === null ? null : koboToNaira(p.paidAmountKobo),
    deposit: koboToNaira(p.depositKobo),
    leftToPay: koboToNaira(leftToPayKobo(p)),
    ...restDue(p, lagosDay(new Date())),
    transferSent:
      p.transferSentAt && p.transferSentKobo !== null
        ? {
            at: p.transferSentAt.toISOString(),
            amount: koboToNaira(p.transferSentKobo),
            from: p.transferSentFrom ?? "",
            receipt: p.transferReceiptId !== null,
          }
        : null,
    paymentNote: p.paymentNote,
    expiresAt: p.expiresAt?.toISOString() ?? null,
    note: p.orderNote,
    source: p.source,
    companyName: p.companyName,
    taxNumber: p.taxNumber,
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
      shipsFrom: i.shipsFrom,
    })),
    gift: giftView(p),
  };
}

/** A gift order's own details, as the back office and the buyer see them (docs/product.md "Gift orders"). */
export function giftView(p: typeof purchases.$inferSelect): GiftView | null {
  if (!p.isGift) return null;
  return {
    recipientName: p.recipientName ?? "",
    recipientPhone: p.recipientPhone,
    recipientEmail: p.recipientEmail,
    message: p.giftMessage,
    anonymousSender: p.anonymousSender,
    hidePrices: p.hidePrices,
    surpriseMode: p.surpriseMode,
    addressPrivate: p.addressPrivate,
    // a cancelled gift is reminded of no more (the hourly job drops it)
    remindOn: p.status === "cancelled" ? null : nextGiftReminder(p, lagosDay(new Date())),
    remindYearly: p.giftRemindYearly && !!p.giftRemindOn && p.status !== "cancelled",
    remindedOn: p.giftRemindOn && p.giftRemindedAt && p.status !== "cancelled" ? lagosDay(p.giftRemindedAt) : null,
  };
}

export async function getPurchaseByReference(db: Db, reference: string): Promise<PurchaseView | null> {
  const [p] = await db.select().from(purchases).where(eq(purchases.reference, reference));
  if (!p) return null;
  const items = await db.select().from(purchaseItems).where(eq(purchaseItems.purchaseId, p.id)).orderBy(asc(purchaseItems.title));
  return toPurchaseView(p, items);
}
