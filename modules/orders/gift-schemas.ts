import { z } from "zod";
import { tick } from "../../lib/form-fields";
import { normalizeNigerianPhone } from "../../lib/phone";
import { email, personName } from "../accounts/schemas";
import { GIFT_MESSAGE_MAX } from "./gift-limits";

// Gift orders (docs/product.md "Gift orders"; docs/decisions/0016-gift-orders.md): the checkout's
// 'This is a gift' fields, checked alike by the form in the browser, the form's action and
// POST /api/purchases/create. Safe for the browser.

export { GIFT_MESSAGE_MAX };

/** Loose text: the real rules apply only when the order is a gift (a form without script posts the hidden fields too). */
const loose = (max: number) => z.string().max(max, "Too long").optional();

/** A browser sends a textarea's line breaks as CRLF but counts them as one character: so does the shop. */
export const normalizeGiftMessage = (text: string): string => text.replace(/\r\n?/g, "\n").trim();

/** The gift's fields, flat, with the same names in the form and the API. */
export const giftFields = {
  isGift: tick,
  recipientName: loose(500),
  recipientPhone: loose(100),
  recipientEmail: loose(500),
  giftMessage: loose(5000),
  anonymousSender: tick,
  hidePrices: tick,
  surpriseMode: tick,
  /** remind the buyer a week before the gift's day next year (modules/orders/gift-reminders.server.ts) */
  remindNextYear: tick,
};
export type GiftFields = { [K in keyof typeof giftFields]?: z.output<(typeof giftFields)[K]> };

/** The gift's fields of a parsed body (an order that is not a gift carries none of them on). */
export function giftFieldsOf(body: GiftFields): GiftFields {
  if (!body.isGift) return { isGift: false };
  const keys = Object.keys(giftFields) as (keyof GiftFields)[];
  return Object.fromEntries(keys.map((k) => [k, body[k]])) as GiftFields;
}

const recipientName = personName("Recipient's name", 120);
const recipientEmail = email.pipe(z.string().max(254, "Recipient's email must be at most 254 characters"));

/** What a gift order stores (purchases columns), or null for an order that is not a gift. */
export type GiftDetails = {
  recipientName: string;
  recipientPhone: string;
  recipientEmail: string | null;
  giftMessage: string | null;
  anonymousSender: boolean;
  hidePrices: boolean;
  surpriseMode: boolean;
};

/** A field as text: a refinement also sees the values its own schema refused (a number, an object). */
const text = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * The gift the fields describe, or the problems by field name. Not a gift: null, whatever the
 * other fields hold. A gift needs the recipient's name and a Nigerian phone; her email is
 * optional; the message is at most GIFT_MESSAGE_MAX characters.
 */
export function readGift(v: GiftFields): { gift: GiftDetails | null; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  if (v.isGift !== true) return { gift: null, problems };
  const name = recipientName.safeParse(text(v.recipientName));
  if (!name.success) problems.recipientName = name.error.issues[0]!.message;
  const phoneText = text(v.recipientPhone).trim();
  const phone = phoneText ? normalizeNigerianPhone(phoneText) : null;
  if (!phoneText) problems.recipientPhone = "Recipient's phone is required: the rider calls it on delivery day";
  else if (!phone) problems.recipientPhone = "Enter a Nigerian phone number, like 0803 555 0142";
  const emailText = text(v.recipientEmail).trim();
  const mail = emailText ? recipientEmail.safeParse(emailText) : null;
  if (mail && !mail.success) problems.recipientEmail = "Enter a valid email address for the recipient, or leave it empty";
  const message = normalizeGiftMessage(text(v.giftMessage));
  if (message.length > GIFT_MESSAGE_MAX)
    problems.giftMessage = `The gift message must be at most ${GIFT_MESSAGE_MAX} characters (it has ${message.length})`;
  if (Object.keys(problems).length) return { gift: null, problems };
  return {
    gift: {
      recipientName: name.data!,
      recipientPhone: phone!,
      recipientEmail: mail?.success ? mail.data : null,
      giftMessage: message || null,
      anonymousSender: v.anonymousSender === true,
      hidePrices: v.hidePrices === true,
      surpriseMode: v.surpriseMode === true,
    },
    problems,
  };
}

/** The checks of readGift as a zod refinement, so a schema's 400 names each gift field that is wrong. */
export function checkGift(v: GiftFields & { lga?: string | undefined; deliverToList?: string | undefined }, ctx: z.RefinementCtx) {
  // sent to the address on a friend's wish list: the recipient and her area are the list's (placeOrder)
  const fromList = !!v.deliverToList;
  for (const [path, message] of Object.entries(readGift(v).problems))
    if (!fromList || path === "giftMessage") ctx.addIssue({ code: "custom", path: [path], message });
  // a gift goes to the recipient's area: never the buyer's profile area by default
  if (!fromList && v.isGift === true && !(typeof v.lga === "string" && v.lga.trim()))
    ctx.addIssue({ code: "custom", path: ["lga"], message: "Choose the recipient's delivery area" });
}
