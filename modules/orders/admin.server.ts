import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchaseEvents, purchaseItems, purchases, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { formatNaira } from "../../lib/money";
import { releaseRedemptions } from "../discounts/redemptions.server";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { canMoveTo, statusChangeInput, type StatusChangeInput } from "./admin-schemas";
import { notSentYet, orderNumber } from "./statuses";
import { holdsMoneyRecords, paidOrderKept } from "./money-records.server";
import { partsOnCancel } from "./part-payments.server";
import type { PurchaseDetail, PurchaseView } from "./types";
import { toPurchaseView } from "./views.server";
import { giftForBuyer } from "./gift-rules";
import { releaseStock } from "../stock/reservation.server";
import { releaseDeliverySlots } from "../delivery/schedule.server";
import { refusedDeliveries } from "./manual-payments.server";
import { otherPaidOrders } from "./paid-orders.server";
import { deliveryDateLine, orderUrl, type MailLinks } from "./mails.server";
import { giftStepLine, recipientShippedMail } from "./gift-mails.server";
import { atTheCounter, collectionCodeWords, pickupStep } from "./pickup";
import { orderUpdateWords, shopperWhatsApp } from "../whatsapp/order-messages";
import { listOwnerName } from "../wish-lists/bought.server";

/** One purchase with its lines, breakdown and history. Callers check who may see it. */
export async function getPurchase(db: Db, id: string): Promise<PurchaseDetail> {
  const [p] = await db.select().from(purchases).where(eq(purchases.id, id));
  if (!p) throw AppError.notFound("Purchase");
  const [items, events, refused, others, [member], wishListOf] = await Promise.all([
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
    refusedDeliveries(db, p),
    otherPaidOrders(db, p),
    p.recordedBy ? db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, p.recordedBy)) : [],
    listOwnerName(db, p.forWishListOf),
  ]);
  return {
    ...toPurchaseView(p, items, { team: true }),
    updatedAt: p.updatedAt.toISOString(),
    collectRemindedAt: p.collectRemindedAt?.toISOString() ?? null,
    refusedDeliveries: refused,
    otherPaidOrders: others,
    recordedBy: member ? `${member.first} ${member.last}`.trim() : null,
    wishListOf,
    events: events.map((e) => ({
      id: e.id,
      status: e.status,
      note: e.note,
      actorName: e.first ? `${e.first} ${e.last ?? ""}`.trim() : null,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

/**
 * An order as its own shopper reads it by id (`GET /api/purchases/{id}`): the spec's Purchase, as
 * her list gives it, without the back office's own (its history with the team's notes and names,
 * her other orders, her refused deliveries, the reminder's time).
 */
export function herOwnOrder(p: PurchaseDetail): PurchaseView {
  const {
    updatedAt: _updatedAt,
    events: _events,
    refusedDeliveries: _refused,
    otherPaidOrders: _others,
    collectRemindedAt: _reminded,
    recordedBy: _recordedBy,
    wishListOf: _wishListOf,
    ...view
  } = p;
  // a gift to the address on her wish list: where it goes is the team's to know (docs/product.md "Wish lists")
  return giftForBuyer(view, "full");
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

/** How the customer's mail introduces the note of a change (the rider's details, who received it). */
const noteWords: Record<string, string> = { shipped: "Delivery details", delivered: "Received by" };

/**
 * Moves a purchase along completed → processing → shipped → delivered, or cancels
 * it (stock goes back). Each change is an event with its actor and time, and a
 * mail to the customer queued in the same transaction, signed with the shop's
 * name and contact details from /settings.
 */
export async function changePurchaseStatus(
  db: Db,
  id: string,
  input: StatusChangeInput,
  actorId: string,
  links: MailLinks,
  now = new Date(),
): Promise<PurchaseDetail> {
  await moveOrder(db, id, input, actorId, links, now);
  return getPurchase(db, id);
}

/** changePurchaseStatus without reading the order back: one order of a batch (the run sheet's area steps). */
export async function moveOrder(db: Db, id: string, input: StatusChangeInput, actorId: string, links: MailLinks, now = new Date()) {
  const parsed = statusChangeInput.parse(input);
  const { status } = parsed;
  await db.transaction(async (tx) => {
    const [p] = await tx.select().from(purchases).where(eq(purchases.id, id)).for("update");
    if (!p) throw AppError.notFound("Purchase");
    if (!canMoveTo(p.status, status, p.paymentMethod))
      throw new AppError("conflict", `A ${p.status} order cannot be marked ${status}.`, {
        fields: { status: `Not allowed from ${p.status}` },
      });
    // collected at the shop (docs/product.md "Pick-up"): ready to collect, then collected; the code to
    // show at the counter is given when it is ready, kept (a second 'ready' gives the same one), and
    // checked when she collects
    const counter = atTheCounter(p, parsed);
    if (counter.problems) throw new AppError("invalid", Object.values(counter.problems)[0]!, { fields: counter.problems });
    const note = counter.note;
    const collect = pickupStep(p, status);
    const code = collect && status === "shipped" ? (p.collectionCode ?? newCollectionCode()) : null;
    await tx
      .update(purchases)
      .set({ status, ...(code ? { collectionCode: code } : {}) })
      .where(eq(purchases.id, id));
    // a part payment is money the shop holds: the history says so where the cancel is recorded
    const deposit = status === "cancelled" ? await partsOnCancel(tx, p) : null;
    await tx
      .insert(purchaseEvents)
      .values({ purchaseId: id, status, note: [note, deposit?.note].filter(Boolean).join("; ") || null, actorId });
    // the stock the order holds goes back, and its discount code's use (docs/product.md "Discount codes")
    if (status === "cancelled") {
      await releaseStock(tx, [id]);
      await releaseDeliverySlots(tx, [id]);
      await releaseRedemptions(tx, [id]);
    }
    const mail = collect
      ? { subject: collect.subject, line: `${collect.line(p.address)}${code ? `\n\n${collectionCodeWords.line(code)}` : ""}` }
      : deposit
        ? { ...statusMail.cancelled!, line: `Your order has been cancelled. ${deposit.toBuyer}` }
        : statusMail[status]!;
    const orderNo = orderNumber(id);
    const shop = await getSettings(tx);
    const link = orderUrl(links, p);
    const date = status === "cancelled" ? null : deliveryDateLine(p);
    await enqueueMail(tx, {
      to: p.email,
      kind: `order_${status}`,
      whatsapp: shopperWhatsApp(p, "order_update", [
        p.firstName,
        shop.shopName,
        orderNo,
        collect ? `${collect.update(p.address)}${code ? collectionCodeWords.update(code) : ""}` : orderUpdateWords(status, note),
        link,
      ]),
      subject: `${mail.subject} (order #${orderNo})`,
      // a gift: to whom, and when it was delivered (docs/product.md "Gift orders")
      text: `Hello ${p.firstName},\n\n${giftStepLine(p, status, now) ?? mail.line}\n\nOrder #${orderNo}, total ${formatNaira(p.totalKobo)}.${date ? `\n${date}.` : ""}${note ? `\n\n${collect?.note ?? noteWords[status] ?? "Note from us"}: ${note}` : ""}\n\nFollow your order: ${link}\n\nQuestions? Write to ${shop.contactEmail} or call ${shop.contactPhone}.\n\nWith care,\n${shop.shopName}`,
    });
    if (status === "shipped") await recipientShippedMail(tx, p, note ?? null, shop, now);
  });
}

/** Four digits, from a secure source: guessing one at the counter is one chance in 10,000. */
const newCollectionCode = () => String(crypto.randomInt(0, 10_000)).padStart(4, "0");

/**
 * Deletes an unpaid purchase; one that holds money records is refused (409). One that still holds
 * its stock and delivery date (the statuses a cancel gives them back from) gives them back first,
 * exactly as a cancel does.
 */
export async function deletePurchase(db: Db, id: string) {
  await db.transaction(async (tx) => {
    const [p] = await tx
      .select({ status: purchases.status, kept: holdsMoneyRecords() })
      .from(purchases)
      .where(eq(purchases.id, id))
      .for("update");
    if (!p) throw AppError.notFound("Purchase");
    if (p.kept) throw new AppError("conflict", paidOrderKept);
    if (notSentYet(p.status)) {
      await releaseStock(tx, [id]);
      await releaseDeliverySlots(tx, [id]);
    }
    await tx.delete(purchases).where(eq(purchases.id, id));
  });
}
