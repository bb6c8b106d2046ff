import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { RouterContextProvider } from "react-router";
import { inject } from "vitest";
import { appContext, type AppServices } from "../../app/context";
import { openDatabase, type Database } from "../../db/client";
import { parseEnv, type Env } from "../../lib/env.server";
import { createLogger } from "../../lib/logger.server";
import { createSession } from "../../modules/accounts/sessions.server";
import { createApp } from "../../server/app";
import { closeAfterFile } from "./file-closers";
import { dropDatabaseWhenFree, withDatabase } from "./global-setup";
import type { Role } from "../../modules/accounts/roles";

export type TestContext = {
  app: ReturnType<typeof createApp>;
  database: Database;
  db: Database["db"];
  env: Env;
  /**
   * in-process request to the app, JSON bodies made easy; `as` signs the request in as that user;
   * `ip` is the socket's peer address (default: none, which the app calls "local")
   */
  request: (path: string, init?: RequestInit & { json?: unknown; as?: { id: string; role: Role }; ip?: string }) => Promise<Response>;
  /** a session for the user; returns the bearer token */
  loginAs: (user: { id: string; role: Role }) => Promise<string>;
};

/** A fresh database (copied from the migrated template) and the real app on it, per test file. */
export async function createTestContext(overrides: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-api-"));
  const url = process.env.DATABASE_URL;
  let database: Database;
  let dropDatabase = async () => {};
  if (url) {
    const name = `alafia_test_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject("pgTemplate")}`);
    await admin.end();
    database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 5 });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await dropDatabaseWhenFree(c, name);
      await c.end();
    };
  } else {
    const dump = fs.readFileSync(inject("pgliteTemplate"));
    database = await openDatabase({ loadDataDir: new Blob([dump]) });
  }
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    // a Redis (when REDIS_URL is given) is shared with other test runs: this context counts on its own keys
    REDIS_PREFIX: `alafia:test:${crypto.randomUUID()}:`,
    ...overrides,
  });
  const app = createApp({ database, env, logger: createLogger("silent") });

  closeAfterFile(async () => {
    await database.close();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const loginAs: TestContext["loginAs"] = async (user) => (await createSession(database.db, env.SESSION_SECRET, user)).token;
  const request: TestContext["request"] = async (p, init = {}) => {
    const { json, headers, as, ip, ...rest } = init;
    const h = new Headers(headers);
    if (as) h.set("Authorization", `Bearer ${await loginAs(as)}`);
    if (json !== undefined) h.set("Content-Type", "application/json");
    if (!h.has("Origin")) h.set("Origin", "http://localhost:3000");
    // what @hono/node-server hands the app as c.env: the incoming message, with its socket
    const nodeEnv = ip ? { incoming: { socket: { remoteAddress: ip } } } : undefined;
    return app.request(p, { ...rest, headers: h, body: json !== undefined ? JSON.stringify(json) : rest.body }, nodeEnv);
  };
  return { app, database, db: database.db, env, request, loginAs };
}

/** The load context a React Router loader or action gets in the running app, on this test's database. */
export function routerContext(t: Pick<TestContext, "db" | "env">, user: AppServices["user"]): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, {
    db: t.db,
    env: t.env,
    logger: createLogger("silent"),
    requestId: "test",
    nonce: "",
    user,
    clientIp: "127.0.0.1",
  });
  return context;
}
