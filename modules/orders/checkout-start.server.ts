import type { Db } from "../../db/client";
import type { Env } from "../../lib/env.server";
import type { PaymentProvider } from "../payments/types";
import { cancelPurchases, shopperCancelNotes } from "./cancellation.server";
import { placeOrder, type Buyer } from "./checkout.server";
import { orderCompletePath } from "./order-links.server";
import { startPayment } from "./payment-start.server";
import type { CheckoutInput } from "./schemas";
import type { PurchaseView } from "./types";
import { toPurchaseView } from "./views.server";

export type CheckoutStarted = {
  purchase: PurchaseView;
  reference: string;
  /** the order's confirmation page, which the buyer may open without an account (signed) */
  orderUrl: string;
  /** an online payment: the provider's page to go to (absent for transfer, pay on delivery and pay links) */
  authorizationUrl?: string;
  accessCode?: string;
};

type StartEnv = Pick<Env, "SESSION_SECRET" | "PUBLIC_URL" | "PORT">;

/**
 * Places the order, then, for an online payment, starts it with the provider; if the payment
 * cannot start, the reservation is undone. Other ways of paying end at the order's page, which
 * says what happens next (the account to transfer to, the link to share, the rider).
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  env: StartEnv,
  buyer: Buyer,
  input: CheckoutInput,
): Promise<CheckoutStarted> {
  const { row, items } = await placeOrder(db, buyer, input, { provider: provider.name, links: env });
  const placed = { purchase: toPurchaseView(row, items), reference: row.reference, orderUrl: orderCompletePath(env, row) };
  if (row.paymentMethod !== "online") return placed;
  try {
    const started = await startPayment(db, provider, env, row, () => orderCompletePath(env, row), { fresh: false });
    return { ...placed, authorizationUrl: started.authorizationUrl, ...(started.accessCode ? { accessCode: started.accessCode } : {}) };
  } catch (e) {
    await cancelPurchases(db, [row.id], shopperCancelNotes.notStarted);
    throw e;
  }
}
