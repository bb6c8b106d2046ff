import { lagosLocalInput } from "../discounts/lagos-time";
import { addDays } from "../../lib/lagos-calendar";
import { formatNigerianPhone } from "../../lib/phone";
import type { GiftAddressView } from "../settings/schemas";
import type { PurchaseView } from "./types";

// The rules of a gift order (docs/product.md "Gift orders"), each in one home. Pure and safe for
// the browser: the mails, the back office, the order's page and the tests read them from here.

/** What the recipient-contact rule reads of an order. */
export type RecipientContactOrder = {
  isGift: boolean;
  surpriseMode: boolean;
  status: string;
  /**
   * The Lagos calendar day the order is to be delivered (YYYY-MM-DD), when the order has one.
   * Orders do not carry a chosen delivery day yet: the delivery-dates work adds it, and its
   * column is passed here (deliveryDayOf).
   */
  deliveryDate?: string | null;
};

/** The Lagos calendar day of an instant: 2026-11-25 (Africa/Lagos is UTC+1 all year). */
export const lagosDay = (now: Date): string => lagosLocalInput(now).slice(0, 10);

/** The order's chosen delivery day, if it has one (the delivery-dates work's column, when merged). */
export function deliveryDayOf(p: object): string | null {
  const day = (p as { deliveryDate?: unknown }).deliveryDate;
  if (typeof day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  if (day instanceof Date) return lagosDay(day);
  return null;
}

/**
 * Surprise mode: may the shop contact the recipient (mail her) at `now`? Not a gift: there is no
 * recipient. Outside surprise mode: yes. In surprise mode: from her delivery day on (Lagos
 * calendar) when the order has one, otherwise only once the order is delivered.
 */
export function mayContactRecipient(order: RecipientContactOrder, now: Date): boolean {
  if (!order.isGift) return false;
  if (!order.surpriseMode) return true;
  if (order.deliveryDate) return lagosDay(now) >= order.deliveryDate;
  return order.status === "delivered";
}

/** How many days before the gift's day comes round again its buyer is reminded, when she asked. */
export const GIFT_REMINDER_DAYS_BEFORE = 7;

/** The order page's answer to its buyer's "Don't remind me" or "Remind me every year". */
export const REMINDER_ANSWER = "gift-reminder";

/** The gift's day: its delivery date, else the Lagos day it was ordered (`createdAt`). */
export const giftOccasion = (p: { deliveryDate: string | null }, createdAt: Date): string => p.deliveryDate ?? lagosDay(createdAt);

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The gift's day (YYYY-MM-DD) as it falls in `year`: 29 February's on the 28th outside leap years. */
export function giftDayInYear(occasion: string, year: number): string {
  const [, month, day] = occasion.split("-");
  return `${year}-${month}-${month === "02" && day === "29" && !isLeapYear(year) ? "28" : day}`;
}

/** The gift's day next year (29 Feb: the 28th), and the Lagos day to remind its buyer of it, a week before. */
export function giftReminderDays(occasion: string): { nextYear: string; remindOn: string } {
  const nextYear = giftDayInYear(occasion, Number(occasion.slice(0, 4)) + 1);
  return { nextYear, remindOn: addDays(nextYear, -GIFT_REMINDER_DAYS_BEFORE) };
}

/**
 * "Remind me every year": once the gift's day (`day`) has gone by, the next one, in the year after
 * it or, when no server ran for longer, the first not before `today`; and its reminder's day.
 */
export function nextYearlyReminder(occasion: string, day: string, today: string): { day: string; remindOn: string } {
  let next = giftDayInYear(occasion, Number(day.slice(0, 4)) + 1);
  while (next < today) next = giftDayInYear(occasion, Number(next.slice(0, 4)) + 1);
  return { day: next, remindOn: addDays(next, -GIFT_REMINDER_DAYS_BEFORE) };
}

/** How many years the gift's day (`day`, as it comes round) is after the day it was sent for: 1, or more for a yearly reminder. */
export const giftYearsAgo = (occasion: string, day: string) => Number(day.slice(0, 4)) - Number(occasion.slice(0, 4));

/** "Last year", or "In 2026" once a yearly reminder has come round more than once. */
export const whenGiftWasSent = (occasion: string, day: string) =>
  giftYearsAgo(occasion, day) === 1 ? "Last year" : `In ${occasion.slice(0, 4)}`;

/**
 * The next reminder its buyer gets (a Lagos day): the one not sent yet; once sent, when she asked for
 * it every year, the next year's not gone by on `today` (the hourly job rolls it on after the day);
 * otherwise none.
 */
export function nextGiftReminder(
  p: {
    giftRemindOn: string | null;
    giftRemindedAt: Date | null;
    giftRemindYearly: boolean;
    deliveryDate: string | null;
    createdAt: Date;
  },
  today: string,
): string | null {
  if (!p.giftRemindOn) return null;
  if (!p.giftRemindedAt) return p.giftRemindOn;
  if (!p.giftRemindYearly) return null;
  return nextYearlyReminder(giftOccasion(p, p.createdAt), addDays(p.giftRemindOn, GIFT_REMINDER_DAYS_BEFORE), today).remindOn;
}

/** Who the gift is from, as the recipient reads it: the buyer's name, or nobody when she sends it anonymously. */
export function senderFor(p: { anonymousSender: boolean; firstName: string; lastName: string }): string {
  return p.anonymousSender ? "Someone who cares about you" : `${p.firstName} ${p.lastName}`.trim();
}

/**
 * A gift order as the buyer's own view shows it (its page, reached from /track or a mail, and My
 * orders), by the owner's setting: the recipient's whole address, or only her name and delivery
 * area (no street, city or phone). A gift sent to the address on the recipient's wish list shows
 * her name and area only (not her email either), whatever the setting (docs/product.md "Wish
 * lists"). Anything that is not a gift is shown as it is.
 */
export function giftForBuyer<T extends Pick<PurchaseView, "street" | "city" | "address" | "gift">>(order: T, view: GiftAddressView): T {
  if (!order.gift || (view === "full" && !order.gift.addressPrivate)) return order;
  // her email too, when it came with the address from her wish list
  const recipientEmail = order.gift.addressPrivate ? null : order.gift.recipientEmail;
  return { ...order, street: "", city: "", address: "", gift: { ...order.gift, recipientPhone: null, recipientEmail } };
}

/** The lines of an order summary that describe the gift (for the buyer and the shop, never the recipient). */
export function giftSummaryLines(p: {
  isGift: boolean;
  recipientName: string | null;
  recipientPhone: string | null;
  giftMessage: string | null;
  anonymousSender: boolean;
  hidePrices: boolean;
  surpriseMode: boolean;
}): string[] {
  if (!p.isGift) return [];
  return [
    `Gift for: ${p.recipientName}${p.recipientPhone ? `, ${formatNigerianPhone(p.recipientPhone)}` : ""}`,
    ...(p.giftMessage ? [`Message for the card: ${p.giftMessage}`] : []),
    ...[
      p.anonymousSender ? "Sent anonymously" : null,
      p.hidePrices ? "Prices hidden" : null,
      p.surpriseMode ? "Surprise: we don't contact the recipient before delivery day" : null,
    ].filter((x): x is string => !!x),
  ];
}
