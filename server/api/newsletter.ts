import { Hono } from "hono";
import { newsletterInput } from "../../modules/marketing/schemas";
import { subscribe } from "../../modules/marketing/service.server";
import type { AppDeps, AppEnv } from "../context";
import { readJson } from "../http";
import { rateRules } from "../../lib/rate-limit.server";
import { limitPerAddress } from "../middleware/rate-limit";

export function newsletterRoutes(deps: AppDeps) {
  const { database } = deps;
  return new Hono<AppEnv>().post("/newsletter", limitPerAddress(deps, rateRules.newsletterIp), async (c) => {
    const input = await readJson(c, newsletterInput);
    const result = await subscribe(database.db, input);
    return c.json(result, result.created ? 201 : 200);
  });
}
