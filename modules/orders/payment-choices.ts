// How a shopper may pay (docs/product.md "Paying"): the one home of which choices an order is
// offered and why one is not. The checkout page shows them before she pays; the server refuses a
// choice that is not on offer with the same words. Safe for the browser.
import { formatNaira } from "../../lib/money";
import { channelLabels } from "../settings/payment-channels";
import type { Settings } from "../settings/schemas";
import type { CheckoutPaymentMethod } from "./schemas";

export type PaymentSettings = Pick<
  Settings,
  | "paymentChannels"
  | "transferEnabled"
  | "bankName"
  | "transferHours"
  | "payLinkHours"
  | "podEnabled"
  | "podAreas"
  | "podMaxOrderKobo"
  | "podReturningOnly"
>;

/** "1 hour", "24 hours". */
export const hoursInWords = (hours: number) => (hours === 1 ? "1 hour" : `${hours} hours`);

export type PaymentChoiceContext = {
  /** the delivery area of the order (null: not chosen yet) */
  lga: string | null;
  /** the order's total in kobo (null: not known until the area is chosen) */
  totalKobo: number | null;
  /** whether this customer has paid for an order before (null: not known yet, a guest who has not typed her email) */
  returning: boolean | null;
  /** the sandbox is our own test page, not Paystack's */
  provider: "sandbox" | "paystack";
  /** a gift (docs/product.md "Gift orders"): the buyer pays, never the recipient at her door */
  gift?: boolean;
  /** collected at the shop (docs/product.md "Pick-up"): paid on delivery means paid when she collects it */
  pickup?: boolean;
};

export type PaymentChoice = {
  method: CheckoutPaymentMethod;
  label: string;
  detail: string;
  /** why it cannot be chosen for this order; null when it can */
  unavailable: string | null;
};

/** 'Card, bank transfer or USSD': the owner's channels, in words. */
export function channelsInWords(channels: readonly (keyof typeof channelLabels)[]): string {
  const words = channels.map((c, i) => (i === 0 ? channelLabels[c] : channelLabels[c].toLowerCase()));
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} or ${words.at(-1)}` : (words[0] ?? "Card");
}

const sameArea = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A gift is paid by the buyer (docs/product.md "Gift orders"): the rider never asks the recipient for money. */
export const GIFT_POD_PROBLEM =
  "Pay on delivery is not for gifts: the rider would ask the recipient for the money. Please pay online or by transfer.";

/** The choices as the page shows them once 'This is a gift' is on: pay on delivery is not offered. */
export const choicesForGift = (choices: PaymentChoice[]): PaymentChoice[] =>
  choices.map((c) => (c.method === "pod" && !c.unavailable ? { ...c, unavailable: GIFT_POD_PROBLEM } : c));

/** Why pay on delivery is not offered for this order, or null. */
function podProblem(s: PaymentSettings, ctx: PaymentChoiceContext): string | null {
  if (!s.podEnabled) return "Pay on delivery is not available.";
  if (ctx.gift) return GIFT_POD_PROBLEM;
  if (ctx.lga && s.podAreas.length && !s.podAreas.some((a) => sameArea(a, ctx.lga!)))
    return `Pay on delivery is not available in ${ctx.lga}. Please pay online or by transfer.`;
  if (ctx.totalKobo !== null && ctx.totalKobo > s.podMaxOrderKobo)
    return `Pay on delivery is for orders up to ${formatNaira(s.podMaxOrderKobo)}. Please pay online or by transfer.`;
  if (s.podReturningOnly && ctx.returning === false)
    return "Pay on delivery is for customers who have paid for an order with us before. Please pay online or by transfer this time.";
  return null;
}

/** Every way this shop takes money, for this order: those not offered say why. Pay on delivery and transfer appear only when the owner turned them on. */
export function paymentChoices(s: PaymentSettings, ctx: PaymentChoiceContext): PaymentChoice[] {
  const choices: PaymentChoice[] = [
    {
      method: "online",
      label: "Pay now",
      detail:
        ctx.provider === "paystack"
          ? `${channelsInWords(s.paymentChannels)}, on Paystack's secure page`
          : "On the shop's test payment page",
      unavailable: null,
    },
  ];
  if (s.transferEnabled)
    choices.push({
      method: "transfer",
      label: "Bank transfer to our account",
      detail: `Transfer to our ${s.bankName} account within ${s.transferHours} hours; we confirm and send your order`,
      unavailable: null,
    });
  if (s.podEnabled)
    choices.push({
      method: "pod",
      ...(ctx.pickup
        ? { label: "Pay when you collect", detail: "Pay by cash, transfer or POS when you collect your order" }
        : { label: "Pay on delivery", detail: "Pay the rider by cash, transfer or POS when your order arrives" }),
      unavailable: podProblem(s, ctx),
    });
  choices.push({
    method: "pay_link",
    label: "Ask someone to pay",
    detail: `Get a payment link to send on WhatsApp, for one person to pay or for friends to chip in; it works for ${hoursInWords(s.payLinkHours)}`,
    unavailable: null,
  });
  return choices;
}

/** Why `method` cannot pay this order, or null: the server's check, in the page's words. */
export function paymentChoiceProblem(s: PaymentSettings, method: CheckoutPaymentMethod, ctx: PaymentChoiceContext): string | null {
  if (method === "transfer" && !s.transferEnabled) return "Bank transfer is not available.";
  if (method === "pod") return podProblem(s, ctx);
  return null;
}
