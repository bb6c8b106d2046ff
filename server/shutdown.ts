import cluster from "node:cluster";
import type { Server } from "node:http";
import type { Logger } from "../lib/logger.server";

/** What the primary of several server processes sends each one to stop (server/server-processes.ts). */
export const STOP_MESSAGE = "shop:stop";

type Shutdown = {
  server: Server;
  lifecycle: { draining: boolean };
  logger: Logger;
  /** how long health answers 503 before the server stops taking connections */
  delayMs: number;
  /** how long the requests in flight may take to finish */
  timeoutMs: number;
  /** background jobs, shared stores, the database: closed once no request runs */
  release: () => Promise<void>;
};

/**
 * A graceful stop on SIGTERM or SIGINT: health answers 503 (a load balancer takes the server out),
 * then the server stops taking connections and finishes those in flight (at most `timeoutMs`),
 * then the background jobs stop and the pool closes. A second signal stops at once. One of several
 * server processes also stops so on its primary's message, or when its primary is gone.
 */
export function stopGracefullyOnSignals(options: Shutdown) {
  const { server, lifecycle, logger, delayMs, timeoutMs, release } = options;
  const shutdown = async (signal: string) => {
    if (lifecycle.draining) process.exit(1);
    lifecycle.draining = true;
    logger.info({ signal, delayMs }, "draining");
    await new Promise((r) => setTimeout(r, delayMs));
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // keep-alive connections with no request in flight are closed now; busy ones after their answer
    server.closeIdleConnections();
    const timedOut = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), timeoutMs).unref());
    if ((await Promise.race([closed, timedOut])) === "timeout") {
      logger.warn({ timeoutMs }, "requests still in flight at the shutdown timeout: closing them");
      server.closeAllConnections();
    }
    try {
      await release();
    } catch (err) {
      logger.error({ err }, "shutdown: releasing resources failed");
    }
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  if (cluster.isWorker) {
    // a stop the process may also have had as a signal (a whole process group's) is one stop
    process.on("message", (message) => {
      if (message === STOP_MESSAGE && !lifecycle.draining) void shutdown("primary");
    });
    process.once("disconnect", () => {
      if (!lifecycle.draining) void shutdown("primary gone");
    });
  }
}
