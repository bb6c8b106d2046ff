import { Hono } from "hono";
import { AppError } from "../../lib/errors";
import type { AppDeps, AppEnv } from "../context";

// a balancer's checks and a monitor's polls share one database ping per second
const PING_FRESH_MS = 1000;

export function healthRoutes({ database, lifecycle }: AppDeps) {
  let lastPing: { at: number; done: Promise<boolean> } | null = null;
  const databaseAnswers = () => {
    const now = Date.now();
    if (!lastPing || now - lastPing.at >= PING_FRESH_MS) {
      lastPing = {
        at: now,
        done: database.ping().then(
          () => true,
          () => false,
        ),
      };
    }
    return lastPing.done;
  };
  return new Hono<AppEnv>().get("/health", async (c) => {
    // a load balancer takes a draining server out of the pool before it closes
    if (lifecycle?.draining) throw new AppError("unavailable", "The server is shutting down.");
    if (!(await databaseAnswers())) throw new AppError("unavailable", "The database does not answer.");
    return c.json({ ok: true });
  });
}
