import cluster from "node:cluster";
import type { Server } from "node:http";
import type { Logger } from "../lib/logger.server";

/** What the primary of several server processes sends each one to stop, gracefully or at once (server/server-processes.ts). */
export const STOP_MESSAGE = "shop:stop";
export const STOP_NOW_MESSAGE = "shop:stop-now";

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
    if (lifecycle.draining) return;
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
  // the second signal stops at once; a stop from the primary is not a signal, so a signal that
  // reaches one of its processes as well (a whole process group's) still stops it gracefully
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (++signals > 1) process.exit(1);
    void shutdown(signal);
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  if (cluster.isWorker) {
    process.on("message", (message) => {
      if (message === STOP_MESSAGE) void shutdown("primary");
      if (message === STOP_NOW_MESSAGE) process.exit(1);
    });
    process.once("disconnect", () => void shutdown("primary gone"));
  }
}
