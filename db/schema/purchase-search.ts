import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { purchaseStatusEnum, purchases } from "./orders";

/**
 * The admin purchases search ('Search by name, email or status...') in a narrow
 * table: the trigram index finds candidate rows and PostgreSQL must re-read each
 * one to confirm it, so an exact count of a broad term ("gmail": a quarter of all
 * orders) costs what the pages it reads cost. Here ~90 rows fit a page instead of
 * ~27 in purchases. A trigger keeps it in step with purchases (migration
 * 0003_purchase_search_sync); docs/decisions/0004-admin-purchases-search.md has the numbers.
 */
export const purchaseSearch = pgTable(
  "purchase_search",
  {
    purchaseId: uuid()
      .primaryKey()
      .references(() => purchases.id, { onDelete: "cascade" }),
    // copy of purchases.search_text: lower(first name || ' ' || last name || ' ' || email)
    searchText: text().notNull(),
    status: purchaseStatusEnum().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("purchase_search_text_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("purchase_search_created_at_idx").on(t.createdAt),
  ],
);
