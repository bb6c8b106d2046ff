import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";
import { createdAt, id, updatedAt } from "./columns";

export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    rating: integer().notNull(),
    comment: text().notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("reviews_user_product_uq").on(t.userId, t.productId),
    check("reviews_rating_range", sql`${t.rating} BETWEEN 1 AND 5`),
    index("reviews_product_id_idx").on(t.productId, t.createdAt),
  ],
);
