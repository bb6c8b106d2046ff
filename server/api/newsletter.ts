import { Hono } from "hono";
import { newsletterInput } from "../../modules/marketing/schemas";
import { subscribe } from "../../modules/marketing/service.server";
import type { AppDeps, AppEnv } from "../context";
import { readJson } from "../http";

export function newsletterRoutes({ database }: AppDeps) {
  return new Hono<AppEnv>().post("/newsletter", async (c) => {
    const input = await readJson(c, newsletterInput);
    const result = await subscribe(database.db, input);
    return c.json(result, result.created ? 201 : 200);
  });
}
