import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { partPayments, purchaseItems, purchases } from "../../db/schema";
import type { Env } from "../../lib/env.server";
import { AppError } from "../../lib/errors";
import { formatNaira, koboToNaira, nairaToKobo } from "../../lib/money";
import { paymentProvider } from "../payments/provider.server";
import { chipInInput, LEAST_PART_KOBO, leastPartWords, type ChipIn } from "./chip-in-schemas";
import { attemptOf, verifyAndComplete } from "./completion.server";
import { startPayment } from "./payment-start.server";
import { checkPayLink } from "./order-links.server";
import { isPaidOrder, orderNumber, leftToPayKobo } from "./statuses";

// 'Ask someone to pay' (docs/product.md "Paying"): whoever holds the link pays the order; they see
// what is bought and the total, never the delivery address or the buyer's contact.

type LinkEnv = Env;
type Purchase = typeof purchases.$inferSelect;

/** What the payer sees. */
export type PayLinkView = {
  id: string;
  number: string;
  firstName: string;
  status: string;
  paid: boolean;
  total: number;
  /** what the payer pays: the total, less a part payment already made (docs/product.md "Part payments") */
  leftToPay: number;
  deposit: number;
  /** what payers chipped in through the link, first first (docs/product.md "Chipping in") */
  chipIns: { name: string | null; amount: number }[];
  /** whether a payer may pay part of what is left: an order that waits for the rest, with more left than the least part */
  canChipIn: boolean;
  leastPart: number;
  items: { productId: string; title: string; quantity: number; totalPrice: number }[];
};

/** What payers chipped in through an order's payment link, first first: each name (null: not given) and amount in naira. */
export async function chipInsOf(db: Db, purchaseId: string): Promise<PayLinkView["chipIns"]> {
  const rows = await db
    .select({ name: partPayments.payerName, amountKobo: partPayments.amountKobo })
    .from(partPayments)
    .where(and(eq(partPayments.purchaseId, purchaseId), eq(partPayments.paidVia, "provider")))
    .orderBy(asc(partPayments.createdAt));
  return rows.map((c) => ({ name: c.name, amount: koboToNaira(c.amountKobo) }));
}

async function view(db: Db, row: Purchase): Promise<PayLinkView> {
  const [items, chipIns] = await Promise.all([
    db.select().from(purchaseItems).where(eq(purchaseItems.purchaseId, row.id)).orderBy(asc(purchaseItems.title)),
    chipInsOf(db, row.id),
  ]);
  return {
    id: row.id,
    number: orderNumber(row.id),
    firstName: row.firstName,
    status: row.status,
    paid: isPaidOrder(row),
    total: koboToNaira(row.totalKobo),
    leftToPay: koboToNaira(leftToPayKobo(row)),
    deposit: koboToNaira(row.depositKobo),
    chipIns,
    canChipIn: !chipInProblem(row, LEAST_PART_KOBO),
    leastPart: koboToNaira(LEAST_PART_KOBO),
    items: items.map((i) => ({
      productId: i.productId ?? i.id,
      title: i.title,
      quantity: i.quantity,
      totalPrice: koboToNaira(i.totalPriceKobo),
    })),
  };
}

/**
 * The order a pay link opens: 'invalid' (not a link we made), 'expired' (shown, no longer payable)
 * or 'valid' (within its hours, or past them while its order holds a part and waits for the rest).
 */
export async function payLinkOrder(db: Db, env: Pick<LinkEnv, "SESSION_SECRET">, id: string, e: number, t: string) {
  const check = /^[0-9a-f-]{36}$/i.test(id) ? checkPayLink(env, id, e, t) : "invalid";
  if (check === "invalid") return { state: "invalid" as const, row: null, order: null };
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
  if (!row) return { state: "invalid" as const, row: null, order: null };
  // a link ends with the order's hold; once part is paid the order waits for the rest without lapsing,
  // and so does the link its friends share (docs/product.md "Chipping in")
  const waitsForRest = row.depositKobo > 0 && !row.paidAt && row.status === "pending";
  return { state: waitsForRest ? ("valid" as const) : check, row, order: await view(db, row) };
}

/**
 * Back from the payment page: the provider is asked about this attempt (one of this order's), and
 * the order completes once, or takes the part chipped in once (`chippedIn`: what and who).
 */
export async function completionOf(db: Db, env: LinkEnv, purchaseId: string, reference: string) {
  const attempt = await attemptOf(db, reference);
  if (attempt?.purchaseId !== purchaseId) return null;
  const result = await verifyAndComplete(db, paymentProvider(env, db), reference, { links: env });
  const [row] = await db.select().from(purchases).where(eq(purchases.id, purchaseId));
  return {
    order: await view(db, row!),
    paymentStatus: result.paymentStatus,
    // "part": this attempt's part is on the order (now, or told before)
    chippedIn: result.outcome === "part" ? { amount: koboToNaira(attempt.amountKobo), name: attempt.payerName } : null,
  };
}

/** Why this order cannot take a part of `kobo` through its link now, or null (docs/product.md "Chipping in"). */
function chipInProblem(row: Purchase, kobo: number): string | null {
  if (row.paidAt || row.status !== "pending") return "This order is no longer waiting for payment.";
  if (row.paymentMethod === "online") return "This order is paid in full on the payment page.";
  const left = leftToPayKobo(row);
  if (kobo < LEAST_PART_KOBO) return leastPartWords;
  if (kobo > left) return `Only ${formatNaira(left)} is left to pay.`;
  if (left <= LEAST_PART_KOBO) return `Only ${formatNaira(left)} is left to pay: pay it all.`;
  return null;
}

/**
 * Starts a payment of part of what is left through the link (docs/product.md "Chipping in"): at
 * least the least part, at most what is left (all that is left is the whole payment, as the Pay
 * button's). The provider sends the payer back to `back`.
 */
export async function startChipIn(db: Db, env: LinkEnv, row: Purchase, input: ChipIn, back: (reference: string) => string) {
  const { amount, name, email } = chipInInput.parse(input);
  const kobo = nairaToKobo(amount);
  const problem = chipInProblem(row, kobo);
  if (problem) throw new AppError("invalid", problem, { fields: { amount: problem } });
  const whole = kobo === leftToPayKobo(row);
  return startPayment(db, paymentProvider(env, db), env, row, back, {
    fresh: true,
    part: whole ? undefined : { amountKobo: kobo, payerName: name || null },
    payer: { email: email || null, name: name || null },
  });
}

/** Starts a payment of all that is left through the link, by whoever holds it: the provider's page never shows the buyer's email. */
export function startLinkPayment(db: Db, env: LinkEnv, row: Purchase, back: (reference: string) => string) {
  return startPayment(db, paymentProvider(env, db), env, row, back, { fresh: true, payer: { email: null } });
}
