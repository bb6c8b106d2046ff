import { sql } from "drizzle-orm";
import { check, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { updatedAt } from "./columns";

// docs/product.md "Notes about a customer": what the team knows of a customer (how she pays, what
// she likes, where the rider finds her gate), kept by her phone number's key (phoneKey), so every
// order of hers shows it however her number was typed. The team's alone: her own pages never read it.
export const customerNotes = pgTable(
  "customer_notes",
  {
    phoneKey: text().primaryKey(),
    note: text().notNull(),
    updatedById: uuid().references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [check("customer_notes_note_length", sql`char_length(${t.note}) between 1 and 1000`)],
);
