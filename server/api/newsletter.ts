import { Hono } from "hono";
import { newsletterInput } from "../../modules/marketing/schemas";
import { subscribe } from "../../modules/marketing/service.server";
import { askBackInStock, backInStockInput } from "../../modules/marketing/back-in-stock.server";
import type { AppDeps, AppEnv } from "../context";
import { pathId, readJson } from "../http";
import { rateRules } from "../../lib/rate-limit.server";
import { limitPerAddress } from "../middleware/rate-limit";

/** The addresses anyone may leave without an account: the newsletter, and a sold-out product's "tell me when it's back". */
export function newsletterRoutes(deps: AppDeps) {
  const { database } = deps;
  return (
    new Hono<AppEnv>()
      .post("/newsletter", limitPerAddress(deps, rateRules.newsletterIp), async (c) => {
        const input = await readJson(c, newsletterInput);
        const result = await subscribe(database.db, deps.env, input);
        return c.json(result, result.created ? 201 : 200);
      })
      // docs/product.md "Back in stock"
      .post("/products/:id/back-in-stock", limitPerAddress(deps, rateRules.backInStockIp), async (c) => {
        const input = await readJson(c, backInStockInput);
        return c.json(await askBackInStock(database.db, deps.env, pathId(c, "Product"), input), 201);
      })
  );
}
