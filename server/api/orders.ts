import { Hono } from "hono";
import { z } from "zod";
import { fromZod } from "../../lib/errors";
import { rateLimitStore } from "../../db/rate-limit-store";
import { email } from "../../modules/accounts/schemas";
import { countCheckoutStart } from "../../modules/orders/checkout-limits.server";
import { startCheckout } from "../../modules/orders/checkout-start.server";
import type { Buyer } from "../../modules/orders/checkout.server";
import { abandonPayment } from "../../modules/orders/completion.server";
import { orderForViewer } from "../../modules/orders/order-access.server";
import { giftFieldsOf } from "../../modules/orders/gift-schemas";
import {
  abandonPaymentInput,
  addressAndChoicesOf,
  createPurchaseInput,
  guestContactFields,
  guestLines,
} from "../../modules/orders/schemas";
import { listMyPurchases } from "../../modules/orders/my-orders.server";
import { orderAgain } from "../../modules/orders/order-again.server";
import { paymentProvider } from "../../modules/payments/provider.server";
import type { AppDeps, AppEnv } from "../context";
import { idempotent } from "../idempotent";
import { clientIp, pathId, readJson } from "../http";
import { currentUser, requireUser } from "../middleware/auth";

/** Without a session, the checkout is a guest's: her name, email and cart lines are required. */
const guestCheckout = z.object({
  name: guestContactFields.name,
  email,
  lines: guestLines.min(1, "Your cart is empty."),
  saveDetails: guestContactFields.saveDetails,
});

// The shopper's side of purchases (the admin's list and status changes live with the back office).
export function orderRoutes({ database, env }: AppDeps) {
  const db = database.db;
  const provider = paymentProvider(env, db);
  return (
    new Hono<AppEnv>()
      .use("/purchases/mine", requireUser())
      .post("/purchases/create", async (c) => {
        const body = await readJson(c, createPurchaseInput);
        // the client's totals and items are ignored: only the address and the choices count
        const input = { ...addressAndChoicesOf(body), ...giftFieldsOf(body) };
        const user = c.get("user");
        let buyer: Buyer = { kind: "user", userId: user?.id ?? "" };
        let guest: z.output<typeof guestCheckout> | null = null;
        if (!user) {
          const parsed = guestCheckout.safeParse({ name: body.name, email: body.email, lines: body.lines, saveDetails: body.saveDetails });
          if (!parsed.success) throw fromZod(parsed.error);
          guest = parsed.data;
          buyer = { kind: "guest", ...guest };
        }
        const ip = clientIp(c, env.TRUST_PROXY);
        // a replayed Idempotency-Key starts nothing, so only a checkout that runs is counted
        const start = async () => {
          await countCheckoutStart(rateLimitStore(db, env), user?.id ?? `guest:${guest!.email}`, ip);
          return startCheckout(db, provider, env, buyer, input);
        };
        return idempotent(c, db, user ? `purchase:${user.id}` : "purchase:guest", { ...input, guest }, 201, start);
      })
      .post("/purchases/cancel", async (c) => {
        // the payment popup closed or failed: cancel now, the stock goes back, the cart stays
        const { reference, t } = await readJson(c, abandonPaymentInput);
        await orderForViewer(db, env, reference, { user: c.get("user"), token: t });
        return c.json({ purchase: await abandonPayment(db, provider, reference, { links: env }) });
      })
      .get("/purchases/mine", async (c) => c.json(await listMyPurchases(db, env, currentUser(c).id)))
      // docs/product.md "My orders": her earlier order's products back in her cart
      .post("/purchases/:id{[0-9a-fA-F-]{36}}/order-again", requireUser(), async (c) => {
        const { added, msg } = await orderAgain(db, env, pathId(c, "Order"), { userId: currentUser(c).id });
        return c.json({ added, msg });
      })
  );
}
