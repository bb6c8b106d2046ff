import { Hono } from "hono";
import { rateLimitStore } from "../../db/rate-limit-store";
import { countCheckoutStart } from "../../modules/orders/checkout-limits.server";
import { abandonPaymentInput, createPurchaseInput } from "../../modules/orders/schemas";
import { abandonPayment } from "../../modules/orders/completion.server";
import { startPurchase } from "../../modules/orders/checkout.server";
import { listMyPurchases } from "../../modules/orders/views.server";
import { callbackUrl, paymentProvider } from "../../modules/payments/provider.server";
import type { AppDeps, AppEnv } from "../context";
import { idempotent } from "../idempotent";
import { clientIp, readJson } from "../http";
import { currentUser, requireUser } from "../middleware/auth";

// The shopper's side of purchases (the admin's list and status changes live with the back office).
export function orderRoutes({ database, env }: AppDeps) {
  const db = database.db;
  const provider = paymentProvider(env, db);
  return new Hono<AppEnv>()
    .use("/purchases/create", requireUser())
    .use("/purchases/mine", requireUser())
    .use("/purchases/cancel", requireUser())
    .post("/purchases/create", async (c) => {
      const body = await readJson(c, createPurchaseInput);
      // the client's totals and items are ignored: only the address and the delivery method count
      const { street, city, state, phone, lga, deliveryMethod, code } = body;
      const input = { street, city, state, phone, lga, deliveryMethod, ...(code ? { code } : {}) };
      const user = currentUser(c);
      const ip = clientIp(c, env.TRUST_PROXY);
      // a replayed Idempotency-Key starts nothing, so only a checkout that runs is counted
      const start = async () => {
        await countCheckoutStart(rateLimitStore(db, env), user.id, ip);
        return startPurchase(db, provider, user.id, input, (ref) => callbackUrl(env, ref));
      };
      return idempotent(c, db, `purchase:${user.id}`, input, 201, start);
    })
    .post("/purchases/cancel", async (c) => {
      // the payment popup closed or failed: cancel now, the stock goes back, the cart stays
      const { reference } = await readJson(c, abandonPaymentInput);
      return c.json({ purchase: await abandonPayment(db, provider, currentUser(c), reference) });
    })
    .get("/purchases/mine", async (c) => c.json(await listMyPurchases(db, currentUser(c).id)));
}
