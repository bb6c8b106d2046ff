import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder, openDatabase } from "../../db/client";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

/**
 * Migrates one template database for the whole run (docs/architecture.md: a fresh
 * PGlite costs ~3 s; loading a dump ~1 s). On PostgreSQL (DATABASE_URL) the
 * template is a real database that every test file copies with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-test-"));
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `alafia_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 1 });
    await database.migrate();
    await database.close();
    project.provide("pgTemplate", name);
    project.provide("pgliteTemplate", "");
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      fs.rmSync(tmp, { recursive: true, force: true });
    };
  }

  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle({ client, casing: "snake_case" }), { migrationsFolder });
  const dump = await client.dumpDataDir("none");
  await client.close();
  const file = path.join(tmp, "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  project.provide("pgTemplate", "");
  return () => fs.rmSync(tmp, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Drops a test database once nothing uses it: a closing pool can still hold a connection
 * for a moment, and a forced drop then kills it mid-goodbye (an unhandled 57P01 in the
 * test). Waits up to 2 s, then forces.
 */
export async function dropDatabaseWhenFree(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      await admin.query(`drop database if exists ${name}${i < 20 ? "" : " with (force)"}`);
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== "55006" || i >= 20) throw e; // 55006: still in use
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
