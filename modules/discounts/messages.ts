// What a shopper is told when a code does not apply (docs/product.md "Discount codes"):
// one home for the words, used by the cart, the guest quote and the checkout.
import { formatNaira } from "../../lib/money";
import type { CodeOutcome } from "../pricing/price-order";
import { formatLagosTime } from "./lagos-time";

/** Why a code cannot be used at all, before the cart is looked at. */
export type CodeRefusal =
  | { reason: "unknown" }
  | { reason: "inactive" }
  | { reason: "not_started"; startsAt: Date }
  | { reason: "expired"; endedAt: Date }
  | { reason: "used_up" }
  | { reason: "already_used" };

export function refusalMessage(code: string, refusal: CodeRefusal): string {
  switch (refusal.reason) {
    case "unknown":
      return `We don't recognise the code ${code}. Check the spelling and try again.`;
    case "inactive":
      return `The code ${code} is not active.`;
    case "not_started":
      return `The code ${code} starts on ${formatLagosTime(refusal.startsAt)} (Lagos time).`;
    case "expired":
      return `The code ${code} expired on ${formatLagosTime(refusal.endedAt)} (Lagos time).`;
    case "used_up":
      return `The code ${code} has been used up.`;
    case "already_used":
      return `You have already used the code ${code}.`;
  }
}

/** Why a usable code did not apply to this cart: the minimum (with what is still to add) or its scope. */
export function outcomeMessage(outcome: Exclude<CodeOutcome, { applied: true }>): string {
  return outcome.reason === "minimum"
    ? `Add ${formatNaira(outcome.shortKobo)} more to use ${outcome.code}.`
    : `The code ${outcome.code} is not for the items in your cart.`;
}

/**
 * Why an unpaid order's own code was dropped when it was taken up again with less in it (docs/product.md
 * "Unpaid checkouts"): she cannot add to that order, so she is told the minimum and what is left,
 * not what to add.
 */
export function leftBehindMessage(outcome: Exclude<CodeOutcome, { applied: true }>, leftKobo: number): string {
  return outcome.reason === "minimum"
    ? `The code ${outcome.code} is for orders of ${formatNaira(leftKobo + outcome.shortKobo)} or more, and what is left of your order comes to ${formatNaira(leftKobo)}.`
    : `The code ${outcome.code} is not for the items left in your order.`;
}
