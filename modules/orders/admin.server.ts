import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchaseEvents, purchaseItems, purchases, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { formatNaira, koboToNaira } from "../../lib/money";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { toRow, type AdminPurchaseRow } from "./admin-list.server";
import { canMoveTo, statusChangeInput, type StatusChangeInput } from "./admin-schemas";
import { cancellable, orderNumber, type PurchaseStatus } from "./statuses";
import { releaseStock } from "../stock/reservation.server";

export type PurchaseDetail = AdminPurchaseRow & {
  userId: string | null;
  phone: string;
  street: string;
  city: string;
  state: string;
  address: string;
  lga: string | null;
  deliveryMethod: "standard" | "express";
  subtotal: number;
  discountAmount: number;
  vat: number;
  deliveryCharge: number;
  currency: string;
  paymentProvider: string;
  reference: string;
  transactionId: string | null;
  paidAt: string | null;
  updatedAt: string;
  items: {
    id: string;
    productId: string | null;
    title: string;
    imageUrl: string | null;
    price: number;
    discount: number;
    color: string | null;
    size: string | null;
    quantity: number;
    totalPrice: number;
  }[];
  events: { id: string; status: PurchaseStatus; note: string | null; actorName: string | null; createdAt: string }[];
};

/** One purchase with its lines, breakdown and history. Callers check who may see it. */
export async function getPurchase(db: Db, id: string): Promise<PurchaseDetail> {
  const [p] = await db.select().from(purchases).where(eq(purchases.id, id));
  if (!p) throw AppError.notFound("Purchase");
  const [items, events] = await Promise.all([
    db.select().from(purchaseItems).where(eq(purchaseItems.purchaseId, id)).orderBy(asc(purchaseItems.title)),
    db
      .select({
        id: purchaseEvents.id,
        status: purchaseEvents.status,
        note: purchaseEvents.note,
        createdAt: purchaseEvents.createdAt,
        first: users.firstName,
        last: users.lastName,
      })
      .from(purchaseEvents)
      .leftJoin(users, eq(users.id, purchaseEvents.actorId))
      .where(eq(purchaseEvents.purchaseId, id))
      .orderBy(asc(purchaseEvents.createdAt)),
  ]);
  return {
    ...toRow(p),
    userId: p.userId,
    phone: p.phone,
    street: p.street,
    city: p.city,
    state: p.state,
    address: p.address,
    lga: p.lga,
    deliveryMethod: p.deliveryMethod,
    subtotal: koboToNaira(p.subtotalKobo),
    discountAmount: koboToNaira(p.discountKobo),
    vat: koboToNaira(p.vatKobo),
    deliveryCharge: koboToNaira(p.deliveryKobo),
    currency: p.currency,
    paymentProvider: p.paymentProvider,
    reference: p.reference,
    transactionId: p.transactionId,
    paidAt: p.paidAt?.toISOString() ?? null,
    updatedAt: p.updatedAt.toISOString(),
    items: items.map((i) => ({
      id: i.id,
      productId: i.productId,
      title: i.title,
      imageUrl: i.imageUrl,
      price: koboToNaira(i.priceKobo),
      discount: koboToNaira(i.discountKobo),
      color: i.color,
      size: i.size,
      quantity: i.quantity,
      totalPrice: koboToNaira(i.totalPriceKobo),
    })),
    events: events.map((e) => ({
      id: e.id,
      status: e.status,
      note: e.note,
      actorName: e.first ? `${e.first} ${e.last ?? ""}`.trim() : null,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

const statusMail: Record<string, { subject: string; line: string }> = {
  processing: { subject: "We are preparing your order", line: "Good news: we are now preparing your order." },
  shipped: { subject: "Your order is on its way", line: "Your order has left our studio and is on its way to you." },
  delivered: { subject: "Your order has been delivered", line: "Your order has been delivered. We hope it brings you calm." },
  cancelled: {
    subject: "Your order has been cancelled",
    line: "Your order has been cancelled. If you paid, the refund follows within 5 working days.",
  },
};

/**
 * Moves a purchase along completed → processing → shipped → delivered, or cancels
 * it (stock goes back). Each change is an event with its actor and time, and a
 * mail to the customer queued in the same transaction, signed with the shop's
 * name and contact details from /settings.
 */
export async function changePurchaseStatus(db: Db, id: string, input: StatusChangeInput, actorId: string): Promise<PurchaseDetail> {
  const { status, note } = statusChangeInput.parse(input);
  await db.transaction(async (tx) => {
    const [p] = await tx.select().from(purchases).where(eq(purchases.id, id)).for("update");
    if (!p) throw AppError.notFound("Purchase");
    if (!canMoveTo(p.status, status))
      throw new AppError("conflict", `A ${p.status} order cannot be marked ${status}.`, {
        fields: { status: `Not allowed from ${p.status}` },
      });
    await tx.update(purchases).set({ status }).where(eq(purchases.id, id));
    await tx.insert(purchaseEvents).values({ purchaseId: id, status, note: note ?? null, actorId });
    // the stock the order holds goes back
    if (status === "cancelled") await releaseStock(tx, [id]);
    const mail = statusMail[status]!;
    const orderNo = orderNumber(id);
    const shop = await getSettings(tx);
    await enqueueMail(tx, {
      to: p.email,
      kind: `order_${status}`,
      subject: `${mail.subject} (order #${orderNo})`,
      text: `Hello ${p.firstName},\n\n${mail.line}\n\nOrder #${orderNo}, total ${formatNaira(p.totalKobo)}.${note ? `\n\nNote from us: ${note}` : ""}\n\nQuestions? Write to ${shop.contactEmail} or call ${shop.contactPhone}.\n\nWith care,\n${shop.shopName}`,
    });
  });
  return getPurchase(db, id);
}

/**
 * Deletes a purchase. One that still holds its stock (the statuses a cancel
 * gives stock back from) gives it back first, exactly as a cancel does.
 */
export async function deletePurchase(db: Db, id: string) {
  await db.transaction(async (tx) => {
    const [p] = await tx.select({ status: purchases.status }).from(purchases).where(eq(purchases.id, id)).for("update");
    if (!p) throw AppError.notFound("Purchase");
    if (cancellable.includes(p.status)) await releaseStock(tx, [id]);
    await tx.delete(purchases).where(eq(purchases.id, id));
  });
}
