import { lagosDayTime } from "../../lib/lagos-calendar";
import type { DeliveryMethod } from "../delivery/types";
import { NO_PICKUP, pickupPoints, type defaultPickup, type PickupPoint } from "../settings/pickup-points";

// docs/product.md "Pick-up": when an order may be collected at the shop instead of delivered. The
// checkout page offers it by these rules and the server refuses by them, in the same words. Safe
// for the browser.

/** A gift goes to the recipient's door: nobody collects it at the shop. */
export const GIFT_PICKUP_PROBLEM = "A gift is delivered to the recipient. Please choose Standard or Express delivery.";
/** A pick-up is collected when it is ready: the shop tells her, no date is booked. */
export const PICKUP_DATE_PROBLEM = "A pick-up has no delivery date: we tell you when your order is ready to collect.";

/** The answer of her order page's "Collect it at … instead" (pickup-point.server.ts), shown in its own place. */
export const PICKUP_POINT_ANSWER = "pickup_point";

/** She did not say which of the shop's two points she collects from (the Island and the Mainland are far apart: never guessed). */
export const PICKUP_POINT_MISSING = "Choose where you will collect your order.";
/** The point she chose is no longer one the shop offers (its settings changed while she chose). */
export const PICKUP_POINT_GONE = "That pick-up point is no longer offered. Please choose another.";

/**
 * The pick-up point an order collected at the shop records, or the fields that refuse it: the
 * shop offers no pick-up, the order is a gift, or it asks for a delivery date; with two points,
 * the one she chose (`pickupPoint`), which must be offered; with one, that one.
 */
export function pickupFor(
  settings: typeof defaultPickup,
  order: { isGift?: boolean; deliveryDate?: string | null; pickupPoint?: number | null },
): { point: PickupPoint; problems: null } | { point: null; problems: Record<string, string> } {
  const points = pickupPoints(settings);
  if (!points.length) return { point: null, problems: { deliveryMethod: NO_PICKUP } };
  if (order.isGift) return { point: null, problems: { deliveryMethod: GIFT_PICKUP_PROBLEM } };
  if (order.deliveryDate) return { point: null, problems: { deliveryDate: PICKUP_DATE_PROBLEM } };
  const point = order.pickupPoint ? points.find((p) => p.number === order.pickupPoint) : points.length === 1 ? points[0] : undefined;
  if (!point) return { point: null, problems: { pickupPoint: order.pickupPoint ? PICKUP_POINT_GONE : PICKUP_POINT_MISSING } };
  return { point, problems: null };
}

/**
 * The delivery method a checkout address asks for, as the page can draw it: a pick-up while the
 * shop offers none, or for a gift, is a Standard delivery with the address to fill (the server
 * refuses such an order by `pickupFor`).
 */
export const checkoutMethod = (settings: typeof defaultPickup, asked: { method?: DeliveryMethod; gift?: boolean }): DeliveryMethod =>
  asked.method === "pickup" && (asked.gift || !pickupPoints(settings).length) ? "standard" : (asked.method ?? "standard");

/** The address an order collected at the shop keeps: where, and when it is open. */
export const pickupAddress = (point: PickupPoint) => (point.hours ? `${point.address} (${point.hours})` : point.address);

/**
 * An order collected at the shop is 'shipped' when it is ready and 'delivered' when she has it:
 * the steps as her order page, her mail and her WhatsApp message say them, and as the back office
 * moves it (its button, its toast, and what the owner writes with it: no rider for a pick-up).
 */
export const pickupSteps = {
  shipped: {
    label: "Ready to collect",
    action: "Mark as ready to collect",
    done: "ready to collect",
    note: null,
    subject: "Your order is ready to collect",
    line: (address: string) => `Your order is ready. Collect it at ${address}.`,
    update: (address: string) => `is ready to collect at ${address}`,
  },
  delivered: {
    label: "Collected",
    action: "Mark as collected",
    done: "collected",
    note: "Collected by",
    subject: "You have collected your order",
    line: () => "You have collected your order. We hope it brings you calm.",
    update: () => "was collected",
  },
} as const;

