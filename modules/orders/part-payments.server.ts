import { and, count, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { partPayments, purchaseEvents, purchases } from "../../db/schema";
import { withinDays } from "../../lib/day-range";
import { AppError } from "../../lib/errors";
import { formatNaira } from "../../lib/money";
import { partPaymentMail, type MailLinks } from "./mails.server";
import { leftToPayKobo } from "./statuses";

// Part payments (docs/product.md "Part payments"): a company's forty gift boxes are ordered with half
// paid now and the rest on delivery. Each part the owner records is added to the order's deposit;
// the order keeps its items without lapsing, stays unpaid, and the payment that brings the rest,
// recorded or through the provider, completes it (completeOrder asks for what is left to pay).

export type PartPayment = { method: "transfer" | "cash" | "pos"; receivedKobo: number; reference?: string; actorId: string };

const methodWords = { transfer: "bank transfer", cash: "cash", pos: "POS" } as const;

/** The order can take a part now: unpaid and open (waiting, or paid on delivery and on its way), and not a 30-minute checkout. */
function partProblem(p: typeof purchases.$inferSelect, receivedKobo: number): string | null {
  if (p.paidAt) return "This order's payment is already recorded.";
  const open = p.status === "pending" || (p.paymentMethod === "pod" && ["processing", "shipped", "delivered"].includes(p.status));
  if (!open) return `A ${p.status} order cannot take a payment.`;
  if (p.paymentMethod === "online")
    return "An online checkout is paid in full; a part payment is for an order to be paid by transfer, on delivery or through a link.";
  if (receivedKobo >= leftToPayKobo(p))
    return `Another payment was recorded meanwhile: ${formatNaira(leftToPayKobo(p))} is left to pay. Record it again.`;
  return null;
}

/** What an order's history says when an order holding a part payment is cancelled or refused. */
export const depositHeld = (kobo: number) => `part payment of ${formatNaira(kobo)} received: give it back, or keep it as agreed`;

/** Unpaid, with a part payment: the condition of the partial index purchases_part_paid_idx (the list's filter, the summary). */
export const partPaidWaiting = sql`${purchases.depositKobo} > 0 and ${purchases.paidAt} is null`;

/** Orders part paid and still waiting for the rest (not cancelled), and what is still to come, in kobo. */
export async function partPaidOrders(db: Db): Promise<{ orders: number; leftKobo: number }> {
  const [row] = await db
    .select({ orders: count(), leftKobo: sql<number>`coalesce(sum(${purchases.totalKobo} - ${purchases.depositKobo}), 0)`.mapWith(Number) })
    .from(purchases)
    .where(and(partPaidWaiting, ne(purchases.status, "cancelled")));
  return { orders: row?.orders ?? 0, leftKobo: row?.leftKobo ?? 0 };
}

/** The part payments recorded on the Lagos day `day` (YYYY-MM-DD): how many, and their sum in kobo. */
export async function partsReceivedOn(db: Db, day: string): Promise<{ count: number; kobo: number }> {
  const [row] = await db
    .select({ count: count(), kobo: sql<number>`coalesce(sum(${partPayments.amountKobo}), 0)`.mapWith(Number) })
    .from(partPayments)
    .where(and(...withinDays(partPayments.createdAt, day, day)));
  return { count: row?.count ?? 0, kobo: row?.kobo ?? 0 };
}

/**
 * Until when a payment link for what is left works, made when it is shown (the order page, her
 * orders): the shop's payment-link hours from now. Null when there is no rest to pay by link: no
 * part paid, paid, or no longer waiting (a link pays only a waiting order).
 */
export function restLinkEnd(
  p: { depositKobo: number; paidAt: Date | string | null; status: string },
  payLinkHours: number,
  now = new Date(),
): Date | null {
  if (!p.depositKobo || p.paidAt || p.status !== "pending") return null;
  return new Date(now.getTime() + payLinkHours * 3_600_000);
}

/** Adds a part payment to an unpaid order, under its lock (two at once both count); the customer is told what is left. */
export async function recordPartPayment(db: Db, links: MailLinks, purchaseId: string, part: PartPayment, now = new Date()) {
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
    if (!p) throw AppError.notFound("Purchase");
    const problem = partProblem(p, part.receivedKobo);
    if (problem) throw new AppError("conflict", problem);
    // a deposit holds the order until it is paid or the shop cancels it: no lapse, no reminder to transfer the whole
    const [updated] = await tx
      .update(purchases)
      .set({ depositKobo: p.depositKobo + part.receivedKobo, expiresAt: null, updatedAt: now })
      .where(eq(purchases.id, p.id))
      .returning();
    const left = leftToPayKobo(updated!);
    await tx.insert(partPayments).values({
      purchaseId: p.id,
      amountKobo: part.receivedKobo,
      paidVia: part.method,
      reference: part.reference ?? null,
      actorId: part.actorId,
      createdAt: now,
    });
    await tx.insert(purchaseEvents).values({
      purchaseId: p.id,
      status: p.status,
      note: `part payment: ${formatNaira(part.receivedKobo)} by ${methodWords[part.method]}${part.reference ? ` (${part.reference})` : ""} recorded; ${formatNaira(left)} left to pay`,
      actorId: part.actorId,
    });
    await partPaymentMail(tx, updated!, part.receivedKobo, links);
    return updated!;
  });
}
