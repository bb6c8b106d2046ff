import { Hono } from "hono";
import { deliveryRateInput, deliveryRatePatch } from "../../modules/delivery/admin-schemas";
import { createDeliveryRate, deleteDeliveryRate, updateDeliveryRate } from "../../modules/delivery/admin.server";
import type { AppDeps, AppEnv } from "../context";
import { pathId, readJson } from "../http";
import { requireOwner } from "../middleware/auth";

export function adminDeliveryRateRoutes({ database }: AppDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .post("/deliveryrates/create", requireOwner(), async (c) =>
      c.json(await createDeliveryRate(db, await readJson(c, deliveryRateInput)), 201),
    )
    .put("/deliveryrates/:id", requireOwner(), async (c) => {
      const id = pathId(c, "Delivery rate");
      return c.json(await updateDeliveryRate(db, id, await readJson(c, deliveryRatePatch)));
    })
    .delete("/deliveryrates/:id", requireOwner(), async (c) => {
      await deleteDeliveryRate(db, pathId(c, "Delivery rate"));
      return c.json({ msg: "Delivery rate deleted" });
    });
}
