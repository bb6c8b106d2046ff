import { Hono } from "hono";
import { giftDaysQuery, listGiftDays } from "../../modules/marketing/gift-days.server";
import type { AppDeps, AppEnv } from "../context";
import { readQuery, withTotal } from "../http";
import { requireAdmin } from "../middleware/auth";

// docs/product.md "Gift orders": the back office's 'Gift days', the gifts whose day comes round again soon.
export function adminGiftDayRoutes({ database, env }: AppDeps) {
  const db = database.db;
  return new Hono<AppEnv>().get("/gift-days", requireAdmin(), async (c) => {
    const { items, total } = await listGiftDays(db, env, readQuery(c, giftDaysQuery));
    withTotal(c, total);
    return c.json(items);
  });
}
