import { Hono } from "hono";
import { noQuery } from "../../modules/catalog/schemas";
import { postListQuery } from "../../modules/content/admin-schemas";
import { searchPosts } from "../../modules/content/admin.server";
import { getPost } from "../../modules/content/posts.server";
import { deliveryRateListQuery } from "../../modules/delivery/admin-schemas";
import { publicRate, searchDeliveryRates } from "../../modules/delivery/admin.server";
import { getDeliveryRate } from "../../modules/delivery/rates.server";
import { coachingRequestInput, communicationChoiceInput, contactInput } from "../../modules/marketing/schemas";
import { requestCoachingCall } from "../../modules/marketing/coaching.server";
import { listCommunicationPlatforms, recordCommunicationChoice, sendContactMessage } from "../../modules/marketing/contact.server";
import type { AppDeps, AppEnv } from "../context";
import { pathId, readJson, readQuery, withTotal } from "../http";
import { rateRules } from "../../lib/rate-limit.server";
import { limitPerAddress } from "../middleware/rate-limit";

// docs/product.md §7: the read side of blog posts and delivery rates (public, with the admin tables' list parameters),
// the contact form and the /test page calls.
export function contentReadRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return (
    new Hono<AppEnv>()
      .get("/posts", async (c) => {
        const { items, total } = await searchPosts(db, readQuery(c, postListQuery));
        withTotal(c, total);
        return c.json(items);
      })
      .get("/posts/:id", async (c) => c.json(await getPost(db, pathId(c, "Blog post"))))
      .get("/deliveryrates", async (c) => {
        const { items, total } = await searchDeliveryRates(db, readQuery(c, deliveryRateListQuery));
        withTotal(c, total);
        return c.json(items.map(publicRate));
      })
      .get("/deliveryrates/:id", async (c) => c.json(await getDeliveryRate(db, pathId(c, "Delivery rate"))))
      .get("/communicationPlatforms", async (c) => {
        readQuery(c, noQuery);
        return c.json(await listCommunicationPlatforms(db));
      })
      .post("/test/create", limitPerAddress(deps, rateRules.testChoiceIp), async (c) =>
        c.json(await recordCommunicationChoice(db, await readJson(c, communicationChoiceInput)), 201),
      )
      .post("/contact", limitPerAddress(deps, rateRules.contactIp), async (c) =>
        c.json(await sendContactMessage(db, deps.env, await readJson(c, contactInput)), 201),
      )
      // docs/product.md "Messages": the coaching page's request for a call, under the contact form's rate rule
      .post("/coaching-requests", limitPerAddress(deps, rateRules.contactIp), async (c) =>
        c.json(await requestCoachingCall(db, deps.env, await readJson(c, coachingRequestInput)), 201),
      )
  );
}
