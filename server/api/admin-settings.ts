import { Hono } from "hono";
import { messagesCsv, subscribersCsv } from "../../modules/marketing/inbox.server";
import { fromSettingsInput, settingsPatch, toSettingsView } from "../../modules/settings/schemas";
import { getSettings, updateSettings } from "../../modules/settings/service.server";
import type { AppDeps, AppEnv } from "../context";
import { csvResponse, readJson } from "../http";
import { requireOwner } from "../middleware/auth";

export function adminSettingsRoutes({ database }: AppDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .get("/settings", requireOwner(), async (c) => c.json(toSettingsView(await getSettings(db))))
    .put("/settings", requireOwner(), async (c) => {
      const patch = fromSettingsInput(await readJson(c, settingsPatch));
      return c.json(toSettingsView(await updateSettings(db, patch)));
    })
    .get("/settings/subscribers.csv", requireOwner(), async (c) => csvResponse(c, "newsletter-subscribers", await subscribersCsv(db)))
    .get("/settings/messages.csv", requireOwner(), async (c) => csvResponse(c, "contact-messages", await messagesCsv(db)));
}
