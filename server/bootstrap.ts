import crypto from "node:crypto";
import { openDatabase, type Database } from "../db/client";
import { seedDemo } from "../db/seed/demo";
import type { Env } from "../lib/env.server";
import type { Logger } from "../lib/logger.server";
import { shopStorage } from "../lib/storage.server";
import { createAdmin, hasAdmin } from "../modules/accounts/service.server";

/**
 * Opens the database, applies migrations, seeds an empty shop and makes sure an admin exists,
 * all under the database's start-up lock: any number of servers may start at once on an empty
 * database, and each step is then done by the first and found done by the others.
 */
export async function bootstrap(env: Env, logger: Logger): Promise<Database> {
  const started = performance.now();
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  try {
    await database.exclusive(async () => {
      await database.migrate();
      logger.info({ driver: database.driver, ms: Math.round(performance.now() - started) }, "database ready");
      if (env.SEED_DEMO) {
        const seeded = await seedDemo(database.db, shopStorage(env));
        if (seeded) logger.info({ ms: Math.round(performance.now() - started) }, "demo data loaded");
      }
      await ensureAdmin(database, env, logger);
    });
  } catch (e) {
    await database.close().catch(() => {});
    throw e;
  }
  return database;
}

async function ensureAdmin(database: Database, env: Env, logger: Logger) {
  if (await hasAdmin(database.db)) return;
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    await createAdmin(database.db, { firstName: "Shop", lastName: "Admin", email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
    logger.info({ email: env.ADMIN_EMAIL }, "admin account created from ADMIN_EMAIL");
    return;
  }
  if (env.NODE_ENV === "production") {
    logger.warn("no admin account: set ADMIN_EMAIL and ADMIN_PASSWORD or run `npm run admin:create`");
    return;
  }
  // First start on a developer's machine: make an admin and show its password once.
  const email = "admin@alafia.ng";
  const password = crypto.randomBytes(9).toString("base64url");
  await createAdmin(database.db, { firstName: "Shop", lastName: "Admin", email, password });
  process.stdout.write(`\n  Admin account created (shown once): ${email} / ${password}\n  Sign in at /admin\n\n`);
}
