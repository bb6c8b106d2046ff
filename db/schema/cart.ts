import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";
import { createdAt, id, updatedAt } from "./columns";

// A line of a signed-in shopper's cart; prices are read from products, never stored here.
export const cartItems = pgTable(
  "cart_items",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("cart_items_user_product_uq").on(t.userId, t.productId),
    check("cart_items_quantity_positive", sql`${t.quantity} >= 1`),
    index("cart_items_product_id_idx").on(t.productId),
  ],
);
