import path from "node:path";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { ConfigError, getEnv, type Env } from "../lib/env.server";
import { createLogger, logProcessErrors } from "../lib/logger.server";
import { closeRateLimitStores } from "../lib/rate-limit.server";
import { createApp } from "./app";
import { startBackgroundJobs } from "./background-jobs";
import { bootstrap } from "./bootstrap";

/** Reads the configuration or stops with one line naming the bad variable. */
export function loadEnvOrExit(): Env {
  try {
    return getEnv();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
}

export async function startServer() {
  const startedAt = performance.now();
  const env = loadEnvOrExit();
  const logger = createLogger(env.LOG_LEVEL);
  logProcessErrors(logger);
  const database = await bootstrap(env, logger);
  const buildDir = path.resolve("build");
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const app = createApp({ database, env, logger }, { build, clientDir: path.join(buildDir, "client") });
  const stopJobs = startBackgroundJobs({ db: database.db, env, logger });

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const shown = env.HOST === "0.0.0.0" ? "localhost" : env.HOST;
    logger.info({ port: info.port, ms: Math.round(performance.now() - startedAt) }, "listening");
    process.stdout.write(`Shop ready on http://${shown}:${info.port}\n`);
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    server.close(() => {
      void stopJobs()
        .then(closeRateLimitStores)
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}
