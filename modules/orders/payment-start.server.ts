import type { Db } from "../../db/client";
import { paymentAttempts, type purchases } from "../../db/schema";
import type { Env } from "../../lib/env.server";
import { publicOrigin } from "../../lib/public-origin";
import type { PaymentProvider } from "../payments/types";
import { getSettings } from "../settings/service.server";
import { newReference } from "./checkout.server";
import { leftToPayKobo } from "./statuses";

export type PaymentStart = { reference: string; authorizationUrl: string; accessCode?: string };

type Payable = Pick<typeof purchases.$inferSelect, "id" | "reference" | "totalKobo" | "depositKobo" | "email">;

/**
 * Starts a payment of an order with the provider, in the owner's channels (docs/product.md
 * "Paying"). The checkout's first attempt uses the order's own reference; a later one (a shared
 * pay link, a reminder's link) gets a fresh reference, recorded first so that the provider's
 * answer about it always finds the order. The provider sends the payer back to `returnPath`.
 */
export async function startPayment(
  db: Db,
  provider: PaymentProvider,
  env: Pick<Env, "PUBLIC_URL" | "PORT">,
  purchase: Payable,
  returnPath: (reference: string) => string,
  {
    fresh,
    part,
    payer,
  }: {
    fresh: boolean;
    part?: { amountKobo: number; payerName: string | null };
    /** paid through a shared link by someone else: her email for the provider's receipt and the shop's thanks, and her name, if she gave them */
    payer?: { email: string | null; name?: string | null };
  },
): Promise<PaymentStart> {
  const reference = fresh || part ? newReference() : purchase.reference;
  // what is left to pay (the total, less the parts paid), or the part a payer chips in (docs/product.md "Chipping in")
  const amountKobo = part?.amountKobo ?? leftToPayKobo(purchase);
  if (fresh || part)
    await db.insert(paymentAttempts).values({
      purchaseId: purchase.id,
      reference,
      provider: provider.name,
      amountKobo,
      part: !!part,
      payerName: part?.payerName ?? payer?.name ?? null,
      payerEmail: payer?.email ?? null,
    });
  const { paymentChannels, contactEmail } = await getSettings(db);
  const started = await provider.initialize({
    reference,
    amountKobo,
    // the provider needs an email, and shows it on its page: whoever pays through a shared link
    // never sees the buyer's (docs/product.md "Ask someone to pay"); she gives her own, or the
    // shop's is used, as for an order the shop recorded without one
    email: (payer ? payer.email : purchase.email) || contactEmail,
    callbackUrl: `${publicOrigin(env)}${returnPath(reference)}`,
    channels: paymentChannels,
  });
  return { reference, authorizationUrl: started.authorizationUrl, ...(started.accessCode ? { accessCode: started.accessCode } : {}) };
}
