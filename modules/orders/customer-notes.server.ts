import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { customerNotes, phoneKey, purchases, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { fullName } from "../accounts/types";
import { customerNoteInput, type CustomerNote, type CustomerNoteInput } from "./customer-note-schemas";

// docs/product.md "Notes about a customer": the team's note, kept by her number's key, shown and
// written on any of her orders' pages in the back office (and its API). Never on her own pages.

/** Her number's key as the orders' index reads it (db/schema phoneKey), computed by the database. */
const keyOf = (phone: string) => phoneKey(sql`${phone}::text`);

/** The note about the customer with this number, or null. */
export async function customerNote(db: Db | Tx, phone: string): Promise<CustomerNote> {
  const [row] = await db
    .select({ note: customerNotes.note, at: customerNotes.updatedAt, first: users.firstName, last: users.lastName })
    .from(customerNotes)
    .leftJoin(users, eq(users.id, customerNotes.updatedById))
    .where(eq(customerNotes.phoneKey, keyOf(phone)));
  if (!row) return null;
  return { note: row.note, by: row.first ? fullName({ firstName: row.first, lastName: row.last ?? "" }) : null, at: row.at.toISOString() };
}

/** The notes about the customers with these numbers (as typed), by number: one query whatever the count (the order desk's search). */
export async function customerNotesFor(db: Db | Tx, phones: string[]): Promise<Map<string, string>> {
  if (!phones.length) return new Map();
  const rows = await db
    .select({ phone: sql<string>`typed.phone`, note: customerNotes.note })
    .from(sql`unnest(${sql.param(phones)}::text[]) as typed(phone)`)
    .innerJoin(customerNotes, eq(customerNotes.phoneKey, phoneKey(sql`typed.phone`)));
  return new Map(rows.map((r) => [r.phone, r.note]));
}

/** The phone of an order, the key a note is kept by (404: no such order). */
async function orderPhone(db: Db, purchaseId: string) {
  const [order] = await db
    .select({ phone: purchases.phone, key: sql<string>`${phoneKey(purchases.phone)}` })
    .from(purchases)
    .where(eq(purchases.id, purchaseId));
  if (!order) throw AppError.notFound("Purchase");
  return order;
}

/** The note about the customer of an order (GET /api/purchases/{id}/customer-note). */
export async function orderCustomerNote(db: Db, purchaseId: string): Promise<CustomerNote> {
  return customerNote(db, (await orderPhone(db, purchaseId)).phone);
}

/**
 * Saves (or, blank, takes away) the note about the customer of an order, by her number: the same
 * note shows on all her orders. 404 for an unknown order; 409 for one without a number to keep it by.
 */
export async function setCustomerNote(db: Db, purchaseId: string, input: CustomerNoteInput, actorId: string): Promise<CustomerNote> {
  const { note } = customerNoteInput.parse(input);
  const order = await orderPhone(db, purchaseId);
  if (!order.key) throw new AppError("conflict", "This order has no phone number to keep a note by.");
  if (!note) await db.delete(customerNotes).where(eq(customerNotes.phoneKey, order.key));
  else
    await db
      .insert(customerNotes)
      .values({ phoneKey: order.key, note, updatedById: actorId })
      .onConflictDoUpdate({ target: customerNotes.phoneKey, set: { note, updatedById: actorId, updatedAt: new Date() } });
  return customerNote(db, order.phone);
}
