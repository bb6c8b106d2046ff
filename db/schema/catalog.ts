import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, id, type ImageVariant, updatedAt } from "./columns";

export const categories = pgTable(
  "categories",
  {
    id: id(),
    name: text().notNull(),
    imageUrl: text(),
    imageVariants: jsonb().$type<ImageVariant[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("categories_name_lower_idx").on(sql`lower(${t.name})`), index("categories_created_at_idx").on(t.createdAt)],
);

export const products = pgTable(
  "products",
  {
    id: id(),
    title: text().notNull(),
    description: text().notNull(),
    // money is integer kobo (₦1 = 100 kobo); discount 0 means none
    priceKobo: integer().notNull(),
    discountKobo: integer().notNull().default(0),
    size: text(),
    color: text(),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    // units left when the product's stock is tracked; null: not tracked (always buyable,
    // as a product created without a stock figure is). Checkout never takes it below 0.
    stock: integer(),
    // a pre-order's Lagos day it ships from (docs/product.md "Pre-orders"); null, or a day passed: in stock as any other
    shipsFrom: date({ mode: "string" }),
    // kept by a trigger on reviews, in the same transaction as every review written or removed
    // (migration 0007): cards and lists read them without counting reviews per row
    ratingCount: integer().notNull().default(0),
    ratingAvg: doublePrecision().notNull().default(0),
    // units of paid orders (the best-seller order, docs/product.md §2), kept by triggers on
    // purchases and their items in the same transaction as every payment, cancel, refund or
    // deletion (migration 0015): a list sorted by it reads one column, not every product's sales
    unitsSold: integer().notNull().default(0),
    imageUrl: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("products_price_positive", sql`${t.priceKobo} >= 0`),
    check("products_discount_range", sql`${t.discountKobo} >= 0 AND ${t.discountKobo} < ${t.priceKobo} OR ${t.discountKobo} = 0`),
    check("products_stock_non_negative", sql`${t.stock} >= 0`),
    index("products_category_id_idx").on(t.categoryId),
    index("products_created_at_idx").on(t.createdAt),
    index("products_units_sold_idx").on(t.unitsSold.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id),
    index("products_promo_idx")
      .on(t.discountKobo)
      .where(sql`${t.discountKobo} > 0`),
    index("products_search_idx").using("gin", sql`to_tsvector('english', ${t.title} || ' ' || ${t.description})`),
    index("products_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
  ],
);

// Each stored image of a product, one row per WebP width (for srcset).
export const productImages = pgTable(
  "product_images",
  {
    id: id(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("product_images_product_id_idx").on(t.productId)],
);

// Search: every word of the products' titles and descriptions and of the category
// names, so a mistyped word of the query can be matched to a real one through the trigram
// index, then searched with the full-text index. Filled by triggers on products and
// categories (migration 0002), so seeds and raw SQL keep it current; a word whose last
// product is gone stays, which costs a lookup that finds nothing.
export const searchWords = pgTable("search_words", { word: text().primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);

// docs/product.md "Product history": every save that changed a product's price, sale price, stock,
// title, category or photo by hand, and who made it (staff keep the catalogue; the owner reads what they changed),
// written in the same transaction as the save, after the product's row is locked: `seq` follows the
// order the saves were made in. The name is kept as it was, so a member who left is still named.
export const productChanges = pgTable(
  "product_changes",
  {
    id: id(),
    seq: bigint({ mode: "number" }).generatedAlwaysAsIdentity(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    // the fields the save changed, in kobo (price, discount), units (stock; null: not tracked) or
    // text (the title, the category's name then, the photo's address; null: none)
    changes: jsonb().$type<ProductFieldChange[]>().notNull(),
    // the product was added with these values (each `before` is null)
    added: boolean().notNull().default(false),
    actorId: uuid().references(() => users.id, { onDelete: "set null" }),
    actorName: text(),
    createdAt: createdAt(),
  },
  // a product's history, and the latest saves of all (the owner's dashboard)
  (t) => [index("product_changes_product_seq_idx").on(t.productId, t.seq), index("product_changes_seq_idx").on(t.seq)],
);

export type ProductFieldChange =
  | { field: "price" | "discount" | "stock"; before: number | null; after: number | null }
  | { field: "title" | "category" | "photo" | "shipsFrom"; before: string | null; after: string | null };
