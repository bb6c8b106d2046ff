import { Hono } from "hono";
import { categoryInput, categoryPatch } from "../../modules/catalog/admin-schemas";
import { createCategory, deleteCategory, renameCategory, setCategoryImage } from "../../modules/catalog/admin-categories.server";
import type { AppDeps, AppEnv } from "../context";
import { pathId, readJson } from "../http";
import { requireAdmin } from "../middleware/auth";
import { isMultipart, readFormOrJson, readMultipart, requireFile } from "../multipart";
import { shopStorage } from "../../lib/storage.server";

export function adminCategoryRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const storage = shopStorage(deps.env);
  return new Hono<AppEnv>()
    .post("/categories/create", requireAdmin(), async (c) => {
      const { input, file } = await readFormOrJson(c, categoryInput);
      return c.json(await createCategory(db, storage, input, file), 201);
    })
    .put("/categories/:id", requireAdmin(), async (c) => {
      const id = pathId(c, "Category");
      if (isMultipart(c)) return c.json(await setCategoryImage(db, storage, id, requireFile(await readMultipart(c))));
      return c.json(await renameCategory(db, id, await readJson(c, categoryPatch)));
    })
    .delete("/categories/:id", requireAdmin(), async (c) => {
      await deleteCategory(db, storage, pathId(c, "Category"));
      return c.json({ msg: "Category deleted" });
    });
}
