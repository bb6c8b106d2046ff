import { and, count, eq, lt, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { partPayments, paymentAttempts, purchaseEvents, purchases, strayPayments } from "../../db/schema";
import { withinDays } from "../../lib/day-range";
import { addDays, lagosNow, shortDay } from "../../lib/lagos-calendar";
import { AppError } from "../../lib/errors";
import { formatNaira } from "../../lib/money";
import { partPaymentMail, type MailLinks } from "./mails.server";
import type { ReceivedPayment } from "./received-payment";
import { byHandWords, leftToPayKobo } from "./statuses";
import { holdRecordedParts } from "./held-parts.server";
import { payerOfAttempt, payerRefundMail, payerThanksMail } from "./payer-mails.server";
import { recordStrayPayment, type StrayReason } from "./stray-payments.server";

type Purchase = typeof purchases.$inferSelect;

// Part payments (docs/product.md "Part payments"): a company's forty gift boxes are ordered with half
// paid now and the rest on delivery. Each part the owner records is added to the order's deposit;
// the order keeps its items without lapsing, stays unpaid, and the payment that brings the rest,
// recorded or through the provider, completes it (completeOrder asks for what is left to pay).

export type PartPayment = {
  method: "transfer" | "cash" | "pos";
  receivedKobo: number;
  reference?: string;
  actorId: string;
  /** the Lagos day the rest is due (YYYY-MM-DD); none: the day agreed before, if any, stays */
  restDueOn?: string;
};

/** How far ahead the rest of a part-paid order may be due. */
export const REST_DUE_MAX_DAYS = 365;

/**
 * The day she agreed to pay the rest by (`restDueOn`): only with a part payment, from today (Lagos)
 * to a year on; refused with the field's words otherwise. The order page's form, the order desk's
 * and the API check it here before anything is recorded.
 */
export function checkRestDue(day: string | undefined, part: boolean, now: Date): void {
  if (!day) return;
  if (!part)
    throw new AppError("invalid", "A day for the rest is for a part payment: tick Part payment, or leave Rest due by empty.", {
      fields: { restDueOn: "Only with a part payment" },
    });
  checkRestDay(day, now);
}

/** A day for the rest is from today (Lagos) to a year on; refused with the field's words otherwise (rest-due.server.ts too). */
export function checkRestDay(day: string, now: Date): void {
  const today = lagosNow(now).date;
  const refuse = (why: string) => {
    throw new AppError("invalid", `Rest due by: ${why}`, { fields: { restDueOn: why } });
  };
  if (day < today) refuse("choose today or a later day");
  if (day > addDays(today, REST_DUE_MAX_DAYS)) refuse("choose a day within a year");
}

/**
 * The columns that set the rest's day: a day of tomorrow (or today) is told by the mail that sets
 * it, so no heads-up the day before follows it (rest-reminders.server.ts).
 */
export const restDayColumns = (day: string, now: Date) => ({
  restDueOn: day,
  ...(day <= addDays(lagosNow(now).date, 1) ? { restForewarnedOn: day } : {}),
});

/** The order can take a part now: unpaid and open (waiting, or paid on delivery and on its way), and not a 30-minute checkout. */
function partProblem(p: Purchase, receivedKobo: number): string | null {
  if (p.paidAt) return "This order's payment is already recorded.";
  if (!isOpen(p)) return `A ${p.status} order cannot take a payment.`;
  if (p.paymentMethod === "online")
    return "An online checkout is paid in full; a part payment is for an order to be paid by transfer, on delivery or through a link.";
  if (receivedKobo >= leftToPayKobo(p))
    return `Another payment was recorded meanwhile: ${formatNaira(leftToPayKobo(p))} is left to pay. Record it again.`;
  return null;
}

/** What an order's history says when an order holding a part payment is cancelled or refused. */
const depositHeld = (kobo: number) => `part payment of ${formatNaira(kobo)} received: give it back, or keep it as agreed`;

/**
 * An order holding part payments is cancelled (by the shop, refused at the door, never collected):
 * what its history and the buyer's cancellation mail say of them, and the parts chipped in through its payment link kept to refund
 * through the provider that took them (docs/product.md "Chipping in"), each a payment not applied
 * to the order, refunded from its page; the parts the shop recorded itself are listed there too, to
 * record given back by hand or kept as agreed (held-parts.server.ts).
 */
export async function partsOnCancel(tx: Tx, p: Purchase): Promise<{ note: string; toBuyer: string } | null> {
  if (!p.depositKobo || p.paidAt) return null;
  const chipped = await tx
    .select({ part: partPayments, provider: paymentAttempts.provider })
    .from(partPayments)
    .innerJoin(paymentAttempts, eq(paymentAttempts.reference, partPayments.reference))
    .where(and(eq(partPayments.purchaseId, p.id), eq(partPayments.paidVia, "provider")));
  if (chipped.length)
    await tx.insert(strayPayments).values(
      chipped.map(({ part, provider }) => ({
        purchaseId: p.id,
        provider,
        reference: part.reference!,
        transactionId: part.transactionId,
        amountKobo: part.amountKobo,
        currency: p.currency,
        reason: "chipped_in" satisfies StrayReason,
      })),
    );
  for (const { part } of chipped) {
    const payer = await payerOfAttempt(tx, p, part.reference!);
    if (payer) await payerRefundMail(tx, p, payer, part.amountKobo, "to_refund", "the order was cancelled");
  }
  const chippedKobo = chipped.reduce((sum, c) => sum + c.part.amountKobo, 0);
  await holdRecordedParts(tx, p);
  const byHandKobo = p.depositKobo - chippedKobo;
  const note = [
    byHandKobo > 0 ? depositHeld(byHandKobo) : null,
    chippedKobo ? `${formatNaira(chippedKobo)} chipped in through the payment link: refund needed` : null,
  ];
  // what the buyer's cancellation mail says of them, in place of "if you paid, the refund follows"
  const toBuyer = [
    byHandKobo > 0 ? `We will be in touch about the ${formatNaira(byHandKobo)} you paid towards it.` : null,
    chippedKobo ? `The ${formatNaira(chippedKobo)} chipped in through its payment link goes back to whoever paid it.` : null,
  ];
  return { note: note.filter(Boolean).join("; "), toBuyer: toBuyer.filter(Boolean).join(" ") };
}

/** Unpaid, with a part payment: the condition of the partial index purchases_part_paid_idx (the list's filter, the summary). */
const partPaidUnpaid = sql`${purchases.depositKobo} > 0 and ${purchases.paidAt} is null`;

/** Part paid and still waiting for the rest: not cancelled (a cancelled order's parts wait to be given back instead). */
export const partPaidWaiting = and(partPaidUnpaid, ne(purchases.status, "cancelled"))!;

/** Part paid, waiting for the rest, and past the day agreed for it on `today` (a Lagos day; statuses.ts restDue for one order). */
export const restOverdueOn = (today: string) => and(partPaidWaiting, lt(purchases.restDueOn, today))!;

/**
 * Orders part paid and still waiting for the rest (not cancelled), what is still to come, in kobo,
 * and how many of them are past the day agreed for the rest on `today` (a Lagos day; statuses.ts restDue).
 */
export async function partPaidOrders(db: Db, today: string): Promise<{ orders: number; leftKobo: number; overdue: number }> {
  const [row] = await db
    .select({
      orders: count(),
      leftKobo: sql<number>`coalesce(sum(${purchases.totalKobo} - ${purchases.depositKobo}), 0)`.mapWith(Number),
      overdue: sql<number>`(count(*) filter (where ${restOverdueOn(today)}))::int`,
    })
    .from(purchases)
    .where(partPaidWaiting);
  return { orders: row?.orders ?? 0, leftKobo: row?.leftKobo ?? 0, overdue: row?.overdue ?? 0 };
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
    return addPart(tx, links, p, { ...part, paidVia: part.method, payerName: null, transactionId: null }, now);
  });
}

