import { inArray, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { settings } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { paymentSettingsProblems } from "./payment-schemas";
import { shopNoticeProblems } from "./shop-notice";
import { defaultSettings, settingsSchema, type Settings } from "./schemas";

const keys = Object.keys(defaultSettings) as (keyof Settings)[];

/** The store settings, defaults filled in for anything never saved. */
export async function getSettings(db: Queryable): Promise<Settings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, keys));
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const merged = settingsSchema.safeParse({ ...defaultSettings, ...stored });
  return merged.success ? merged.data : defaultSettings;
}

export async function updateSettings(db: Db, patch: Partial<Settings>): Promise<Settings> {
  const valid = settingsSchema.partial().parse(patch);
  const merged = { ...(await getSettings(db)), ...valid };
  const problems = { ...paymentSettingsProblems(merged), ...shopNoticeProblems(merged) };
  if (Object.keys(problems).length) throw new AppError("invalid", Object.values(problems)[0]!, { fields: problems });
  const entries = Object.entries(valid).filter(([, v]) => v !== undefined);
  if (entries.length) {
    await db
      .insert(settings)
      .values(entries.map(([key, value]) => ({ key, value })))
      .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: new Date() } });
  }
  return getSettings(db);
}
