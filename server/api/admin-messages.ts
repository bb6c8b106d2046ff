import { Hono } from "hono";
import { listToTell, markTold } from "../../modules/marketing/back-in-stock-by-hand.server";
import { getSettings } from "../../modules/settings/service.server";
import { publicOrigin } from "../../lib/public-origin";
import { listMessages, markAllRead, markMessage, messageQuery, messageReadInput } from "../../modules/marketing/messages.server";
import type { AppDeps, AppEnv } from "../context";
import { pathId, readJson, readQuery, withTotal } from "../http";
import { currentUser, requireAdmin } from "../middleware/auth";

// docs/product.md "Messages": the team's inbox of what shoppers wrote, and its read marks; and
// "Back in stock": the shoppers the team tells by hand on WhatsApp.
export function adminMessageRoutes({ database, env }: AppDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .get("/messages", requireAdmin(), async (c) => {
      const { items, total, unread } = await listMessages(db, readQuery(c, messageQuery));
      withTotal(c, total);
      c.header("X-Unread-Count", String(unread));
      return c.json(items);
    })
    .post("/messages/read-all", requireAdmin(), async (c) => c.json({ marked: await markAllRead(db, currentUser(c)) }))
    .patch("/messages/:id", requireAdmin(), async (c) => {
      const { read } = await readJson(c, messageReadInput);
      return c.json(await markMessage(db, pathId(c, "Message"), read, currentUser(c)));
    })
    .get("/back-in-stock/to-tell", requireAdmin(), async (c) => {
      const shop = await getSettings(db);
      const { items, total } = await listToTell(db, { shopName: shop.shopName, origin: publicOrigin(env) });
      withTotal(c, total);
      return c.json(items);
    })
    .post("/back-in-stock/:id/told", requireAdmin(), async (c) =>
      c.json(await markTold(db, pathId(c, "Back-in-stock request"), currentUser(c))),
    );
}
