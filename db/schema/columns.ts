import { sql } from "drizzle-orm";
import { timestamp, uuid } from "drizzle-orm/pg-core";

// Shared column helpers: every table has a uuid id and UTC timestamps.
export const id = () =>
  uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`);
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export type ImageVariant = { url: string; width: number; height: number };
