import { sql } from "drizzle-orm";
import { check, integer, pgTable, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";
import { updatedAt } from "./columns";
import { purchaseItems } from "./orders";

// docs/product.md "Cost prices and profit": what one unit of a product costs the shop, the owner's
// alone. Kept apart from the product's row, which the storefront, its caches and the staff's
// screens read whole, so a cost can never travel with the product.
export const productCosts = pgTable(
  "product_costs",
  {
    productId: uuid()
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    costKobo: integer().notNull(),
    updatedById: uuid().references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [check("product_costs_cost_non_negative", sql`${t.costKobo} >= 0`)],
);

// The cost of one unit of an order's line as it was when the order was placed, so a later change
// of the cost does not rewrite the profit of what was already sold. Apart from the line, which
// her order pages read whole, for the same reason.
export const purchaseItemCosts = pgTable(
  "purchase_item_costs",
  {
    purchaseItemId: uuid()
      .primaryKey()
      .references(() => purchaseItems.id, { onDelete: "cascade" }),
    costKobo: integer().notNull(),
  },
  (t) => [check("purchase_item_costs_cost_non_negative", sql`${t.costKobo} >= 0`)],
);