/** The pick-up's own words for a step, or null (another step, or an order delivered to her door). */
export const pickupStep = (p: { deliveryMethod: string }, status: string) =>
  p.deliveryMethod === "pickup" && (status === "shipped" || status === "delivered") ? pickupSteps[status] : null;

/**
 * The code given with 'ready to collect': she shows it at the counter, or forwards the message to
 * whoever collects it for her (a driver, a sister), and the team checks it against the order's.
 */
export const collectionCodeWords = {
  line: (code: string) =>
    `Your collection code is ${code}. Show it at the counter, or forward this message to whoever collects it for you.`,
  update: (code: string) => `; your collection code is ${code}`,
  counter: "Ask for her collection code",
  /** the team's own WhatsApp message, typed for them, when the shop sends none itself */
  chat: (name: string, number: string, address: string, code: string) =>
    `Hello ${name}, your order #${number} is ready to collect at ${address}. Your collection code is ${code}: show it at the counter, or forward this message to whoever collects it for you.`,
} as const;

/**
 * The counter's check when she collects: the team types the code she shows, and a wrong one moves
 * nothing. Someone with no code (a phone gone flat, a message deleted) collects only when the team
 * ticks that they checked who she is and writes who took it; her mail and her order's page then
 * say so, and the order's history keeps it.
 */
export const counterCheck = {
  codeLabel: "Code she shows you",
  codeHint: "The four digits from her message",
  missing: "Type the collection code she shows you, or tick that she has none and write who collected it.",
  wrong: "That is not this order's collection code. Ask her to check the message we sent her, or send it again.",
  noCodeLabel: "She has no code: I checked who she is",
  noCodeNote: "Write who collected it and how you checked, such as the name on their ID.",
  suffix: " (without the collection code)",
} as const;

/**
 * Marking a pick-up collected at the counter: the note the step keeps (with "without the collection
 * code" when she had none), or the fields that refuse it. Only a pick-up that has a code, moved to
 * collected, is checked; any other step keeps its note as written.
 */
export function atTheCounter(
  p: { deliveryMethod: string; collectionCode: string | null },
  input: { status: string; code?: string; withoutCode?: boolean; note?: string },
): { note: string | undefined; problems: null } | { note: null; problems: Record<string, string> } {
  const refused = (problems: Record<string, string>) => ({ note: null, problems });
  if (p.deliveryMethod !== "pickup" || input.status !== "delivered" || !p.collectionCode) return { note: input.note, problems: null };
  if (input.withoutCode)
    return input.note ? { note: `${input.note}${counterCheck.suffix}`, problems: null } : refused({ note: counterCheck.noCodeNote });
  if (!input.code) return refused({ code: counterCheck.missing });
  return input.code === p.collectionCode ? { note: input.note, problems: null } : refused({ code: counterCheck.wrong });
}

/** A pick-up she pays for at the shop: how her mail, the owner's alert and its history say it. */
export const payOnCollection = {
  placedNote: "order placed, to be paid on collection",
  subject: "pay when you collect",
  alertSubject: "pay on collection",
  alertLine: "on collection at the shop",
  alertWhatsApp: "on collection",
} as const;

/**
 * A pick-up to be paid on collection that she never came for: what 'Delivery refused' is for a
 * delivery (the order is cancelled, its items go back, her count of orders not taken grows).
 */
export const notCollected = {
  action: "Not collected",
  confirm: "Mark it not collected? The order is cancelled and its items go back into stock.",
  done: "Pick-up marked not collected; the items are back in stock",
  event: "not collected",
} as const;

/** The one reminder of an order ready and not collected (pickup-reminders.server.ts), in her words. */
export const pickupReminder = {
  subject: "Your order is waiting for you",
  line: (number: string, address: string) => `Your order #${number} is ready and waiting for you at ${address}.`,
  bring: (total: string) => `Please bring ${total}: you pay when you collect it, by cash, transfer or POS.`,
  update: (address: string) => `is waiting for you at ${address}`,
} as const;

/** When she was reminded, as the back office reads it ("Reminded to collect on 4 Dec, 10:00 am"); null: not yet. */
export const remindedWords = (at: string | null) => (at ? `Reminded to collect on ${lagosDayTime(new Date(at), "short")}` : null);
