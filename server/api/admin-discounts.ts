import { Hono } from "hono";
import { createDiscountCode, deleteDiscountCode, updateDiscountCode } from "../../modules/discounts/admin.server";
import { discountCodeView, listDiscountCodeViews } from "../../modules/reports/discount-codes.server";
import { discountCreateInput, discountListQuery, discountPatch } from "../../modules/discounts/schemas";
import type { AppDeps, AppEnv } from "../context";
import { pathId, readJson, readQuery, withTotal } from "../http";
import { requireOwner } from "../middleware/auth";

// docs/product.md "Discount codes": the back office's codes; money in naira, times in Lagos time.
export function adminDiscountRoutes({ database }: AppDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .get("/discounts", requireOwner(), async (c) => {
      const { items, total } = await listDiscountCodeViews(db, readQuery(c, discountListQuery));
      withTotal(c, total);
      return c.json(items);
    })
    .post("/discounts/create", requireOwner(), async (c) => {
      const { id } = await createDiscountCode(db, await readJson(c, discountCreateInput));
      return c.json(await discountCodeView(db, id), 201);
    })
    .get("/discounts/:id", requireOwner(), async (c) => c.json(await discountCodeView(db, pathId(c, "Discount code"))))
    .put("/discounts/:id", requireOwner(), async (c) => {
      const id = pathId(c, "Discount code");
      await updateDiscountCode(db, id, await readJson(c, discountPatch));
      return c.json(await discountCodeView(db, id));
    })
    .delete("/discounts/:id", requireOwner(), async (c) => {
      await deleteDiscountCode(db, pathId(c, "Discount code"));
      return c.json({ msg: "Discount code deleted" });
    });
}
