// `npm run admin:create -- --email … --password …` (README): creates an admin account from the
// command line on the shop's database (DATA_DIR's embedded one, or DATABASE_URL's), and that
// account signs in to the back office; a taken email, a short password and missing arguments
// each stop it with a clear line and a non-zero code.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/client";
import { parseEnv } from "../../lib/env.server";
import { createLogger } from "../../lib/logger.server";
import { createApp } from "../../server/app";
import { dropDatabaseWhenFree, withDatabase } from "../support/global-setup";

const SECRET = "admin-create-secret-admin-create-secret-01";
const url = process.env.DATABASE_URL;
let dataDir: string;
let databaseUrl: string | undefined;
let databaseName: string | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-admin-create-"));
  if (!url) return;
  // an empty database: the command migrates it, as it does the embedded one
  databaseName = `alafia_admin_create_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  databaseUrl = withDatabase(url, databaseName);
}, 60_000);

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!url || !databaseName) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await dropDatabaseWhenFree(admin, databaseName);
  await admin.end();
});

/** The command as `npm run admin:create -- …` runs it, on this file's database. */
function adminCreate(args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SESSION_SECRET: SECRET, LOG_LEVEL: "warn" };
  delete env.ADMIN_EMAIL;
  delete env.ADMIN_PASSWORD;
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", ...args], {
    env,
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr.trim() };
}

describe("npm run admin:create", () => {
  it("creates an admin who then signs in to the back office; a taken email, a short password or no email stop it", async () => {
    const created = adminCreate(["--email", "Funmi@Alafia.ng", "--password", "Back-office-2026", "--first", "Funmi", "--last", "Ade"]);
    expect(created).toMatchObject({ code: 0, stderr: "" });
    expect(created.stdout).toContain("Admin created: funmi@alafia.ng");

    expect(adminCreate(["--email", "funmi@alafia.ng", "--password", "Another-pass-2026"])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/email/i),
    });
    expect(adminCreate(["--email", "short@alafia.ng", "--password", "short"])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/8 characters/),
    });
    expect(adminCreate([])).toMatchObject({ code: 2, stderr: expect.stringMatching(/^Usage: npm run admin:create -- --email/) });

    // the account is on the shop's database, an admin, and its password works
    let database: Database | undefined;
    try {
      database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 2 } : { dataDir });
      const env = parseEnv({
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        SESSION_SECRET: SECRET,
        LOG_LEVEL: "silent",
        PUBLIC_URL: "http://localhost:3000",
      });
      const app = createApp({ database, env, logger: createLogger("silent") });
      const login = await app.request("/api/auth/adminlogin", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
        body: JSON.stringify({ email: "funmi@alafia.ng", password: "Back-office-2026" }),
      });
      expect(login.status).toBe(200);
      expect(await login.json()).toMatchObject({ user: { email: "funmi@alafia.ng", firstName: "Funmi", lastName: "Ade", role: "admin" } });
      const refused = await app.request("/api/auth/adminlogin", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
        body: JSON.stringify({ email: "short@alafia.ng", password: "short" }),
      });
      expect(refused.status).toBeGreaterThanOrEqual(400);
    } finally {
      await database?.close();
    }
  }, 240_000);
});
