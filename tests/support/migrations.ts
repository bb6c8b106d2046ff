// Helpers for migration tests: an empty database on the test run's driver, and the
// migrations folder as it was at an earlier migration.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { dropDatabaseWhenFree, withDatabase } from "./global-setup";
import { migrationsFolder } from "../../db/client";

/** The migrations folder as it was up to and including `lastTag`. */
export function migrationsUpTo(lastTag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-migrations-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
  const last = journal.entries.findIndex((e: { tag: string }) => e.tag === lastTag);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
  for (const e of journal.entries) fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/** An empty database on the test run's driver, migrated by `migrate(folder)` on demand. */
export async function emptyDatabase() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzlePglite({ client, casing: "snake_case" });
    return { db, migrate: (folder: string) => migratePglite(db, { migrationsFolder: folder }), close: () => client.close() };
  }
  const name = `alafia_migration_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const pool = new pg.Pool({ connectionString: withDatabase(url, name), max: 1 });
  const db = drizzlePg({ client: pool, casing: "snake_case" });
  return {
    db,
    migrate: (folder: string) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await dropDatabaseWhenFree(admin, name);
      await admin.end();
    },
  };
}
