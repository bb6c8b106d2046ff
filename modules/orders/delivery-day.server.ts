import { eq } from "drizzle-orm";
import type { Queryable, Db } from "../../db/client";
import { purchaseEvents, purchaseItems, purchases } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { formatNaira } from "../../lib/money";
import { lagosNow, longDay, shortDay } from "../../lib/lagos-calendar";
import { publicOrigin } from "../../lib/public-origin";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { dayStillOpen, deliveryDatePicker, moveDeliverySlot, resolveDeliverySlot, type DeliveryPicker } from "../delivery/schedule.server";
import { orderShipsFrom, preorderDay } from "../stock/preorder";
import { ownerWhatsApp, shopperWhatsApp } from "../whatsapp/order-messages";
import { deliveryDayInput, type DeliveryDayInput } from "./delivery-date-schemas";
import { giftOccasion, giftReminderDays } from "./gift-rules";
import { orderUrl, type MailLinks } from "./mails.server";
import { holdsOrder, type OrderHolder } from "./order-links.server";
import { adminOrderPath, buyerWaits, notSentYet, orderNumber, type PurchaseStatus } from "./statuses";

// docs/product.md "Delivery on a chosen date" ("Moving a delivery day", "She changes it herself"):
// she wants it on Saturday instead, or a pre-order's new day now comes after the day she chose. The
// team moves the order's delivery day (or clears it) from the back office, and she changes it from
// her order's page until the shop begins preparing it: the same dates the checkout offers her area,
// the day's place held like a checkout's and the old one given back, her reminder of the gift
// following the day, and she is told. What the order paid for its date stays as it was.

type Purchase = typeof purchases.$inferSelect;

/** "Sat 23 Jan, 9 am – 12 pm", or "no particular day". */
const dayWords = (date: string | null, window: string | null) =>
  date ? `${shortDay(date)}${window ? `, ${window}` : ""}` : "no particular day";

export type DeliveryDayChoices = {
  picker: DeliveryPicker;
  /** the order's date and window (the window's id) when still on offer */
  date: string | null;
  window: string | null;
  /** her day comes before the day her pre-order now ships (it moved after she chose): that day */
  beforeShipDay: string | null;
};

/** The order's pre-order day while it is still ahead (its dates begin there); null otherwise. */
async function shipDayOf(q: Queryable, purchaseId: string, now: Date): Promise<string | null> {
  const lines = await q.select({ shipsFrom: purchaseItems.shipsFrom }).from(purchaseItems).where(eq(purchaseItems.purchaseId, purchaseId));
  return preorderDay(orderShipsFrom(lines), lagosNow(now).date);
}

/** She may change her own day until the shop begins preparing it (docs/product.md "Delivery on a chosen date"). */
export const shopperMayChange = (status: PurchaseStatus) => status === "pending" || status === "completed";

/** Why an order's day cannot be moved at all; null when it can. */
function cannotMove(p: Pick<Purchase, "status" | "deliveryMethod" | "lga">): string | null {
  if (p.deliveryMethod === "pickup") return "A pick-up has no delivery day.";
  if (!notSentYet(p.status)) return `A ${p.status} order's delivery day can't be moved.`;
  if (!p.lga) return "This order has no delivery area.";
  return null;
}

/**
 * The dates the back office may move the order to: its area's picker, as the checkout offers it
 * (from the pre-order's day when it holds one), with the order's own date and window chosen when
 * they are still on offer. Null when the order cannot move (sent, cancelled, a pick-up) or its area
 * takes no dates.
 */
export async function deliveryDayChoices(
  q: Queryable,
  p: Pick<Purchase, "id" | "status" | "deliveryMethod" | "lga" | "deliveryDate" | "deliveryWindow">,
  now = new Date(),
): Promise<DeliveryDayChoices | null> {
  if (cannotMove(p)) return null;
  const shipsFrom = await shipDayOf(q, p.id, now);
  const found = await deliveryDatePicker(q, p.lga, now, shipsFrom, p.deliveryDate);
  if (!found) return null;
  // the order's delivery is chosen: a day only Express reaches cannot be had by a Standard one
  const picker =
    p.deliveryMethod === "standard"
      ? {
          ...found,
          choices: found.choices.map((c) => (c.available && c.expressOnly ? { ...c, available: false, why: "Too soon for Standard" } : c)),
        }
      : found;
  const date = picker.choices.some((c) => c.date === p.deliveryDate) ? p.deliveryDate : null;
  const window = date ? (picker.windows.find((w) => w.label === p.deliveryWindow)?.id ?? null) : null;
  const beforeShipDay = p.deliveryDate && shipsFrom && p.deliveryDate < shipsFrom ? shipsFrom : null;
  return { picker, date, window, beforeShipDay };
}

