import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

export const deliveryRates = pgTable(
  "delivery_rates",
  {
    id: id(),
    lga: text().notNull(),
    chargeKobo: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // docs/product.md §9: the shopper's LGA matches case-insensitively, so names are unique that way too
    uniqueIndex("delivery_rates_lga_lower_idx").on(sql`lower(${t.lga})`),
    check("delivery_rates_charge_non_negative", sql`${t.chargeKobo} >= 0`),
  ],
);
