// `npm run dev`: the same Hono server with Vite in middleware mode, so API, SSR
// and the one database live in one process, with hot reload of the UI.
import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { createInvalidationBus } from "../lib/invalidation.server";
import { createLogger, logProcessErrors } from "../lib/logger.server";
import { closeRateLimitStores } from "../lib/rate-limit.server";
import { createApp } from "./app";
import { startBackgroundJobs } from "./background-jobs";
import { bootstrap } from "./bootstrap";
import { loadEnvOrExit } from "./main";

const env = loadEnvOrExit();
const logger = createLogger(env.LOG_LEVEL);
logProcessErrors(logger);
const database = await bootstrap(env, logger);
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const invalidation = createInvalidationBus(env, logger);
const app = createApp(
  { database, env, logger, invalidation },
  { dev: true, build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild> },
);
const listener = getRequestListener(app.fetch);
// the same timers as `npm start`: mails go out (and reset links are logged), unpaid purchases expire
const stopJobs = startBackgroundJobs({ db: database.db, env, logger, invalidation });

const server = http
  .createServer((req, res) => {
    // Vite serves modules, HMR and /public; everything else goes to Hono
    vite.middlewares(req, res, () => void listener(req, res));
  })
  .listen(env.PORT, env.HOST, () => process.stdout.write(`Dev server on http://localhost:${env.PORT}\n`));

const shutdown = () => {
  server.close();
  void Promise.all([stopJobs(), vite.close(), invalidation.close()])
    .then(closeRateLimitStores)
    .then(() => database.close())
    .finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
};
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