/** Who moves the day: a member of the team (named in the history), or the shopper from her order's page. */
type Mover = { actorId: string } | { shopper: true };

/**
 * The team moves the order's delivery day to the date and window asked (none: no particular day,
 * where her area does not require one). Checked as the checkout checks a date (the area's lead
 * time, cut-off, blackouts, Standard's 3 days, the pre-order's day); the old day's place is given
 * back and the new one taken on its counter (a 409 when full, as at checkout), under the order's
 * lock. The fees the order paid for its date stay as they were: the shop moved it. Returns the
 * words of the new day and whether she was told.
 */
export const moveDeliveryDay = (db: Db, purchaseId: string, input: DeliveryDayInput, actorId: string, links: MailLinks, now = new Date()) =>
  moveDay(db, purchaseId, input, { actorId }, links, now);

/**
 * The shopper changes her own delivery day from her order's page (by its link or her account;
 * anyone else's is not found), while the shop has not begun preparing it and her day is still one
 * she could choose today; a day or window that costs more than she paid for hers is the team's to
 * agree (she is asked to message the shop). Otherwise as the team's move.
 */
export async function changeMyDeliveryDay(
  db: Db,
  links: MailLinks,
  purchaseId: string,
  input: DeliveryDayInput,
  who: OrderHolder,
  now = new Date(),
) {
  const [p] = await db.select({ id: purchases.id, userId: purchases.userId }).from(purchases).where(eq(purchases.id, purchaseId));
  if (!p || !holdsOrder(links, p, who)) throw AppError.notFound("Order");
  return moveDay(db, purchaseId, input, { shopper: true }, links, now);
}

/**
 * The days the shopper may change hers to from her order's page: only by the order's link or her
 * account, while she may change it (the shop has not begun preparing it, her day is not past the
 * area's cut-off); null otherwise.
 */
export async function myDeliveryDayChoices(
  q: Queryable,
  links: Pick<MailLinks, "SESSION_SECRET">,
  p: Pick<Purchase, "id" | "userId" | "status" | "deliveryMethod" | "lga" | "deliveryDate" | "deliveryWindow">,
  who: OrderHolder,
  now = new Date(),
): Promise<DeliveryDayChoices | null> {
  if (!holdsOrder(links, p, who)) return null;
  if (!shopperMayChange(p.status) || cannotMove(p)) return null;
  if (p.deliveryDate && !(await dayStillOpen(q, p.lga!, p.deliveryDate, now))) return null;
  return deliveryDayChoices(q, p, now);
}

/** Why the shopper cannot change her day herself now; null when she can. */
async function shopperCannotChange(q: Queryable, p: Purchase, now: Date): Promise<string | null> {
  if (!shopperMayChange(p.status)) return "We have begun preparing your order: message us to change its delivery day.";
  if (p.deliveryDate && !(await dayStillOpen(q, p.lga!, p.deliveryDate, now)))
    return "Your delivery day is too close to change here: message us and we will see what we can do.";
  return null;
}

