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
} from "../../lib/form-fields";
import { isCalendarDate } from "../../lib/lagos-calendar";
import { productCostInput } from "../pricing/cost-schemas";
import { productListQuery } from "./schemas";

export const productSizes = ["XS", "S", "M", "L", "XL"] as const;

/** A checkbox or a JSON boolean: true, "true", "on" or "1" is yes; false, "false", "off" or "0" is no. */
const booleanField = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? ({ true: true, on: true, "1": true, false: false, off: false, "0": false }[v.trim()] ?? v) : v),
    z.boolean({ error: `${label} must be true or false` }),
  );

/** A stock figure: a whole number, 0 or more; null = not tracked; blank = not given. */
const stockField = z.preprocess(
  (v) => (v === "" ? undefined : typeof v === "string" ? Number(v.trim()) : v),
  z
    .number({ error: "Stock must be a number" })
    .int("Stock must be a whole number, 0 or more")
    .min(0, "Stock must be a whole number, 0 or more")
    .max(1_000_000, "Stock is too high")
    .nullable()
    .optional(),
);

// docs/product.md §5: title, price, description and category required; price and discount
// numbers with step 0.01; discount below price. Money here is naira (API edge).
// Stock as Shopify keeps it: a product is stock-tracked (with a quantity) or not
// (always buyable); the spec's payloads carry no stock, so a product created without
// one is not tracked, and an update that names neither keeps what is stored.
const productFields = {
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
  trackStock: booleanField("Track stock").optional(),
  stock: stockField,
  // docs/product.md "Pre-orders": the Lagos day it ships from; blank or null: not a pre-order
  shipsFrom: z.preprocess(
    (v) => (v === "" ? null : typeof v === "string" ? v.trim() : v),
    z
      .string({ error: "Ships from must be a date like 2027-01-15" })
      .refine(isCalendarDate, "Ships from must be a date like 2027-01-15")
      .nullable()
      .optional(),
  ),
};

/** The stored stock (null: not tracked) the input asks for, or the message for the Stock field. */
export function resolveStock(
  input: { trackStock?: boolean; stock?: number | null },
  current: number | null = null,
): { stock: number | null } | { error: string } {
  const { trackStock, stock } = input;
  if (trackStock === false) return typeof stock === "number" ? { error: "Stock is kept only when stock is tracked" } : { stock: null };
  if (trackStock === true) {
    const quantity = stock === undefined ? current : stock;
    return quantity === null ? { error: "Enter how many are in stock" } : { stock: quantity };
  }
  return { stock: stock === undefined ? current : stock };
}

/** The rules between fields, on the values a product will have after the write. */
export function productFieldIssues(v: { price: number; discount: number }): Record<string, string> {
  return v.discount > 0 && v.discount >= v.price ? { discount: "Discount must be below the price" } : {};
}

export const productInput = z
  .object(productFields)
  .strict()
  .superRefine((v, ctx) => {
    for (const [field, message] of Object.entries(productFieldIssues(v))) ctx.addIssue({ code: "custom", path: [field], message });
    const stock = resolveStock(v);
    if ("error" in stock) ctx.addIssue({ code: "custom", path: ["stock"], message: stock.error });
  });
export type ProductInput = z.input<typeof productInput>;
export type ProductData = z.output<typeof productInput>;

/**
 * POST /api/products/create and /createproduct: the fields, and the owner's cost price
 * (docs/product.md "Cost prices and profit"; blank or left out: none).
 */
export const newProductInput = productInput.safeExtend({ cost: productCostInput.shape.cost.optional() });
export type NewProductInput = z.input<typeof newProductInput>;

/** PUT /api/products/{id}: any of the fields; what it does not name keeps its stored value. */
export const productPatch = z.object(productFields).partial().strict();
export type ProductPatch = z.input<typeof productPatch>;

export const categoryInput = z.object({ name: requiredText("Name", 60) }).strict();
export type CategoryInput = z.input<typeof categoryInput>;
/** PUT /api/categories/{id} (JSON): the name when it is given. */
export const categoryPatch = categoryInput.partial();
export type CategoryPatch = z.input<typeof categoryPatch>;

// Lists: the API and the screen validate the same parameters; each door picks its
// defaults (the screen its docs/product.md §9 page size, the API the list the spec shows).

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
/** `GET /api/products/{id}/history`: a page of its saves, newest first. */
export const productHistoryQuery = z.object({ page: listParams(20).page, pageSize: listParams(20).pageSize }).strict();

export const adminCategoryListQuery = z.object({ ...listParams(3), sort: sortParam(categorySorts, "name") }).strict();
export type CategoryListQuery = z.input<typeof categoryListQuery>;
