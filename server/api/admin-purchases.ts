import { Hono } from "hono";
import { AppError } from "../../lib/errors";
import { adminPurchaseListQuery, refusedInput, statusChangeInput } from "../../modules/orders/admin-schemas";
import { deliveryDayInput } from "../../modules/orders/delivery-date-schemas";
import { moveDeliveryDay } from "../../modules/orders/delivery-day.server";
import { customerNoteInput } from "../../modules/orders/customer-note-schemas";
import { orderCustomerNote, setCustomerNote } from "../../modules/orders/customer-notes.server";
import { listAdminPurchases, purchasesCsv } from "../../modules/orders/admin-list.server";
import { changePurchaseStatus, deletePurchase, getPurchase, herOwnOrder } from "../../modules/orders/admin.server";
import { manualPaymentInput, recordManualPayment, recordRefusedDelivery } from "../../modules/orders/manual-payments.server";
import { agreeRestDue, restDueInput } from "../../modules/orders/rest-due.server";
import { movePickupPoint } from "../../modules/orders/pickup-point.server";
import { pickupPointInput } from "../../modules/orders/schemas";
import type { AppDeps, AppEnv } from "../context";
import { csvResponse, pathId, readJson, readQuery, withTotal } from "../http";
import { currentUser, requireAdmin, requireOwner, requireUser } from "../middleware/auth";
import { isTeam } from "../../modules/accounts/roles";

// docs/product.md §7 purchases as the back office uses them; creation and payment live in the checkout router.
// The customer note's routes (docs/product.md "Notes about a customer") are the team's: never in her own order's answer.
export function adminPurchaseRoutes({ database, env }: AppDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .get("/purchases", requireAdmin(), async (c) => {
      const { items, total } = await listAdminPurchases(db, readQuery(c, adminPurchaseListQuery));
      withTotal(c, total);
      return c.json(items);
    })
    .get("/purchases/export.csv", requireOwner(), async (c) =>
      csvResponse(c, "purchases", await purchasesCsv(db, readQuery(c, adminPurchaseListQuery))),
    )
    .get("/purchases/:id{[0-9a-fA-F-]{36}}", requireUser(), async (c) => {
      const user = currentUser(c);
      const purchase = await getPurchase(db, pathId(c, "Purchase"));
      if (isTeam(user.role)) return c.json(purchase);
      // the shopper sees her own order, without the back office's own; anyone else learns nothing (404, not 403)
      if (purchase.userId !== user.id) throw AppError.notFound("Purchase");
      return c.json(herOwnOrder(purchase));
    })
    .patch("/purchases/:id{[0-9a-fA-F-]{36}}/status", requireAdmin(), async (c) => {
      const id = pathId(c, "Purchase");
      const input = await readJson(c, statusChangeInput);
      return c.json(await changePurchaseStatus(db, id, input, currentUser(c).id, env));
    })
    .post("/purchases/:id{[0-9a-fA-F-]{36}}/payment", requireAdmin(), async (c) => {
      // money the shop received itself: a bank transfer, or the rider's collection
      const id = pathId(c, "Purchase");
      await recordManualPayment(db, env, id, await readJson(c, manualPaymentInput), currentUser(c).id);
      return c.json(await getPurchase(db, id));
    })
    .put("/purchases/:id{[0-9a-fA-F-]{36}}/pickup-point", requireAdmin(), async (c) => {
      // docs/product.md "Pick-up" ("Two pick-up points"): collected at the shop's other point; she is told
      const id = pathId(c, "Purchase");
      const { pickupPoint } = await readJson(c, pickupPointInput);
      await movePickupPoint(db, env, id, pickupPoint, { actorId: currentUser(c).id });
      return c.json(await getPurchase(db, id));
    })
    .put("/purchases/:id{[0-9a-fA-F-]{36}}/rest-due", requireAdmin(), async (c) => {
      // docs/product.md "Part payments": a new day agreed for the rest, without money (null clears it)
      const id = pathId(c, "Purchase");
      await agreeRestDue(db, env, id, await readJson(c, restDueInput), currentUser(c).id);
      return c.json(await getPurchase(db, id));
    })
    .post("/purchases/:id{[0-9a-fA-F-]{36}}/refused", requireAdmin(), async (c) => {
      const id = pathId(c, "Purchase");
      const { note } = await readJson(c, refusedInput);
      await recordRefusedDelivery(db, id, note, currentUser(c).id);
      return c.json(await getPurchase(db, id));
    })
    .put("/purchases/:id{[0-9a-fA-F-]{36}}/delivery-day", requireAdmin(), async (c) => {
      // docs/product.md "Delivery on a chosen date": the team moves the day (or clears it); she is told
      const id = pathId(c, "Purchase");
      await moveDeliveryDay(db, id, await readJson(c, deliveryDayInput), currentUser(c).id, env);
      return c.json(await getPurchase(db, id));
    })
    .get("/purchases/:id{[0-9a-fA-F-]{36}}/customer-note", requireAdmin(), async (c) => {
      return c.json({ customerNote: await orderCustomerNote(db, pathId(c, "Purchase")) });
    })
    .put("/purchases/:id{[0-9a-fA-F-]{36}}/customer-note", requireAdmin(), async (c) => {
      const input = await readJson(c, customerNoteInput);
      return c.json({ customerNote: await setCustomerNote(db, pathId(c, "Purchase"), input, currentUser(c).id) });
    })
    .delete("/purchases/:id{[0-9a-fA-F-]{36}}", requireOwner(), async (c) => {
      await deletePurchase(db, pathId(c, "Purchase"));
      return c.json({ msg: "Purchase deleted" });
    });
}
