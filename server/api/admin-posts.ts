import { Hono } from "hono";
import { postInput, postPatch } from "../../modules/content/admin-schemas";
import { createPost, deletePost, setPostImage, updatePost } from "../../modules/content/admin.server";
import type { AppDeps, AppEnv } from "../context";
import { pathId, readJson } from "../http";
import { requireAdmin } from "../middleware/auth";
import { isMultipart, readFormOrJson, readMultipart, requireFile } from "../multipart";
import { shopStorage } from "../../lib/storage.server";

export function adminPostRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const storage = shopStorage(deps.env);
  return new Hono<AppEnv>()
    .post("/posts/create", requireAdmin(), async (c) => {
      const { input, file } = await readFormOrJson(c, postInput);
      return c.json(await createPost(db, storage, input, file), 201);
    })
    .put("/posts/:id", requireAdmin(), async (c) => {
      const id = pathId(c, "Blog post");
      if (isMultipart(c)) return c.json(await setPostImage(db, storage, id, requireFile(await readMultipart(c))));
      return c.json(await updatePost(db, id, await readJson(c, postPatch)));
    })
    .delete("/posts/:id", requireAdmin(), async (c) => {
      await deletePost(db, storage, pathId(c, "Blog post"));
      return c.json({ msg: "Post deleted" });
    });
}