type Part = {
  receivedKobo: number;
  restDueOn?: string;
  paidVia: (typeof partPayments.$inferInsert)["paidVia"];
  reference?: string | null;
  transactionId: string | null;
  payerName: string | null;
  actorId: string | null;
};

/** The history's words for a part: how it came, and from whom when she chipped in through a link. */
function partWords(part: Part) {
  if (part.paidVia === "provider") return `chipped in through the payment link${part.payerName ? ` by ${part.payerName}` : ""}`;
  return `by ${byHandWords[part.paidVia]}${part.reference ? ` (${part.reference})` : ""}`;
}

/** Adds a part to the order locked by the caller, keeps it on its own row and tells the customer. */
async function addPart(tx: Tx, links: MailLinks, p: Purchase, part: Part, now: Date) {
  // a deposit holds the order until it is paid or the shop cancels it: no lapse, no reminder to transfer the whole
  const [updated] = await tx
    .update(purchases)
    .set({
      depositKobo: p.depositKobo + part.receivedKobo,
      expiresAt: null,
      updatedAt: now,
      ...(part.restDueOn ? restDayColumns(part.restDueOn, now) : {}),
    })
    .where(eq(purchases.id, p.id))
    .returning();
  const left = leftToPayKobo(updated!);
  await tx.insert(partPayments).values({
    purchaseId: p.id,
    amountKobo: part.receivedKobo,
    paidVia: part.paidVia,
    reference: part.reference ?? null,
    transactionId: part.transactionId,
    payerName: part.payerName,
    actorId: part.actorId,
    createdAt: now,
  });
  await tx.insert(purchaseEvents).values({
    purchaseId: p.id,
    status: p.status,
    note: `part payment: ${formatNaira(part.receivedKobo)} ${partWords(part)}${part.transactionId ? ` (${part.transactionId})` : ""} recorded; ${formatNaira(left)} left to pay${updated!.restDueOn ? ` by ${shortDay(updated!.restDueOn)}` : ""}`,
    actorId: part.actorId,
  });
  await partPaymentMail(tx, updated!, part.receivedKobo, links, part.paidVia === "provider" ? { payerName: part.payerName } : null);
  return updated!;
}

