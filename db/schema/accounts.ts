import { sql } from "drizzle-orm";
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

export const roleEnum = pgEnum("role", ["customer", "admin", "staff"]);

/**
 * What the users search ('/dashboard', '/teamtable', GET /api/users) looks in; its trigram index is on this very
 * expression. The phone is kept as she typed it, so its digits alone follow it: a number searched any way
 * (lib/phone.ts phoneSearchDigits) finds 0803 555 0142 and +234 803 555 0142 alike.
 */
export const userSearchText = (t: { firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn; phone: AnyPgColumn }) =>
  sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || coalesce(${t.phone}, '') || ' ' || regexp_replace(coalesce(${t.phone}, ''), '[^0-9]', '', 'g'))`;

export const users = pgTable(
  "users",
  {
    id: id(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    // stored as typed; uniqueness and look-ups go through lower(email)
    email: text().notNull(),
    phone: text(),
    address: text(),
    lga: text(),
    state: text().default("Lagos"),
    country: text().default("Nigeria"),
    role: roleEnum().notNull().default("customer"),
    passwordHash: text().notNull(),
    // set when she proved the address is hers (a link mailed to it): only then do guest orders of that email join the account
    emailVerifiedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_created_at_idx").on(t.createdAt),
    index("users_role_idx").on(t.role),
    index("users_lga_idx").on(t.lga),
    index("users_search_trgm_idx").using("gin", sql`${userSearchText(t)} gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // sha-256 of the opaque token; the token itself is never stored
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userAgent: text(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_id_idx").on(t.userId)],
);
