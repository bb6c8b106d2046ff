import { Hono } from "hono";
import { AppError } from "../../lib/errors";
import { requestHash, once } from "../../modules/orders/idempotency.server";
import { abandonPaymentInput, createPurchaseInput, idempotencyKeySchema } from "../../modules/orders/schemas";
import { abandonPayment } from "../../modules/orders/completion.server";
import { listMyPurchases, startPurchase, type StartedPurchase } from "../../modules/orders/service.server";
import { callbackUrl, paymentProvider } from "../../modules/payments/provider.server";
import type { AppDeps, AppEnv } from "../context";
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
      const start = () => startPurchase(db, provider, user.id, input, (ref) => callbackUrl(env, c.req.url, ref));
      const header = c.req.header("Idempotency-Key");
      if (header === undefined) return c.json(await start(), 201);
      const key = idempotencyKeySchema.safeParse(header);
      if (!key.success) throw new AppError("invalid", key.error.issues[0]!.message);
      const answer = await once<StartedPurchase>(db, `purchase:${user.id}`, key.data, requestHash(input), 201, start);
      if (answer.replayed) c.header("Idempotent-Replayed", "true");
      return c.json(answer.body, answer.status as 201);
    })
    .post("/purchases/cancel", async (c) => {
      // the payment popup closed or failed: cancel now, the stock goes back, the cart stays
      const { reference } = await readJson(c, abandonPaymentInput);
      return c.json({ purchase: await abandonPayment(db, provider, currentUser(c), reference) });
    })
    .get("/purchases/mine", async (c) => c.json(await listMyPurchases(db, currentUser(c).id)));
}
