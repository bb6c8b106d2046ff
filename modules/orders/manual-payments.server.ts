import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { purchaseEvents, purchases } from "../../db/schema";
import { notCollected } from "./pickup";
import { AppError } from "../../lib/errors";
import { formatNaira, nairaToKobo } from "../../lib/money";
import { dateParam, hasCents, numberField, tick } from "../../lib/form-fields";
import { completeOrder } from "./completion.server";
import type { MailLinks } from "./mails.server";
import { isPaidOrder, leftToPayKobo } from "./statuses";
import { checkRestDue, partsOnCancel, recordPartPayment } from "./part-payments.server";
import { releaseStock } from "../stock/reservation.server";
import { releaseDeliverySlots } from "../delivery/schedule.server";

// Money the owner received herself (docs/product.md "Paying"): a bank transfer into the shop's
// account, or the rider's collection on delivery (cash, transfer or POS). Recorded, it completes
// the order through the same code as a provider's payment; a delivery refused at the door gives
// the stock back and counts against the customer.

export const manualPaymentInput = z
  .object({
    method: z.enum(["transfer", "cash", "pos"], { error: "Choose how the money arrived: transfer, cash or POS" }),
    amount: numberField("Amount")
      .refine((n) => n > 0, "Amount must be more than 0")
      .refine(hasCents, "Amount can have at most 2 decimals"),
    reference: z.string().trim().max(120, "Reference must be at most 120 characters").optional(),
    // less than what is left to pay, on purpose: a deposit (docs/product.md "Part payments")
    part: tick,
    // with a part payment: the day the rest is due, as agreed with her
    restDueOn: dateParam,
  })
  .strict();
export type ManualPaymentInput = z.input<typeof manualPaymentInput>;

/**
 * Records money received for an unpaid order. What is left to pay or more completes it; less is
 * refused unless the owner says it is a part payment (a typed ₦1,500 for ₦15,000 is a mistake more
 * often than a deposit), which is recorded on the order and leaves it waiting for the rest.
 */
export async function recordManualPayment(
  db: Db,
  links: MailLinks,
  purchaseId: string,
  input: ManualPaymentInput,
  actorId: string,
  now = new Date(),
) {
  const { method, amount, reference, part, restDueOn } = manualPaymentInput.parse(input);
  checkRestDue(restDueOn, part, now);
  const [p] = await db.select().from(purchases).where(eq(purchases.id, purchaseId));
  if (!p) throw AppError.notFound("Purchase");
  if (isPaidOrder(p) || p.paidAt) throw new AppError("conflict", "This order's payment is already recorded.");
  const receivedKobo = nairaToKobo(amount);
  const due = leftToPayKobo(p);
  if (receivedKobo < due) {
    if (part)
      return {
        purchase: await recordPartPayment(db, links, p.id, { method, receivedKobo, reference, actorId, restDueOn }, now),
        part: true,
      };
    const left = p.depositKobo ? `${formatNaira(due)} left to pay` : `the order total, ${formatNaira(due)}`;
    // an online checkout takes no part payment (part-payments.server.ts): nothing to tick there
    const tickIt = p.paymentMethod === "online" ? "" : ` Tick "Part payment" to record it as a deposit.`;
    throw new AppError("invalid", `${formatNaira(receivedKobo)} is less than ${left}.${tickIt}`, {
      fields: { amount: p.depositKobo ? `${formatNaira(due)} is left to pay` : `The order total is ${formatNaira(due)}` },
    });
  }
  const result = await completeOrder(
    db,
    p.id,
    {
      status: "success",
      amountKobo: receivedKobo,
      currency: p.currency,
      transactionId: null,
      paidVia: method,
      note: reference ?? null,
      actorId,
    },
    "admin",
    { links },
  );
  if (result.outcome === "already_completed") throw new AppError("conflict", "This order's payment is already recorded.");
  if (result.outcome === "rejected" || result.outcome === "not_paid")
    throw new AppError("conflict", "This order cannot take a payment now.");
  return { ...result, part: false };
}

/** A pay-on-delivery order refused at the door: cancelled, its stock back, the refusal counted against the customer. */
export async function recordRefusedDelivery(db: Db, purchaseId: string, note: string | undefined, actorId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
    if (!p) throw AppError.notFound("Purchase");
    if (p.paymentMethod !== "pod" || p.paidAt || !["pending", "processing", "shipped"].includes(p.status))
      throw new AppError("conflict", "Only an unpaid pay-on-delivery order on its way can be refused.");
    // a pick-up she never came for is counted the same (docs/product.md "Pick-up")
    const what = p.deliveryMethod === "pickup" ? notCollected.event : "delivery refused";
    await tx.update(purchases).set({ status: "cancelled", refusedAt: now, updatedAt: now }).where(eq(purchases.id, p.id));
    await releaseStock(tx, [p.id]);
    await releaseDeliverySlots(tx, [p.id]);
    // a part payment paid before the door is money the shop holds (docs/product.md "Part payments")
    const held = await partsOnCancel(tx, p);
    const deposit = held ? `; ${held.note}` : "";
    await tx
      .insert(purchaseEvents)
      .values({ purchaseId: p.id, status: "cancelled", note: `${what}${note ? `: ${note}` : ""}${deposit}`, actorId });
    return { deliveryMethod: p.deliveryMethod };
  });
}

/** How many deliveries this customer (by email or phone) has refused. */
export async function refusedDeliveries(db: Db, who: { email: string; phone: string }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(purchases)
    .where(
      and(
        isNotNull(purchases.refusedAt),
        // an order the shop recorded may have no email: a blank one is nobody's
        or(who.email ? sql`lower(${purchases.email}) = ${who.email.toLowerCase()}` : undefined, eq(purchases.phone, who.phone)),
      ),
    );
  return Number(row?.n ?? 0);
}
