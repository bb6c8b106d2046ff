import { Hono } from "hono";
import { getPost, listPosts } from "../../modules/content/posts.server";
import { deliveryRateQuery, noQuery, pageQuery } from "../../modules/catalog/schemas";
import { getDeliveryRate, listDeliveryRates } from "../../modules/delivery/rates.server";
import { communicationChoiceInput, contactInput } from "../../modules/marketing/schemas";
import { listCommunicationPlatforms, recordCommunicationChoice, sendContactMessage } from "../../modules/marketing/contact.server";
import type { AppDeps, AppEnv } from "../context";
import { readJson, readQuery, withTotal } from "../http";
import { readId } from "./params";

// spec §7: the storefront's read side of blog posts and delivery rates, the contact form and the /test page calls.
export function contentReadRoutes({ database }: AppDeps) {
  const { db } = database;
  return new Hono<AppEnv>()
    .get("/posts", async (c) => {
      const { items, total } = await listPosts(db, readQuery(c, pageQuery));
      withTotal(c, total);
      return c.json(items);
    })
    .get("/posts/:id", async (c) => c.json(await getPost(db, readId(c))))
    .get("/deliveryrates", async (c) => c.json(await listDeliveryRates(db, readQuery(c, deliveryRateQuery))))
    .get("/deliveryrates/:id", async (c) => c.json(await getDeliveryRate(db, readId(c))))
    .get("/communicationPlatforms", async (c) => {
      readQuery(c, noQuery);
      return c.json(await listCommunicationPlatforms(db));
    })
    .post("/test/create", async (c) => c.json(await recordCommunicationChoice(db, await readJson(c, communicationChoiceInput)), 201))
    .post("/contact", async (c) => c.json(await sendContactMessage(db, await readJson(c, contactInput)), 201));
}
