import { Hono } from "hono";
import { newProductInput, productHistoryQuery, productPatch } from "../../modules/catalog/admin-schemas";
import {
  createProduct,
  deleteProduct,
  removeProductImage,
  setProductImage,
  updateProduct,
} from "../../modules/catalog/admin-products.server";
import { productHistoryPage } from "../../modules/catalog/product-history.server";
import { productCostInput, productCostListQuery, productCostsInput } from "../../modules/pricing/cost-schemas";
import { listProductCosts, productCost, setProductCost, setProductCosts } from "../../modules/pricing/costs.server";
import type { AppDeps, AppEnv } from "../context";
import { pathId, readJson, readQuery, withTotal } from "../http";
import { currentUser, requireAdmin, requireOwner } from "../middleware/auth";
import { isMultipart, readFormOrJson, readMultipart, requireFile } from "../multipart";
import { shopStorage } from "../../lib/storage.server";

// docs/product.md §7 product writes, admin only; reads live in the storefront's products router.
export function adminProductRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const storage = shopStorage(deps.env);
  return (
    new Hono<AppEnv>()
      .post("/products/create", requireAdmin(), async (c) => {
        const { input, file } = await readFormOrJson(c, newProductInput);
        const product = await createProduct(db, storage, input, file, currentUser(c));
        return c.json(product, 201);
      })
      .put("/products/:id", requireAdmin(), async (c) => {
        const id = pathId(c, "Product");
        // multipart = the image panel (spec: "or multipart: imageUrl"); JSON = the fields it names
        if (isMultipart(c)) return c.json(await setProductImage(db, storage, id, requireFile(await readMultipart(c)), currentUser(c)));
        return c.json(await updateProduct(db, id, await readJson(c, productPatch), currentUser(c), deps.env));
      })
      // docs/product.md "Product history": who changed what, for a tool of the shop's own
      .get("/products/:id/history", requireAdmin(), async (c) => {
        const { items, total } = await productHistoryPage(db, pathId(c, "Product"), readQuery(c, productHistoryQuery));
        withTotal(c, total);
        return c.json(items);
      })
      // docs/product.md "Cost prices and profit": the owner's alone, as the report it feeds
      .get("/products/:id/cost", requireOwner(), async (c) => c.json(await productCost(db, pathId(c, "Product"))))
      .put("/products/:id/cost", requireOwner(), async (c) => {
        const id = pathId(c, "Product");
        const { cost } = await readJson(c, productCostInput);
        return c.json(await setProductCost(db, id, cost, currentUser(c).id));
      })
      // several at once, as the /costprices screen saves them; the list shows those without a cost first
      .get("/product-costs", requireOwner(), async (c) => {
        const { items, total } = await listProductCosts(db, readQuery(c, productCostListQuery).q);
        withTotal(c, total);
        return c.json(items);
      })
      .put("/product-costs", requireOwner(), async (c) =>
        c.json(await setProductCosts(db, (await readJson(c, productCostsInput)).costs, currentUser(c).id)),
      )
      .delete("/products/:id/image", requireAdmin(), async (c) =>
        c.json(await removeProductImage(db, storage, pathId(c, "Product"), currentUser(c))),
      )
      .delete("/products/:id", requireAdmin(), async (c) => {
        await deleteProduct(db, storage, pathId(c, "Product"));
        return c.json({ msg: "Product deleted" });
      })
  );
}
