import { enforceRateLimit, type RateLimitStore, type RateRule } from "../../lib/rate-limit.server";

const MINUTE = 60_000;

/**
 * How many checkouts may start, per account and per client address. Each one
 * reserves stock for 30 minutes and calls the payment provider: a shopper who
 * retries a declined card a few times stays far below, a script cycling
 * create and cancel does not. The address limit is generous, since Nigerian
 * mobile carriers put many shoppers behind one carrier-grade NAT address.
 */
export const checkoutRules = {
  account: { name: "checkout-account", limit: 10, windowMs: 15 * MINUTE },
  ip: { name: "checkout-ip", limit: 60, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule>;

/** Counts one checkout start for the account and the address; a 429 with Retry-After past either limit. */
export async function countCheckoutStart(store: RateLimitStore, userId: string, ip: string) {
  await enforceRateLimit(store, checkoutRules.ip, ip);
  await enforceRateLimit(store, checkoutRules.account, userId);
}
