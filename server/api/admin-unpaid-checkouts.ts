import { Hono } from "hono";
import { reminderSettingsInput } from "../../modules/settings/reminder-settings.server";
import {
  getReminderSettings,
  listUnpaidCheckouts,
  mailReminderNow,
  setReminderCode,
  unpaidCheckoutQuery,
} from "../../modules/orders/unpaid-checkouts.server";
import type { AppDeps, AppEnv } from "../context";
import { pathId, readJson, readQuery, withTotal } from "../http";
import { requireAdmin, requireOwner } from "../middleware/auth";

// docs/product.md "Unpaid checkouts": the back office's list, its figures, the 'mail' button and the second reminder's code.
export function adminUnpaidCheckoutRoutes({ database, env }: AppDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .get("/unpaid-checkouts", requireAdmin(), async (c) => {
      const { items, total } = await listUnpaidCheckouts(db, env, readQuery(c, unpaidCheckoutQuery));
      withTotal(c, total);
      return c.json(items);
    })
    .get("/unpaid-checkouts/summary", requireAdmin(), async (c) =>
      c.json((await listUnpaidCheckouts(db, env, readQuery(c, unpaidCheckoutQuery))).summary),
    )
    .get("/unpaid-checkouts/settings", requireOwner(), async (c) => c.json(await getReminderSettings(db)))
    .put("/unpaid-checkouts/settings", requireOwner(), async (c) =>
      c.json(await setReminderCode(db, await readJson(c, reminderSettingsInput))),
    )
    .post("/unpaid-checkouts/:id{[0-9a-fA-F-]{36}}/remind", requireAdmin(), async (c) => {
      await mailReminderNow(db, env, pathId(c, "Order"));
      return c.json({ msg: "Reminder mailed" });
    });
}
