import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";
import { createdAt, id } from "./columns";
import { mailOutbox } from "./system";

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: text().notNull(),
    firstName: text(),
    lastName: text(),
    // where the address was captured: popup, footer, blog, about, author
    source: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_lower_idx").on(sql`lower(${t.email})`),
    index("newsletter_subscribers_created_at_idx").on(t.createdAt),
  ],
);

// docs/product.md "Messages": what shoppers write from /contact, the coaching page and /teamgifts, read in /messages
export const messageKinds = ["message", "coaching", "team_gifts"] as const;
export type MessageKind = (typeof messageKinds)[number];

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text().notNull(),
    // the contact form asks for an email; a coaching request takes an email or a WhatsApp number
    email: text(),
    // a WhatsApp number she left, +234…, to answer her there
    phone: text(),
    kind: text().$type<MessageKind>().notNull().default("message"),
    message: text().notNull(),
    readAt: timestamp({ withTimezone: true }),
    // who marked it read, so the team does not answer twice
    readBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_created_at_idx").on(t.createdAt),
    // the sidebar's count and the inbox's "Not read" tab
    index("contact_messages_unread_idx")
      .on(t.createdAt)
      .where(sql`${t.readAt} is null`),
    check("contact_messages_kind_check", sql`${t.kind} in ('message', 'coaching', 'team_gifts')`),
    check("contact_messages_reachable_check", sql`${t.email} is not null or ${t.phone} is not null`),
  ],
);

// docs/product.md §3 Communication platform, for the /test page
export const communicationPlatforms = pgTable("communication_platforms", {
  id: id(),
  name: text().notNull().unique(),
  createdAt: createdAt(),
});

export const communicationCategories = pgTable(
  "communication_categories",
  {
    id: id(),
    platformId: uuid()
      .notNull()
      .references(() => communicationPlatforms.id, { onDelete: "cascade" }),
    name: text().notNull(),
  },
  (t) => [index("communication_categories_platform_id_idx").on(t.platformId)],
);

export const communicationChoices = pgTable(
  "communication_choices",
  {
    id: id(),
    communicationPlatform: text().notNull(),
    communicationCategory: text(),
    createdAt: createdAt(),
  },
  (t) => [index("communication_choices_created_at_idx").on(t.createdAt)],
);

// docs/product.md "Back in stock": a shopper asks to be told when a sold-out product is back. One
// waiting request per product and address; a request is answered once (notified_at), by whichever
// server's minute job claims it first.
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: id(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    // how she is told: by email, or on WhatsApp at her number (+234 form), never both
    email: text(),
    phone: text(),
    createdAt: createdAt(),
    notifiedAt: timestamp({ withTimezone: true }),
    // a number the shop cannot message by itself (no WhatsApp Business API): the team tells her by
    // hand from its own WhatsApp (docs/product.md "Back in stock"); handed over when it came back,
    // told when a team member says so
    handAt: timestamp({ withTimezone: true }),
    toldAt: timestamp({ withTimezone: true }),
    toldBy: uuid().references(() => users.id, { onDelete: "set null" }),
    // the WhatsApp message that answered a number: refused for good (the template not approved
    // yet, say), she is handed to the team instead of being dropped
    outboxId: uuid().references(() => mailOutbox.id, { onDelete: "set null" }),
  },
  (t) => [
    index("stock_alerts_to_tell_idx")
      .on(t.handAt)
      .where(sql`${t.handAt} is not null and ${t.toldAt} is null`),
    index("stock_alerts_outbox_idx")
      .on(t.outboxId)
      .where(sql`${t.outboxId} is not null`),
    uniqueIndex("stock_alerts_waiting_email_idx")
      .on(t.productId, sql`lower(${t.email})`)
      .where(sql`${t.notifiedAt} is null`),
    uniqueIndex("stock_alerts_waiting_phone_idx")
      .on(t.productId, t.phone)
      .where(sql`${t.notifiedAt} is null and ${t.phone} is not null`),
    check("stock_alerts_one_way", sql`(${t.email} is null) <> (${t.phone} is null)`),
  ],
);
