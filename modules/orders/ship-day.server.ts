import { and, eq, gt, inArray, ne } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client";
import { purchaseItems, purchases } from "../../db/schema";
import { lagosNow, longDay, shortDay } from "../../lib/lagos-calendar";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { orderShipsFrom } from "../stock/preorder";
import { shopperWhatsApp } from "../whatsapp/order-messages";
import { orderUrl, type MailLinks } from "./mails.server";
import { buyerWaits, notSentStatuses, orderNumber } from "./statuses";

// docs/product.md "Pre-orders": the printer is late (or early, or the stock is in), so the owner
// moves a pre-order's day on the product. The orders not sent yet that wait on the old day follow
// it, and each buyer who is waiting for hers (paid, part paid, paying on delivery or by transfer)
// is told by mail, and on WhatsApp when she asked for it. Runs in the product save's transaction.

type Purchase = typeof purchases.$inferSelect;

/** How many buyers moving the product's day would tell (the product form says so under the day). */
export async function buyersWaitingOn(q: Queryable, productId: string, now = new Date()): Promise<number> {
  const orders = await q
    .selectDistinct({
      id: purchases.id,
      status: purchases.status,
      depositKobo: purchases.depositKobo,
      paymentMethod: purchases.paymentMethod,
    })
    .from(purchaseItems)
    .innerJoin(purchases, eq(purchases.id, purchaseItems.purchaseId))
    .where(and(eq(purchaseItems.productId, productId), gt(purchaseItems.shipsFrom, lagosNow(now).date)));
  return orders.filter(buyerWaits).length;
}

/**
 * The product's pre-order day is now `to` (null, or a day not after today: it is in). The lines of
 * orders not sent yet still waiting on a later day than today take the new day (today when it is
 * in); returns how many buyers were told. The orders' rows are not locked (a payment takes them,
 * then the stock's): an order sent meanwhile keeps a day its pages no longer show.
 */
export async function moveShipDay(tx: Tx, productId: string, to: string | null, links: MailLinks, now = new Date()): Promise<number> {
  const today = lagosNow(now).date;
  const day = to && to > today ? to : today;
  const moved = await tx
    .update(purchaseItems)
    .set({ shipsFrom: day })
    .where(
      and(
        eq(purchaseItems.productId, productId),
        gt(purchaseItems.shipsFrom, today),
        ne(purchaseItems.shipsFrom, day),
        inArray(
          purchaseItems.purchaseId,
          tx.select({ id: purchases.id }).from(purchases).where(inArray(purchases.status, notSentStatuses)),
        ),
      ),
    )
    .returning({ purchaseId: purchaseItems.purchaseId, title: purchaseItems.title });
  if (!moved.length) return 0;
  const ids = [...new Set(moved.map((m) => m.purchaseId))];
  const [orders, lines, settings] = await Promise.all([
    tx.select().from(purchases).where(inArray(purchases.id, ids)),
    tx
      .select({ purchaseId: purchaseItems.purchaseId, shipsFrom: purchaseItems.shipsFrom })
      .from(purchaseItems)
      .where(inArray(purchaseItems.purchaseId, ids)),
    getSettings(tx),
  ]);
  const waiting = orders.filter(buyerWaits);
  for (const p of waiting) {
    const titles = moved.filter((m) => m.purchaseId === p.id).map((m) => m.title);
    const orderDay = orderShipsFrom(lines.filter((l) => l.purchaseId === p.id));
    await enqueueMail(tx, shipDayMail(p, titles, day, orderDay, today, settings, links));
  }
  return waiting.length;
}

/** "The 2027 Planner in your order #A1B2C3 now ships from Sat 23 Jan.", with what it means for her order. */
function shipDayMail(
  p: Purchase,
  titles: string[],
  day: string,
  orderDay: string | null,
  today: string,
  settings: { shopName: string; contactEmail: string; contactPhone: string },
  links: MailLinks,
) {
  const number = orderNumber(p.id);
  const what = titles.length === 1 ? `The ${titles[0]}` : `The ${titles.slice(0, -1).join(", ")} and ${titles.at(-1)}`;
  const now = day === today ? "is in: it ships from today" : `now ships from ${shortDay(day)}`;
  const goesOut = !orderDay || orderDay <= today ? "Your order can go out now." : `Your order goes out from ${longDay(orderDay)}.`;
  const clash =
    p.deliveryDate && orderDay && p.deliveryDate < orderDay
      ? `\n\nYou chose delivery on ${longDay(p.deliveryDate)}, which is now before it ships. Reply to this mail or message us on WhatsApp and we will agree a new day with you.`
      : "";
  return {
    to: p.email,
    subject: `Your ${settings.shopName} order #${number}: ${day === today ? "your pre-order is in" : `now ships from ${shortDay(day)}`}`,
    text: `Hello ${p.firstName},\n\n${what} in your order #${number} ${now}. ${goesOut}${clash}\n\nFollow your order: ${orderUrl(links, p)}\n\nQuestions? Write to ${settings.contactEmail} or call ${settings.contactPhone}.\n`,
    kind: "order_ship_day",
    whatsapp: shopperWhatsApp(p, "order_update", [p.firstName, settings.shopName, number, now, orderUrl(links, p)]),
  };
}
