import { Hono } from "hono";
import { isValidPaystackSignature } from "../../modules/payments/paystack.server";
import { completePurchase } from "../../modules/orders/completion.server";
import { recordProviderMoneyEvent } from "../../modules/orders/provider-events.server";
import { parsePaystackMoneyEvent } from "../../modules/payments/paystack-events";
import type { AppDeps, AppEnv } from "../context";
import { AppError } from "../../lib/errors";
import { rejectNulText } from "../../lib/nul-text";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

type PaystackEvent = {
  event?: string;
  data?: { reference?: string; amount?: number; currency?: string; status?: string; id?: number | string };
};

// Paystack's webhook (https://paystack.com/docs/payments/webhooks): signed with
// HMAC-SHA512 of the raw body. Answers 200 quickly; completing twice changes nothing, and a
// refund or dispute event applies once however often it is sent.
export function paymentRoutes({ database, env }: AppDeps) {
  return new Hono<AppEnv>().post("/payments/paystack/webhook", async (c) => {
    const raw = await c.req.text();
    if (!isValidPaystackSignature(env.PAYSTACK_SECRET_KEY ?? "", raw, c.req.header("x-paystack-signature"))) {
      throw new AppError("unauthorized", "Invalid signature.");
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new AppError("invalid", "The request body is not valid JSON.");
    }
    // signed, but still only an event when it is shaped like one (and holds no NUL for the database)
    if (!isObject(parsed) || (parsed.data !== undefined && !isObject(parsed.data))) throw new AppError("invalid", "Not a Paystack event.");
    rejectNulText(parsed);
    const event = parsed as PaystackEvent;
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
        { links: env },
      );
      if (result.outcome === "rejected")
        c.get("logger").warn({ reference: data.reference }, "paystack webhook did not match the purchase; not completed");
      if (result.outcome === "stray")
        c.get("logger").warn(
          { reference: data.reference },
          "paystack payment not applied to its order (paid already, or another amount): refund needed",
        );
    }
    // refunds and disputes (docs/product.md "Refunds"): recorded on the order's timeline once
    const money = parsePaystackMoneyEvent(event.event, data);
    if (money) {
      const outcome = await recordProviderMoneyEvent(database.db, money);
      if (outcome === "unknown_order")
        c.get("logger").warn({ event: money.event, reference: money.transactionReference }, "paystack event for no known order");
    }
    return c.json({ received: true });
  });
}
