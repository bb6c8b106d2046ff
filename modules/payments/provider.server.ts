import type { Db } from "../../db/client";
import type { Env } from "../../lib/env.server";
import { publicOrigin } from "../../lib/public-origin";
import { paystackProvider } from "./paystack.server";
import { sandboxProvider } from "./sandbox.server";

// docs/architecture.md "Payments": one interface, two implementations. A purchase is
// completed only after verify() (or a signed webhook) confirms the exact amount.

export type StartPayment = {
  reference: string;
  amountKobo: number;
  email: string;
  /** where the provider sends the shopper back: /checkout/complete?reference=… */
  callbackUrl: string;
};

export type VerifiedPayment = {
  status: "success" | "failed" | "abandoned" | "pending";
  amountKobo: number;
  currency: string;
  transactionId: string | null;
};

export interface PaymentProvider {
  readonly name: "sandbox" | "paystack";
  initialize(input: StartPayment): Promise<{ authorizationUrl: string; accessCode?: string }>;
  verify(reference: string): Promise<VerifiedPayment>;
}

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
