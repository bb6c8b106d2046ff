// Several servers starting at the same moment on one empty PostgreSQL database (a deploy, an
// autoscaler): each one migrates, seeds the demo shop and makes sure an admin exists. Without the
// start-up lock the second crashed on a duplicate category name, or (SEED_DEMO=false) on the
// first admin's email. PostgreSQL only: PGlite is one process per data folder.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../lib/env.server";
import { createLogger } from "../../lib/logger.server";
import { bootstrap } from "../../server/bootstrap";
import { dropDatabaseWhenFree, withDatabase } from "../support/global-setup";

const url = process.env.DATABASE_URL;

// each run tests the database it is given: PostgreSQL when DATABASE_URL is set, else the embedded one
if (url) {
  describe("servers starting together on an empty PostgreSQL database", () => {
    it("both come up, every time, with one demo shop and one admin (5 rounds, seeded and not)", { timeout: 180_000 }, async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        for (let round = 0; round < 5; round++) {
          const name = `alafia_start_${crypto.randomBytes(6).toString("hex")}`;
          await admin.query(`create database ${name}`);
          const seed = round % 2 === 0;
          const serverEnv = () =>
            parseEnv({
              DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "alafia-start-")),
              DATABASE_URL: withDatabase(url!, name),
              SESSION_SECRET: "start-secret-start-secret-start-secret-01",
              SEED_DEMO: String(seed),
              ADMIN_EMAIL: "owner@alafia.test",
              ADMIN_PASSWORD: "Owner-pass-2026",
              LOG_LEVEL: "silent",
            });
          const started = await Promise.allSettled([0, 1].map(() => bootstrap(serverEnv(), createLogger("silent"))));
          const failures = started.flatMap((s) => (s.status === "rejected" ? [String(s.reason)] : []));
          const databases = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
          try {
            expect(failures, `round ${round + 1}`).toEqual([]);
            const { db } = databases[0]!;
            const count = async (query: ReturnType<typeof sql>) =>
              Number(((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
            expect(await count(sql`select count(*)::int as n from users where role = 'admin'`)).toBe(1);
            const categories = await count(sql`select count(*)::int as n from categories`);
            const distinct = await count(sql`select count(distinct lower(name))::int as n from categories`);
            expect(categories).toBe(distinct);
            expect(categories > 0).toBe(seed);
          } finally {
            for (const database of databases) await database.close();
            await dropDatabaseWhenFree(admin, name);
          }
        }
      } finally {
        await admin.end();
      }
    });
  });
} else {
  // The embedded database takes one process per data folder (a second is refused at start), so
  // there is no race to test there: what must hold is that a restart finds the work done.
  describe("a restart on the embedded database", () => {
    it("finds the demo shop and the admin already there: nothing is seeded or created twice", { timeout: 120_000 }, async () => {
      const env = parseEnv({
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "alafia-restart-")),
        SESSION_SECRET: "start-secret-start-secret-start-secret-01",
        ADMIN_EMAIL: "owner@alafia.test",
        ADMIN_PASSWORD: "Owner-pass-2026",
        LOG_LEVEL: "silent",
      });
      const counts = async () => {
        const database = await bootstrap(env, createLogger("silent"));
        try {
          const rows = (await database.db.execute(
            sql`select (select count(*) from users where role = 'admin')::int as admins, (select count(*) from categories)::int as categories, (select count(*) from products)::int as products`,
          )) as unknown as { rows: { admins: number; categories: number; products: number }[] };
          return rows.rows[0]!;
        } finally {
          await database.close();
        }
      };
      const first = await counts();
      expect(first.admins).toBe(1);
      expect(first.categories).toBeGreaterThan(0);
      expect(await counts()).toEqual(first);
    });
  });
}
