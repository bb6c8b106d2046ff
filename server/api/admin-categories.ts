import { Hono } from "hono";
import { categoryInput } from "../../modules/catalog/admin-schemas";
import { createCategory, deleteCategory, renameCategory, setCategoryImage } from "../../modules/catalog/admin.server";
import { pathId, storageFor } from "../admin-http";
import type { AppDeps, AppEnv } from "../context";
import { readJson } from "../http";
import { requireAdmin } from "../middleware/auth";
import { isMultipart, readMultipart, requireFile } from "../multipart";

export function adminCategoryRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const storage = storageFor(deps);
  return new Hono<AppEnv>()
    .post("/categories/create", requireAdmin(), async (c) => {
      const body = isMultipart(c) ? await readMultipart(c) : { fields: await c.req.json().catch(() => ({})), file: null };
      return c.json(await createCategory(db, storage, categoryInput.parse(body.fields), body.file), 201);
    })
    .put("/categories/:id", requireAdmin(), async (c) => {
      const id = pathId(c, "Category");
      if (isMultipart(c)) return c.json(await setCategoryImage(db, storage, id, requireFile(await readMultipart(c))));
      return c.json(await renameCategory(db, id, await readJson(c, categoryInput)));
    })
    .delete("/categories/:id", requireAdmin(), async (c) => {
      await deleteCategory(db, storage, pathId(c, "Category"));
      return c.json({ msg: "Category deleted" });
    });
}
