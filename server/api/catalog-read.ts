import { Hono } from "hono";
import { categoryListQuery } from "../../modules/catalog/admin-schemas";
import { searchCategories } from "../../modules/catalog/admin-categories.server";
import { categoryProductsQuery, productListQuery } from "../../modules/catalog/schemas";
import { getCategory, getProduct, listProducts } from "../../modules/catalog/service.server";
import type { AppDeps, AppEnv } from "../context";
import { pathId, readQuery, withTotal } from "../http";

// docs/product.md §7: GET /api/products, /api/products/{id}, /api/categories, /api/categories/{id}. The lists are public and
// take the admin tables' list parameters with X-Total-Count; /api/categories without any is the whole list.
export function catalogReadRoutes({ database }: AppDeps) {
  const { db } = database;
  return new Hono<AppEnv>()
    .get("/products", async (c) => {
      const query = readQuery(c, productListQuery);
      const { items, total } = await listProducts(db, query);
      withTotal(c, total);
      return c.json(items);
    })
    .get("/products/:id", async (c) => c.json(await getProduct(db, pathId(c, "Product"))))
    .get("/categories", async (c) => {
      const { items, total } = await searchCategories(db, readQuery(c, categoryListQuery));
      withTotal(c, total);
      return c.json(items);
    })
    .get("/categories/:id", async (c) => {
      const query = readQuery(c, categoryProductsQuery);
      const category = await getCategory(db, pathId(c, "Category"));
      // docs/product.md §3: a category read by id also carries its products (a page of them; the count says how many in all)
      const { items, total } = await listProducts(db, { ...query, categoryId: category.id });
      withTotal(c, total);
      return c.json({ ...category, products: items });
    });
}
