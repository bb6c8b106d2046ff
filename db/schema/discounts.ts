import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { purchases } from "./orders";

/** fixed: naira off the eligible goods; percent: a share of them; free_delivery: the delivery fee waived. */
export const discountKindEnum = pgEnum("discount_kind", ["fixed", "percent", "free_delivery"]);

// Discount codes (docs/product.md "Discount codes"): applied by the one pricing function.
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: id(),
    // as the owner typed it; matched case-insensitively
    code: text().notNull(),
    kind: discountKindEnum().notNull(),
    amountKobo: integer(),
    percent: integer(),
    minOrderKobo: integer().notNull().default(0),
    // null: no limit
    maxUses: integer(),
    maxUsesPerCustomer: integer(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    // empty: every product; otherwise only these products, or products of these categories
    productIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    categoryIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    pausedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("discount_codes_code_lower_idx").on(sql`lower(${t.code})`),
    index("discount_codes_created_at_idx").on(t.createdAt),
    check("discount_codes_amount_non_negative", sql`${t.amountKobo} >= 0`),
    check("discount_codes_percent_range", sql`${t.percent} between 1 and 100`),
    check("discount_codes_min_non_negative", sql`${t.minOrderKobo} >= 0`),
  ],
);

/** held: an unpaid order carries the code (it counts against the limits); used: paid; released: cancelled or expired. */
export const redemptionStatusEnum = pgEnum("redemption_status", ["held", "used", "released"]);

// One row per order that carries a code: the limits count held and used rows.
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: id(),
    codeId: uuid()
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    purchaseId: uuid()
      .notNull()
      .unique()
      .references(() => purchases.id, { onDelete: "cascade" }),
    // the customer, for the per-customer limit: lower-cased email and the phone in +234 form
    email: text().notNull(),
    phone: text().notNull(),
    status: redemptionStatusEnum().notNull().default("held"),
    discountKobo: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("discount_redemptions_code_status_idx").on(t.codeId, t.status),
    index("discount_redemptions_code_email_idx").on(t.codeId, t.email),
    index("discount_redemptions_code_phone_idx").on(t.codeId, t.phone),
  ],
);
