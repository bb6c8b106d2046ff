import { Hono } from "hono";
import { AppError } from "../../lib/errors";
import type { AppDeps, AppEnv } from "../context";

export function healthRoutes({ database, lifecycle }: AppDeps) {
  return new Hono<AppEnv>().get("/health", async (c) => {
    // a load balancer takes a draining server out of the pool before it closes
    if (lifecycle?.draining) throw new AppError("unavailable", "The server is shutting down.");
    try {
      await database.ping();
    } catch {
      throw new AppError("unavailable", "The database does not answer.");
    }
    return c.json({ ok: true });
  });
}
