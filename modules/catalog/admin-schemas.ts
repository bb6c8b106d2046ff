import { z } from "zod";
import { hasCents, listParams, numberField, optionalNumberField, optionalText, requiredText } from "../admin/form-fields";

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

export const adminProductListQuery = z.object({ ...listParams(4) }).strict();
export const adminCategoryListQuery = z.object({ q: listParams(3).q, page: listParams(3).page, pageSize: listParams(3).pageSize }).strict();
export type AdminProductListQuery = z.input<typeof adminProductListQuery>;
export type AdminCategoryListQuery = z.input<typeof adminCategoryListQuery>;
