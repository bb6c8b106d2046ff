import type { Db } from "../../db/client";
import type { Env } from "../../lib/env.server";
import { publicOrigin } from "../../lib/public-origin";
import { paystackProvider } from "./paystack.server";
import { sandboxProvider } from "./sandbox.server";
import type { PaymentProvider } from "./types";

/** The provider PAYMENT_PROVIDER names (docs/architecture.md "Payments"): the sandbox unless paystack is asked for. */
export function paymentProvider(env: Env, db: Db): PaymentProvider {
  if (env.PAYMENT_PROVIDER === "paystack") {
    return paystackProvider({ secretKey: env.PAYSTACK_SECRET_KEY ?? "", apiBase: env.PAYSTACK_API_BASE });
  }
  return sandboxProvider(db);
}

/** Where the provider sends the shopper back: on the shop's public address, never the request's Host. */
export function callbackUrl(env: Env, reference: string): string {
  return `${publicOrigin(env)}/checkout/complete?reference=${encodeURIComponent(reference)}`;
}
