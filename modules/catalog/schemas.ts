import { z } from "zod";
import { dateParam } from "../../lib/form-fields";

export const productSorts = ["newest", "price_asc", "price_desc", "best_selling"] as const;
export type ProductSort = (typeof productSorts)[number];

export const productListQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    // createdAt between two days, inclusive (the admin products table's date filters)
    from: dateParam,
    to: dateParam,
    categoryId: z.uuid({ message: "categoryId must be a category id" }).optional(),
    // a query string says "true"/"1"; a caller in code (already parsed) says true
    promo: z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")]).optional(),
    sort: z.enum(productSorts).default("newest"),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(12),
  })
  .strict();
export type ProductListQuery = z.input<typeof productListQuery>;

/** GET /api/categories/{id}: its products come a page at a time (100 by default), the total in X-Total-Count. */
export const categoryProductsQuery = productListQuery.pick({ sort: true, page: true }).extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(100),
});

/** A query string that takes no parameters: anything given is a 400. */
export const noQuery = z.object({}).strict();

export const pageQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(12),
  })
  .strict();
