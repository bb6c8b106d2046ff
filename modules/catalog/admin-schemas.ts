import { z } from "zod";
import {
  hasCents,
  listParams,
  numberField,
  optionalNumberField,
  optionalText,
  requiredText,
  sortParam,
  wholeListParams,
} from "../admin/form-fields";
import { productListQuery } from "./schemas";

export const productSizes = ["XS", "S", "M", "L", "XL"] as const;

// spec §5: title, price, description and category required; price and discount
// numbers with step 0.01; discount below price. Money here is naira (API edge).
export const productInput = z
  .object({
    title: requiredText("Title", 120),
    price: numberField("Price")
      .refine((n) => n > 0, "Price must be more than 0")
      .refine(hasCents, "Price can have at most 2 decimals")
      .refine((n) => n <= 10_000_000, "Price is too high"),
    discount: optionalNumberField("Discount", 0)
      .refine((n) => n >= 0, "Discount cannot be negative")
      .refine(hasCents, "Discount can have at most 2 decimals"),
    description: requiredText("Description", 4000),
    categoryId: z.uuid({ error: "Category is required" }),
    color: optionalText("Color", 40),
    size: z.preprocess(
      (v) => (v === "" || v === undefined ? null : v),
      z.enum(productSizes, { error: "Size must be one of XS, S, M, L, XL" }).nullable(),
    ),
    stock: optionalNumberField("Stock", 0)
      .refine((n) => Number.isInteger(n) && n >= 0, "Stock must be a whole number, 0 or more")
      .refine((n) => n <= 1_000_000, "Stock is too high"),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.discount > 0 && v.discount >= v.price)
      ctx.addIssue({ code: "custom", path: ["discount"], message: "Discount must be below the price" });
  });
export type ProductInput = z.input<typeof productInput>;
export type ProductData = z.output<typeof productInput>;

export const categoryInput = z.object({ name: requiredText("Name", 60) }).strict();
export type CategoryInput = z.input<typeof categoryInput>;

// Lists: the API and the screen validate the same parameters; each door picks its
// defaults (the screen its spec §9 page size, the API the list the spec shows).

/** /producttable: the parameters of GET /api/products (modules/catalog/schemas.ts) it uses, 4 per page. */
export const adminProductListQuery = productListQuery
  .pick({ q: true, from: true, to: true, page: true })
  .extend({ pageSize: listParams(4).pageSize })
  .strict();
export type AdminProductListQuery = z.input<typeof adminProductListQuery>;

export const categorySorts = ["name", "newest", "oldest"] as const;
/** GET /api/categories: without parameters the whole list, oldest first, as before. */
export const categoryListQuery = z.object({ ...wholeListParams(), sort: sortParam(categorySorts, "oldest") }).strict();
/** /categorytable: 3 per page, by name. */
export const adminCategoryListQuery = z.object({ ...listParams(3), sort: sortParam(categorySorts, "name") }).strict();
export type CategoryListQuery = z.input<typeof categoryListQuery>;
