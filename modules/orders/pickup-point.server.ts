import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { purchaseEvents, purchases } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { publicOrigin } from "../../lib/public-origin";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { pickupPoints, type PickupPoint } from "../settings/pickup-points";
import { shopperWhatsApp } from "../whatsapp/order-messages";
import { shopperMayChange } from "./delivery-day.server";
import { orderUrl, type MailLinks } from "./mails.server";
import { holdsOrder, type OrderHolder } from "./order-links.server";
import { PICKUP_POINT_GONE, pickupAddress } from "./pickup";
import { adminOrderPath, orderNumber } from "./statuses";

// docs/product.md "Pick-up" ("Two pick-up points"): she chose Lekki, then finds herself in Ikeja
// that week. She changes the point from her order's page until the shop begins preparing it; the
// team moves it until it is ready to collect (then the parcel is at its point). The order's address becomes the new point's; she is
// told when the team moved it, the shop when she did.

type Purchase = typeof purchases.$inferSelect;
type Shop = Awaited<ReturnType<typeof getSettings>>;

export type PickupPointChoices = { current: PickupPoint | null; others: PickupPoint[] };

/** The order's point, read from its address (the words it was given), and the others the shop offers; null for a delivery or one point. */
export function pickupPointChoices(shop: Parameters<typeof pickupPoints>[0], p: Pick<Purchase, "deliveryMethod" | "address">) {
  if (p.deliveryMethod !== "pickup") return null;
  const points = pickupPoints(shop);
  const current = points.find((point) => pickupAddress(point) === p.address) ?? null;
  const others = points.filter((point) => point !== current);
  return others.length ? ({ current, others } satisfies PickupPointChoices) : null;
}

/** The team may move a pick-up until it is ready to collect: placed, paid or being prepared. */
const teamMayMove = (status: string) => status === "pending" || status === "completed" || status === "processing";

/** The points the team may move it to from the order page (null: it cannot move, or there is no other point). */
export async function teamPickupPointChoices(db: Db, p: Pick<Purchase, "status" | "deliveryMethod" | "address">) {
  return teamMayMove(p.status) ? pickupPointChoices(await getSettings(db), p) : null;
}

/** Why the team cannot move it: ready to collect (the parcel is at its point), collected or cancelled; null when it can. */
function teamCannot(p: Purchase): string | null {
  if (teamMayMove(p.status)) return null;
  if (p.status === "shipped") return "This order is ready to collect at its point already: it stays there.";
  if (p.status === "delivered") return "This order has been collected.";
  return `A ${p.status} order cannot be moved.`;
}

/** The points she may change hers to from her order's page: hers (link or account), a pick-up not being prepared yet; null otherwise. */
export async function myPickupPointChoices(
  db: Db,
  links: MailLinks,
  p: Pick<Purchase, "id" | "userId" | "status" | "deliveryMethod" | "address">,
  who: OrderHolder,
): Promise<PickupPointChoices | null> {
  if (!holdsOrder(links, p, who) || !shopperMayChange(p.status)) return null;
  return pickupPointChoices(await getSettings(db), p);
}

type Mover = { actorId: string } | { shopper: OrderHolder };

/**
 * Moves a pick-up to the shop's point `number` under the order's lock: the team until it is
 * ready to collect, the shopper (by its link or her account; anyone else's is not found) until the shop
 * begins preparing it. A point the shop no longer offers, or the order's own, is refused naming
 * `pickupPoint`. Returns the new address and point, and her email (none: nobody was mailed).
 */
export async function movePickupPoint(db: Db, links: MailLinks, purchaseId: string, number: number, by: Mover) {
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
    const shopper = "shopper" in by;
    if (!p || (shopper && !holdsOrder(links, p, by.shopper))) throw AppError.notFound("Order");
    if (p.deliveryMethod !== "pickup") throw new AppError("conflict", "This order is delivered, not collected.");
    const why = shopper
      ? shopperMayChange(p.status)
        ? null
        : "We have begun preparing your order: message us to collect it somewhere else."
      : teamCannot(p);
    if (why) throw new AppError("conflict", why);
    const shop = await getSettings(tx);
    const point = pickupPoints(shop).find((pt) => pt.number === number);
    if (!point) throw new AppError("invalid", PICKUP_POINT_GONE, { fields: { pickupPoint: PICKUP_POINT_GONE } });
    const address = pickupAddress(point);
    if (address === p.address)
      throw new AppError("invalid", `The order is already to be collected at ${point.address}.`, {
        fields: { pickupPoint: "Choose another point" },
      });
    await tx.update(purchases).set({ address, updatedAt: new Date() }).where(eq(purchases.id, p.id));
    await tx.insert(purchaseEvents).values({
      purchaseId: p.id,
      status: p.status,
      note: `pick-up point ${shopper ? "changed by the customer" : "moved"}: ${p.address} → ${address}`,
      actorId: shopper ? null : by.actorId,
    });
    await (shopper ? shopAlert(tx, shop, p, address, links) : movedMail(tx, shop, { ...p, address }, links));
    return { address, point, email: p.email };
  });
}

/** She changed it herself: the team at both points must know where to take the parcel. */
async function shopAlert(tx: Tx, shop: Shop, p: Purchase, to: string, links: MailLinks) {
  await enqueueMail(tx, {
    to: shop.contactEmail,
    kind: "order_pickup_point_admin",
    subject: `Order #${orderNumber(p.id)}: ${p.firstName} will collect it at ${to}`,
    text: `${`${p.firstName} ${p.lastName}`.trim()} changed where she collects order #${orderNumber(p.id)} on her order's page: ${p.address} → ${to}.\n\nOpen the order: ${publicOrigin(links)}${adminOrderPath(p.id)}\n`,
  });
}

/** The team moved it: she is told where to come now, by mail and, when she asked, on WhatsApp. */
async function movedMail(tx: Tx, shop: Shop, p: Purchase, links: MailLinks) {
  const number = orderNumber(p.id);
  const link = orderUrl(links, p);
  await enqueueMail(tx, {
    to: p.email,
    kind: "order_pickup_point",
    subject: `Your ${shop.shopName} order #${number}: collect it at ${p.address}`,
    text: `Hello ${p.firstName},\n\nYour order #${number} is now to be collected at ${p.address}. We will tell you when it is ready.\n\nFollow your order: ${link}\n\nQuestions? Write to ${shop.contactEmail} or call ${shop.contactPhone}.\n\nWith care,\n${shop.shopName}`,
    whatsapp: shopperWhatsApp(p, "order_update", [p.firstName, shop.shopName, number, `is now to be collected at ${p.address}`, link]),
  });
}
