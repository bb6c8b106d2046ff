import { date, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

/** A template message of the WhatsApp Cloud API, queued with a mail (modules/whatsapp/templates.ts). */
export type WhatsAppMessage = {
  /** +234… */
  to: string;
  template: string;
  params: string[];
  /** false: the mail went anyway (a receipt), so nothing is mailed when WhatsApp cannot deliver */
  mail: boolean;
};

// Store settings (VAT rate, USD display rate, fees, contact details) as key → JSON value.
export const settings = pgTable("settings", {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: updatedAt(),
});

export const mailStatusEnum = pgEnum("mail_status", ["pending", "sent", "failed"]);

// Durable outbox: a mail is written here in the same transaction as its cause and sent later.
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    kind: text().notNull(),
    status: mailStatusEnum().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    // the same message as a WhatsApp template (modules/whatsapp): tried first when WhatsApp is set up
    // and the number has not opted out; the mail goes when it cannot (or never, when mail is false)
    whatsapp: jsonb().$type<WhatsAppMessage>(),
    // how it went out: "mail" or "whatsapp"
    channel: text(),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt), index("mail_outbox_created_at_idx").on(t.createdAt)],
);

// Replay store for Idempotency-Key: the first answer is kept and returned again.
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    status: integer(),
    body: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_keys_created_at_idx").on(t.createdAt)],
);

// Fixed-window counters shared by every app server (Redis replaces this when configured).
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);

// Numbers that asked for no more WhatsApp messages (a STOP reply); a START reply removes the row.
export const whatsappOptOuts = pgTable("whatsapp_opt_outs", {
  phone: text().primaryKey(),
  createdAt: createdAt(),
});

// docs/product.md "Owner alerts": the Lagos days whose morning summary is queued. The row is taken
// in the transaction that queues the mail, so servers running the job at once send it once a day.
export const morningSummaries = pgTable("morning_summaries", {
  day: date({ mode: "string" }).primaryKey(),
  createdAt: createdAt(),
});
