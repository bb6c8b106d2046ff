import { Hono } from "hono";
import { isValidPaystackSignature } from "../../modules/payments/paystack.server";
import { completePurchase } from "../../modules/orders/completion.server";
import type { AppDeps, AppEnv } from "../context";
import { AppError } from "../../lib/errors";

type PaystackEvent = {
  event?: string;
  data?: { reference?: string; amount?: number; currency?: string; status?: string; id?: number | string };
};

// Paystack's webhook (https://paystack.com/docs/payments/webhooks): signed with
// HMAC-SHA512 of the raw body. Answers 200 quickly; completing twice changes nothing.
export function paymentRoutes({ database, env }: AppDeps) {
  return new Hono<AppEnv>().post("/payments/paystack/webhook", async (c) => {
    const raw = await c.req.text();
    if (!isValidPaystackSignature(env.PAYSTACK_SECRET_KEY ?? "", raw, c.req.header("x-paystack-signature"))) {
      throw new AppError("unauthorized", "Invalid signature.");
    }
    let event: PaystackEvent;
    try {
      event = JSON.parse(raw) as PaystackEvent;
    } catch {
      throw new AppError("invalid", "The request body is not valid JSON.");
    }
    const data = event.data;
    if (event.event === "charge.success" && typeof data?.reference === "string") {
      const result = await completePurchase(
        database.db,
        data.reference,
        {
          status: data.status === "success" ? "success" : "failed",
          amountKobo: Number(data.amount),
          currency: String(data.currency ?? ""),
          transactionId: data.id != null ? String(data.id) : null,
        },
        "webhook",
      );
      if (result.outcome === "rejected")
        c.get("logger").warn({ reference: data.reference }, "paystack webhook did not match the purchase; not completed");
    }
    return c.json({ received: true });
  });
}
