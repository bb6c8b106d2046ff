import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";
import { createdAt, id, updatedAt } from "./columns";

export const purchaseStatusEnum = pgEnum("purchase_status", [
  "pending",
  "completed",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
  "failed",
]);
export const deliveryMethodEnum = pgEnum("delivery_method", ["standard", "express"]);

export const purchases = pgTable(
  "purchases",
  {
    id: id(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    // customer snapshot at the time of the order
    firstName: text().notNull(),
    lastName: text().notNull().default(""),
    email: text().notNull(),
    phone: text().notNull(),
    street: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    address: text().notNull(),
    lga: text(),
    deliveryMethod: deliveryMethodEnum().notNull().default("standard"),
    // the priced breakdown, integer kobo
    subtotalKobo: integer().notNull(),
    // what the sale prices saved against the full prices (the API's `discount`); the column keeps
    // its first name, discount_kobo, while a line's discountKobo is its sale price as on products
    savedKobo: integer("discount_kobo").notNull().default(0),
    vatKobo: integer().notNull(),
    deliveryKobo: integer().notNull(),
    totalKobo: integer().notNull(),
    currency: text().notNull().default("NGN"),
    status: purchaseStatusEnum().notNull().default("pending"),
    paymentProvider: text().notNull(),
    reference: text().notNull().unique(),
    transactionId: text(),
    paidAt: timestamp({ withTimezone: true }),
    // lower-cased "first last email" for the admin search, copied to the narrow, trigram-indexed purchase_search table;
    // btrim drops the space an empty last name would leave
    searchText: text().generatedAlwaysAs(sql`lower(btrim(first_name || ' ' || last_name) || ' ' || email)`),
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("purchases_total_non_negative", sql`${t.totalKobo} >= 0`),
    index("purchases_created_at_idx").on(t.createdAt),
    // the dashboard counts revenue by the day it was paid
    index("purchases_paid_at_idx").on(t.paidAt),
    index("purchases_status_idx").on(t.status, t.createdAt),
    index("purchases_email_idx").on(sql`lower(${t.email})`),
    index("purchases_user_id_idx").on(t.userId, t.createdAt),
    index("purchases_lga_idx").on(t.lga),
    index("purchases_pending_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

// docs/product.md §3 Purchase item: a snapshot of the cart line as it was bought
export const purchaseItems = pgTable(
  "purchase_items",
  {
    id: id(),
    purchaseId: uuid()
      .notNull()
      .references(() => purchases.id, { onDelete: "cascade" }),
    productId: uuid().references(() => products.id, { onDelete: "set null" }),
    cartId: uuid(),
    title: text().notNull(),
    description: text().notNull().default(""),
    imageUrl: text(),
    priceKobo: integer().notNull(),
    discountKobo: integer().notNull().default(0),
    color: text(),
    size: text(),
    quantity: integer().notNull(),
    totalPriceKobo: integer().notNull(),
  },
  (t) => [
    check("purchase_items_quantity_positive", sql`${t.quantity} >= 1`),
    index("purchase_items_purchase_id_idx").on(t.purchaseId),
    index("purchase_items_product_id_idx").on(t.productId),
  ],
);

// Every status change of a purchase, with who made it and when.
export const purchaseEvents = pgTable(
  "purchase_events",
  {
    id: id(),
    purchaseId: uuid()
      .notNull()
      .references(() => purchases.id, { onDelete: "cascade" }),
    status: purchaseStatusEnum().notNull(),
    note: text(),
    actorId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("purchase_events_purchase_id_idx").on(t.purchaseId, t.createdAt),
    // deleting a user sets actor_id to null: without an index that is a scan of every event
    index("purchase_events_actor_id_idx").on(t.actorId),
  ],
);
