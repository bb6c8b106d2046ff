import { Hono } from "hono";
import {
  createDiscountCode,
  deleteDiscountCode,
  getDiscountCode,
  listDiscountCodes,
  updateDiscountCode,
} from "../../modules/discounts/admin.server";
import { discountCreateInput, discountListQuery, discountPatch } from "../../modules/discounts/schemas";
import type { AppDeps, AppEnv } from "../context";
import { pathId, readJson, readQuery, withTotal } from "../http";
import { requireAdmin } from "../middleware/auth";

// docs/product.md "Discount codes": the back office's codes; money in naira, times in Lagos time.
export function adminDiscountRoutes({ database }: AppDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .get("/discounts", requireAdmin(), async (c) => {
      const { items, total } = await listDiscountCodes(db, readQuery(c, discountListQuery));
      withTotal(c, total);
      return c.json(items);
    })
    .post("/discounts/create", requireAdmin(), async (c) =>
      c.json(await createDiscountCode(db, await readJson(c, discountCreateInput)), 201),
    )
    .get("/discounts/:id", requireAdmin(), async (c) => c.json(await getDiscountCode(db, pathId(c, "Discount code"))))
    .put("/discounts/:id", requireAdmin(), async (c) => {
      const id = pathId(c, "Discount code");
      return c.json(await updateDiscountCode(db, id, await readJson(c, discountPatch)));
    })
    .delete("/discounts/:id", requireAdmin(), async (c) => {
      await deleteDiscountCode(db, pathId(c, "Discount code"));
      return c.json({ msg: "Discount code deleted" });
    });
}
