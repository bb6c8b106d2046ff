import cluster from "node:cluster";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import type { Env } from "../lib/env.server";
import { createInvalidationBus } from "../lib/invalidation.server";
import { createLogger, logProcessErrors, serverLogDestination } from "../lib/logger.server";
import { closeRateLimitStores } from "../lib/rate-limit.server";
import { s3Config, uploadDir } from "../lib/storage.server";
import { createApp, securityOptions } from "./app";
import { answerCachedHits } from "./cached-answers";
import { answerHashedAssets, readBuildRootFiles, readHashedAssets } from "./hashed-assets";
import { answerUploads } from "./uploads-in-memory";
import { healthCheck } from "./health";
import { startInTurns } from "./start-in-turns";
import { createPublicCache } from "./middleware/public-cache";
import { startBackgroundJobs } from "./background-jobs";
import { bootstrap } from "./bootstrap";
import { stopGracefullyOnSignals } from "./shutdown";

/** How long an idle kept-alive connection stays open (see below). */
const KEEP_ALIVE_MS = 65_000;

export { loadEnvOrExit } from "../lib/env.server";

/**
 * Migrates, seeds and serves the built app (build/server, build/client). `npm start` calls it
 * from scripts/start.ts with the configuration it read before the libraries were loaded.
 */
export async function startServer(env: Env, startedAt = performance.now()) {
  const logger = createLogger(env.LOG_LEVEL, serverLogDestination());
  logProcessErrors(logger);
  const database = await bootstrap(env, logger);
  const buildDir = path.resolve("build");
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const lifecycle = { draining: false };
  const invalidation = createInvalidationBus(env, logger);
  const deps = { database, env, logger, lifecycle, invalidation };
  const security = securityOptions(env);
  const health = healthCheck(deps, security);
  const publicCache = createPublicCache({ env, invalidation });
  const clientDir = path.join(buildDir, "client");
  const app = createApp(deps, { build, clientDir, health, publicCache });
  const stopJobs = startBackgroundJobs({ db: database.db, env, logger, invalidation });

  // /api/health, the build's hashed files, image uploads and the public cache's fresh hits are
  // answered by node:http itself, before Hono builds a Request (server/health.ts,
  // server/hashed-assets.ts, server/uploads-in-memory.ts, server/cached-answers.ts)
  const cachedHits = answerCachedHits({ publicCache, logger, lifecycle, security });
  const buildFiles = new Map([...readHashedAssets(path.join(clientDir, "assets")), ...readBuildRootFiles(clientDir)]);
  const assets = answerHashedAssets(buildFiles, { logger, lifecycle, security });
  // the image uploads too, once read, when they are on this server's disk (not in a bucket: S3_*)
  const uploads = answerUploads(s3Config(env) ? null : uploadDir(env.DATA_DIR), invalidation, { logger, lifecycle, security });
  // what reaches the app is started in turns of the event loop (server/start-in-turns.ts)
  const toApp = startInTurns(getRequestListener(app.fetch, { hostname: env.HOST }));
  const server: Server = createServer(health.listener(assets(uploads(cachedHits(toApp)))));
  // An idle kept-alive connection stays open longer than a load balancer's or a client's idle time
  // (HAProxy, nginx and cloud balancers use 30-60 s): the server closing first races a request
  // already on its way over that connection, which then fails with nothing answered.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  server.listen(env.PORT, env.HOST, () => {
    const info = server.address() as AddressInfo;
    const shown = env.HOST === "0.0.0.0" ? "localhost" : env.HOST;
    // one of several server processes (SERVER_PROCESSES) says which
    const one = cluster.worker ? { process: cluster.worker.id, pid: process.pid } : {};
    logger.info({ port: info.port, ms: Math.round(performance.now() - startedAt), ...one }, "listening");
    process.stdout.write(`Shop ready on http://${shown}:${info.port}${cluster.worker ? ` (server process ${cluster.worker.id})` : ""}\n`);
  });

  stopGracefullyOnSignals({
    server,
    lifecycle,
    logger,
    delayMs: env.SHUTDOWN_DELAY_MS,
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    release: async () => {
      await stopJobs();
      await invalidation.close();
      await closeRateLimitStores();
      await database.close();
    },
  });
}
