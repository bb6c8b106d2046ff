import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "../../db/client";
import { settings } from "../../db/schema";

// The unpaid-checkout reminders' setting (docs/product.md "Unpaid checkouts"): the discount code
// the second reminder carries, or none. A row of its own in the settings table; the code is
// checked against the discount codes by modules/orders/unpaid-checkouts.server.ts before it is kept.

const KEY = "secondReminderCode";

export const reminderSettingsInput = z
  .object({
    secondReminderCode: z
      .string()
      .trim()
      .max(40, "Code must be at most 40 characters")
      .transform((v) => v || null)
      .nullable(),
  })
  .strict();
export type ReminderSettings = z.output<typeof reminderSettingsInput>;

export async function getReminderSettings(db: Queryable): Promise<ReminderSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  return { secondReminderCode: typeof row?.value === "string" && row.value ? row.value : null };
}

export async function saveReminderSettings(db: Queryable, value: ReminderSettings): Promise<ReminderSettings> {
  await db
    .insert(settings)
    .values({ key: KEY, value: value.secondReminderCode ?? "" })
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: new Date() } });
  return getReminderSettings(db);
}
