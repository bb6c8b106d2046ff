import { eq, inArray } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { whatsappOptOuts } from "../../db/schema";
import { normalizeNigerianPhone } from "../../lib/phone";

// A number that replied STOP gets no more WhatsApp messages from the shop (its mails still go);
// START takes it back. Kept by number, so it holds for every order placed with it.

export async function isOptedOut(db: Queryable, phone: string): Promise<boolean> {
  const rows = await db.select({ phone: whatsappOptOuts.phone }).from(whatsappOptOuts).where(eq(whatsappOptOuts.phone, phone)).limit(1);
  return rows.length > 0;
}

/** Of these numbers (any spelling), those that replied STOP: one query for a list's page. */
export async function optedOutOf(db: Queryable, phones: string[]): Promise<Set<string>> {
  const kept = new Map(phones.map((p) => [normalizeNigerianPhone(p) ?? p, p]));
  if (kept.size === 0) return new Set();
  const rows = await db
    .select({ phone: whatsappOptOuts.phone })
    .from(whatsappOptOuts)
    .where(inArray(whatsappOptOuts.phone, [...kept.keys()]));
  return new Set(rows.map((r) => kept.get(r.phone)!));
}

/** Records a STOP (true) or a START (false) from a number as WhatsApp gives it (digits, country code first). */
export async function setOptOut(db: Queryable, waNumber: string, out: boolean): Promise<void> {
  const phone = normalizeNigerianPhone(`+${waNumber.replace(/^\+/, "")}`);
  if (!phone) return;
  if (out) await db.insert(whatsappOptOuts).values({ phone }).onConflictDoNothing();
  else await db.delete(whatsappOptOuts).where(eq(whatsappOptOuts.phone, phone));
}
