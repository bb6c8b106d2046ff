import { Hono } from "hono";
import { AppError } from "../../lib/errors";
import type { AppDeps, AppEnv } from "../context";

export function healthRoutes({ database }: AppDeps) {
  return new Hono<AppEnv>().get("/health", async (c) => {
    try {
      await database.ping();
    } catch {
      throw new AppError("unavailable", "The database does not answer.");
    }
    return c.json({ ok: true });
  });
}
