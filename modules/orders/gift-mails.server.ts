import type { Tx } from "../../db/client";
import type { purchases } from "../../db/schema";
import { lagosDayTime } from "../../lib/lagos-calendar";
import { formatNigerianPhone } from "../../lib/phone";
import { enqueueMail } from "../mail/outbox.server";
import type { Settings } from "../settings/schemas";
import { deliveryDayOf, mayContactRecipient, senderFor } from "./gift-rules";

// The mails of a gift order (docs/product.md "Gift orders"): the buyer stays the contact and hears
// each step in her own words; the recipient, when the buyer gave her email, hears only that a gift
// is on its way, outside surprise mode, and never a price nor (sent anonymously) the buyer's name.

type Purchase = typeof purchases.$inferSelect;

/** What the buyer's mail says of a gift's step, in place of the usual line: to whom, and when it was delivered. */
export function giftStepLine(p: Purchase, status: string, now: Date): string | null {
  if (!p.isGift) return null;
  const to = p.recipientName ?? "the recipient";
  const where = p.lga ? ` in ${p.lga}` : "";
  if (status === "shipped") return `Your gift for ${to} has left our studio and is on its way to her${where}.`;
  if (status === "delivered") return `Your gift was delivered to ${to}${where} on ${lagosDayTime(now)}.`;
  return null;
}

/**
 * 'A gift is on its way' to the recipient when the order ships: only with her email, only when
 * surprise mode allows contacting her at `now` (mayContactRecipient), with no price, no link to
 * the order (its page shows the prices and the buyer) and, if anonymous, no buyer's name.
 */
export async function recipientShippedMail(tx: Tx, p: Purchase, note: string | null, shop: Settings, now: Date) {
  if (!p.isGift || !p.recipientEmail) return false;
  if (!mayContactRecipient({ ...p, deliveryDate: deliveryDayOf(p) }, now)) return false;
  const from = p.anonymousSender ? null : senderFor(p);
  await enqueueMail(tx, {
    to: p.recipientEmail,
    kind: "gift_on_its_way",
    subject: from ? `A gift from ${from} is on its way to you` : `A gift is on its way to you`,
    text: `Hello ${p.recipientName},\n\n${from ?? "Someone who cares about you"} has sent you a gift from ${shop.shopName}. It is on its way to you${p.lga ? ` in ${p.lga}` : ""}, and the rider will call you on ${p.recipientPhone ? formatNigerianPhone(p.recipientPhone) : "your phone"} when close.${note ? `\n\nDelivery details: ${note}` : ""}\n\nQuestions? Write to ${shop.contactEmail} or call ${shop.contactPhone}.\n\nWith care,\n${shop.shopName}`,
  });
  return true;
}
