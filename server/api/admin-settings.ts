import { Hono } from "hono";
import { messagesCsv, subscribersCsv } from "../../modules/marketing/inbox.server";
import { settingsSchema } from "../../modules/settings/schemas";
import { getSettings, updateSettings } from "../../modules/settings/service.server";
import type { AppDeps, AppEnv } from "../context";
import { csvResponse, readJson } from "../http";
import { requireAdmin } from "../middleware/auth";

export const settingsPatch = settingsSchema.partial().strict();

export function adminSettingsRoutes({ database }: AppDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .get("/settings", requireAdmin(), async (c) => c.json(await getSettings(db)))
    .put("/settings", requireAdmin(), async (c) => c.json(await updateSettings(db, await readJson(c, settingsPatch))))
    .get("/settings/subscribers.csv", requireAdmin(), async (c) => csvResponse(c, "newsletter-subscribers", await subscribersCsv(db)))
    .get("/settings/messages.csv", requireAdmin(), async (c) => csvResponse(c, "contact-messages", await messagesCsv(db)));
}