/**
 * A payment the provider took on a part attempt (docs/product.md "Chipping in"), read under the
 * order's lock: added as a part when the order is still open and it is less than what is left; told
 * again, nothing changes. Null when it pays all that is left or more (completeOrder completes the
 * order, or keeps the payment aside to refund, as for any payment).
 */
export async function takeChippedIn(
  tx: Tx,
  p: Purchase,
  payment: ReceivedPayment & { reference: string; part: { amountKobo: number; payerName: string | null } },
  via: "verify" | "webhook",
  links: MailLinks,
  now: Date,
): Promise<{ outcome: "part" | "stray" | "not_paid"; purchase: Purchase } | null> {
  const [known] = await tx
    .select({ id: partPayments.id })
    .from(partPayments)
    .where(and(eq(partPayments.reference, payment.reference), eq(partPayments.paidVia, "provider")));
  if (known) return { outcome: "part", purchase: p };
  if (payment.status !== "success") return { outcome: "not_paid", purchase: p };
  if (p.paidAt || payment.amountKobo >= leftToPayKobo(p)) return null;
  const problem = payment.amountKobo !== payment.part.amountKobo || payment.currency !== p.currency ? "wrong_amount" : closedProblem(p);
  if (problem) {
    await recordStrayPayment(tx, p, payment, problem, via, links);
    return { outcome: "stray", purchase: p };
  }
  const updated = await addPart(
    tx,
    links,
    p,
    {
      receivedKobo: payment.amountKobo,
      paidVia: "provider",
      reference: payment.reference,
      transactionId: payment.transactionId,
      payerName: payment.part.payerName,
      actorId: null,
    },
    now,
  );
  const payer = await payerOfAttempt(tx, updated, payment.reference);
  if (payer) await payerThanksMail(tx, updated, payer, payment.amountKobo, leftToPayKobo(updated));
  return { outcome: "part", purchase: updated };
}

/** Waiting for its money: pending, or paid on delivery and on its way. */
const isOpen = (p: Purchase) =>
  p.status === "pending" || (p.paymentMethod === "pod" && ["processing", "shipped", "delivered"].includes(p.status));

/** Why an unpaid order cannot take a part now (no longer open, or a checkout paid in full online), or null. */
const closedProblem = (p: Purchase): "closed" | null => (isOpen(p) && p.paymentMethod !== "online" ? null : "closed");
