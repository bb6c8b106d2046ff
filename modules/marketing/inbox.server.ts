import { asc, desc, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactMessages, newsletterSubscribers } from "../../db/schema";
import { toCsv } from "../../lib/csv";
import { lagosTimestamp } from "../../lib/lagos-calendar";

// What shoppers left with us, downloaded as CSV: newsletter sign-ups (the latest also on /settings) and messages (read in /messages).

export async function recentSubscribers(db: Db, limit = 10) {
  const [rows, [count]] = await Promise.all([
    db.select().from(newsletterSubscribers).orderBy(desc(newsletterSubscribers.createdAt)).limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(newsletterSubscribers),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: [r.firstName, r.lastName].filter(Boolean).join(" "),
      source: r.source,
      createdAt: r.createdAt.toISOString(),
    })),
    total: count?.n ?? 0,
  };
}

export async function subscribersCsv(db: Db): Promise<string> {
  const rows = await db.select().from(newsletterSubscribers).orderBy(asc(newsletterSubscribers.createdAt));
  return toCsv(
    ["email", "firstName", "lastName", "source", "createdAt"],
    rows.map((r) => [r.email, r.firstName, r.lastName, r.source, lagosTimestamp(r.createdAt)]),
  );
}

export async function messagesCsv(db: Db): Promise<string> {
  const rows = await db.select().from(contactMessages).orderBy(asc(contactMessages.createdAt));
  return toCsv(
    ["name", "email", "phone", "kind", "message", "createdAt", "readAt"],
    rows.map((r) => [r.name, r.email, r.phone, r.kind, r.message, lagosTimestamp(r.createdAt), r.readAt ? lagosTimestamp(r.readAt) : null]),
  );
}
