import { Hono } from "hono";
import { abandonPaymentInput, createPurchaseInput } from "../../modules/orders/schemas";
import { abandonPayment } from "../../modules/orders/completion.server";
import { listMyPurchases, startPurchase } from "../../modules/orders/service.server";
import { callbackUrl, paymentProvider } from "../../modules/payments/provider.server";
import type { AppDeps, AppEnv } from "../context";
import { idempotent } from "../idempotent";
import { readJson } from "../http";
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
      const { street, city, state, phone, lga, deliveryMethod } = body;
      const input = { street, city, state, phone, lga, deliveryMethod };
      const user = currentUser(c);
      const start = () => startPurchase(db, provider, user.id, input, (ref) => callbackUrl(env, ref));
      return idempotent(c, db, `purchase:${user.id}`, input, 201, start);
    })
    .post("/purchases/cancel", async (c) => {
      // the payment popup closed or failed: cancel now, the stock goes back, the cart stays
      const { reference } = await readJson(c, abandonPaymentInput);
      return c.json({ purchase: await abandonPayment(db, provider, currentUser(c), reference) });
    })
    .get("/purchases/mine", async (c) => c.json(await listMyPurchases(db, currentUser(c).id)));
}