async function moveDay(db: Db, purchaseId: string, input: DeliveryDayInput, by: Mover, links: MailLinks, now: Date) {
  const { deliveryDate, deliveryWindow } = deliveryDayInput.parse(input);
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
    if (!p) throw AppError.notFound("Purchase");
    const why = cannotMove(p) ?? ("shopper" in by ? await shopperCannotChange(tx, p, now) : null);
    if (why) throw new AppError("conflict", why);
    const slot = await resolveDeliverySlot(
      tx,
      p.lga!,
      { deliveryDate, deliveryWindow, deliveryMethod: p.deliveryMethod },
      now,
      await shipDayOf(tx, p.id, now),
      p.deliverySlotId ? p.deliveryDate : null,
    );
    const date = slot?.date ?? null;
    const window = slot?.window ?? null;
    if (date === p.deliveryDate && window === p.deliveryWindow)
      throw new AppError("invalid", `The delivery day is already ${dayWords(date, window)}.`, {
        fields: { deliveryDate: "Choose another day to move it to" },
      });
    const more = slot ? slot.peakFeeKobo + slot.windowSurchargeKobo - p.deliverySlotFeeKobo : 0;
    if ("shopper" in by && more > 0)
      throw new AppError(
        "conflict",
        `${dayWords(date, window)} costs ${formatNaira(more)} more than you paid for your day. Message us to change to it.`,
        {
          fields: { deliveryDate: `${formatNaira(more)} more: message us` },
        },
      );
    const slotId = await moveDeliverySlot(tx, p.deliverySlotId, slot);
    // a gift's reminder next year follows the gift's day (docs/product.md "Gift orders")
    const remindOn =
      p.giftRemindOn && !p.giftRemindedAt ? giftReminderDays(giftOccasion({ deliveryDate: date }, p.createdAt)).remindOn : null;
    await tx
      .update(purchases)
      .set({
        deliveryDate: date,
        deliveryWindow: window,
        deliverySlotId: slotId,
        ...(remindOn ? { giftRemindOn: remindOn } : {}),
        updatedAt: now,
      })
      .where(eq(purchases.id, p.id));
    const from = dayWords(p.deliveryDate, p.deliveryWindow);
    const to = dayWords(date, window);
    await tx.insert(purchaseEvents).values({
      purchaseId: p.id,
      status: p.status,
      note: `delivery day ${"shopper" in by ? "changed by the customer" : "moved"}: ${from} → ${to}`,
      actorId: "actorId" in by ? by.actorId : null,
    });
    const shop = await getSettings(tx);
    // an online checkout left unpaid keeps its place but is not written to (as for a moved ship day)
    const told = buyerWaits(p) && (await enqueueMail(tx, movedDayMail(shop, p, date, window, links))) !== null;
    // her own change may undo the team's plan for the day: the shop hears of it at once
    if ("shopper" in by) await enqueueMail(tx, changedByHerMail(shop, p, from, to, links));
    return { day: to, date, told };
  });
}

type Shop = Awaited<ReturnType<typeof getSettings>>;

/** The shop's alert when she changed her day herself: from and to, and the order's page; on the Alerts number when one is set. */
function changedByHerMail(shop: Shop, p: Purchase, from: string, to: string, links: MailLinks) {
  const url = `${publicOrigin(links)}${adminOrderPath(p.id)}`;
  const name = `${p.firstName} ${p.lastName}`.trim();
  return {
    to: shop.contactEmail,
    subject: `Order #${orderNumber(p.id)}: ${p.firstName} changed her delivery day to ${to}`,
    text: `${name} changed the delivery day of order #${orderNumber(p.id)} on her order's page: ${from} → ${to}.\n\nThe day's run sheet has it. Open the order: ${url}\n`,
    kind: "order_delivery_day_admin",
    whatsapp: ownerWhatsApp(shop, "delivery_day_alert", [name, orderNumber(p.id), from, to, url]),
  };
}

/** "Your delivery is now on Saturday 23 January 2027, 9 am – 12 pm.", by mail and, when she asked, WhatsApp. */
function movedDayMail(shop: Shop, p: Purchase, date: string | null, window: string | null, links: MailLinks) {
  const number = orderNumber(p.id);
  const link = orderUrl(links, p);
  const line = date
    ? `Your order #${number} will now be delivered on ${longDay(date)}${window ? `, ${window}` : ""}.`
    : `Your order #${number} no longer has a set delivery day: it comes as fast as your delivery allows.`;
  return {
    to: p.email,
    kind: "order_delivery_day",
    subject: `Your ${shop.shopName} order #${number}: ${date ? `delivery now on ${shortDay(date)}` : "delivery day changed"}`,
    text: `Hello ${p.firstName},\n\n${line}\n\nFollow your order: ${link}\n\nQuestions? Write to ${shop.contactEmail} or call ${shop.contactPhone}.\n\nWith care,\n${shop.shopName}`,
    whatsapp: shopperWhatsApp(p, "order_update", [
      p.firstName,
      shop.shopName,
      number,
      date ? `will now be delivered on ${dayWords(date, window)}` : "no longer has a set delivery day",
      link,
    ]),
  };
}
