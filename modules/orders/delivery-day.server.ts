import { eq } from "drizzle-orm";
import type { Queryable, Db } from "../../db/client";
import { purchaseEvents, purchaseItems, purchases } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { lagosNow, longDay, shortDay } from "../../lib/lagos-calendar";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { deliveryDatePicker, moveDeliverySlot, resolveDeliverySlot, type DeliveryPicker } from "../delivery/schedule.server";
import { orderShipsFrom, preorderDay } from "../stock/preorder";
import { shopperWhatsApp } from "../whatsapp/order-messages";
import { deliveryDayInput, type DeliveryDayInput } from "./delivery-date-schemas";
import { giftOccasion, giftReminderDays } from "./gift-rules";
import { orderUrl, type MailLinks } from "./mails.server";
import { notSentYet, orderNumber } from "./statuses";

// docs/product.md "Delivery on a chosen date", "Moving a delivery day": she calls to have it on
// Saturday instead, or a pre-order's new day now comes after the day she chose. The team moves the
// order's delivery day (or clears it) from the back office: the same dates the checkout offers her
// area, the day's place held like a checkout's and the old one given back, her reminder of the gift
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
  const picker = await deliveryDatePicker(q, p.lga, now, shipsFrom, p.deliveryDate);
  if (!picker) return null;
  const date = picker.choices.some((c) => c.date === p.deliveryDate) ? p.deliveryDate : null;
  const window = date ? (picker.windows.find((w) => w.label === p.deliveryWindow)?.id ?? null) : null;
  const beforeShipDay = p.deliveryDate && shipsFrom && p.deliveryDate < shipsFrom ? shipsFrom : null;
  return { picker, date, window, beforeShipDay };
}

/**
 * Moves the order's delivery day to the date and window asked (none: no particular day, where her
 * area does not require one). Checked as the checkout checks a date (the area's lead time, cut-off,
 * blackouts, Standard's 3 days, the pre-order's day); the old day's place is given back and the new
 * one taken on its counter (a 409 when full, as at checkout), under the order's lock. The
 * fees the order paid for its date stay as they were: the shop moved it. Returns the words of the
 * new day and whether she was told.
 */
export async function moveDeliveryDay(
  db: Db,
  purchaseId: string,
  input: DeliveryDayInput,
  actorId: string,
  links: MailLinks,
  now = new Date(),
): Promise<{ day: string; told: boolean }> {
  const { deliveryDate, deliveryWindow } = deliveryDayInput.parse(input);
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
    if (!p) throw AppError.notFound("Purchase");
    const why = cannotMove(p);
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
    await tx.insert(purchaseEvents).values({ purchaseId: p.id, status: p.status, note: `delivery day moved: ${from} → ${to}`, actorId });
    const told = (await enqueueMail(tx, await movedDayMail(tx, p, date, window, links))) !== null;
    return { day: to, told };
  });
}

/** "Your delivery is now on Saturday 23 January 2027, 9 am – 12 pm.", by mail and, when she asked, WhatsApp. */
async function movedDayMail(tx: Queryable, p: Purchase, date: string | null, window: string | null, links: MailLinks) {
  const shop = await getSettings(tx);
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
