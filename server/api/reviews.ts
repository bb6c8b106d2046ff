import { Hono } from "hono";
import { reviewInput } from "../../modules/reviews/schemas";
import { listReviews, submitReview } from "../../modules/reviews/service.server";
import type { AppDeps, AppEnv } from "../context";
import { pathId, readJson } from "../http";
import { currentUser, requireUser } from "../middleware/auth";

export function reviewRoutes({ database }: AppDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .get("/reviews/:productId", async (c) => c.json(await listReviews(db, pathId(c, "Product", "productId"))))
    .post("/reviews/:productId", requireUser(), async (c) => {
      const productId = pathId(c, "Product", "productId");
      const input = await readJson(c, reviewInput);
      const review = await submitReview(db, currentUser(c).id, productId, input);
      return c.json({ msg: "Review submitted successfully!", review }, 201);
    });
}
