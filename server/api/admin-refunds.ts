import { Hono } from "hono";
import { refundInput } from "../../modules/orders/refund-schemas";
import { createRefund, refundSummary } from "../../modules/orders/refunds.server";
import { heldPartInput, settleHeldPart } from "../../modules/orders/held-parts.server";
import { refundStrayPayment, strayPaymentViews } from "../../modules/orders/stray-refunds.server";
import { paymentProvider } from "../../modules/payments/provider.server";
import type { AppDeps, AppEnv } from "../context";
import { idempotent } from "../idempotent";
import { pathId, readJson } from "../http";
import { currentUser, requireAdmin, requireOwner } from "../middleware/auth";

// docs/product.md "Refunds": an order's refunds, and a new one, full or partial, from the back office;
// its payments not applied (docs/product.md "Paying"), each refunded whole by its own transaction.
export function adminRefundRoutes({ database, env }: AppDeps) {
  const db = database.db;
  return (
    new Hono<AppEnv>()
      .get("/purchases/:id{[0-9a-fA-F-]{36}}/refunds", requireAdmin(), async (c) => c.json(await refundSummary(db, pathId(c, "Purchase"))))
      .post("/purchases/:id{[0-9a-fA-F-]{36}}/refunds", requireOwner(), async (c) => {
        const id = pathId(c, "Purchase");
        const input = await readJson(c, refundInput);
        // a retried request with the same Idempotency-Key refunds once
        return idempotent(c, db, `refund:${id}`, input, 201, async () => {
          const { refund } = await createRefund(db, paymentProvider(env, db), env, id, input, currentUser(c).id);
          return { refund: { id: refund.id, reference: refund.reference, status: refund.status }, ...(await refundSummary(db, id)) };
        });
      })
      .get("/purchases/:id{[0-9a-fA-F-]{36}}/stray-payments", requireAdmin(), async (c) =>
        c.json({ strayPayments: await strayPaymentViews(db, pathId(c, "Purchase")) }),
      )
      .post("/purchases/:id{[0-9a-fA-F-]{36}}/stray-payments/:strayId{[0-9a-fA-F-]{36}}/refund", requireOwner(), async (c) => {
        const id = pathId(c, "Purchase");
        await refundStrayPayment(db, paymentProvider(env, db), id, pathId(c, "Payment", "strayId"), currentUser(c).id);
        return c.json({ strayPayments: await strayPaymentViews(db, id) });
      })
      // a part payment the shop recorded, on an order it cancelled: given back by hand, or kept as agreed
      .post("/purchases/:id{[0-9a-fA-F-]{36}}/stray-payments/:strayId{[0-9a-fA-F-]{36}}/settle", requireOwner(), async (c) => {
        const id = pathId(c, "Purchase");
        const input = await readJson(c, heldPartInput);
        await settleHeldPart(db, env, id, pathId(c, "Payment", "strayId"), input, currentUser(c).id);
        return c.json({ strayPayments: await strayPaymentViews(db, id) });
      })
  );
}
