import { Hono } from "hono";
import { giftDaysQuery, listGiftDays, markGiftDayMessaged } from "../../modules/marketing/gift-days.server";
import type { AppDeps, AppEnv } from "../context";
import { pathId, readQuery, withTotal } from "../http";
import { currentUser, requireAdmin } from "../middleware/auth";

// docs/product.md "Gift orders": the back office's 'Gift days', the gifts whose day comes round again
// soon, and 'Mark as messaged'.
export function adminGiftDayRoutes({ database, env }: AppDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .get("/gift-days", requireAdmin(), async (c) => {
      const { items, total } = await listGiftDays(db, env, readQuery(c, giftDaysQuery));
      withTotal(c, total);
      return c.json(items);
    })
    .post("/gift-days/:id{[0-9a-fA-F-]{36}}/messaged", requireAdmin(), async (c) => {
      await markGiftDayMessaged(db, pathId(c, "Gift day"), currentUser(c).id);
      return c.json({ msg: "Marked as messaged" });
    });
}
