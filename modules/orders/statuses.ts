// The order's statuses and the rules read from them: one home, imported by the storefront, the
// back office, the reports and the mails (docs/product.md §4). Safe for the browser.

export const purchaseStatuses = ["pending", "completed", "processing", "shipped", "delivered", "cancelled", "failed"] as const;
export type PurchaseStatus = (typeof purchaseStatuses)[number];

/** Statuses of an order whose payment was confirmed (the back office moves it on from completed). */
export const PAID_STATUSES = ["completed", "processing", "shipped", "delivered"] as const satisfies readonly PurchaseStatus[];

export const isPaidStatus = (status: string): boolean => (PAID_STATUSES as readonly string[]).includes(status);

/**
 * A paid order (docs/product.md §4): the money arrived and the order stands. A pay-on-delivery
 * order on its way (processing, shipped) is not paid until the rider's collection is recorded.
 * In SQL: paidOrder() in paid-orders.server.ts.
 */
export const isPaidOrder = (p: { status: string; paidAt: Date | string | null }): boolean => !!p.paidAt && isPaidStatus(p.status);

/** What is left to pay on an order: its total, less the part payments the shop recorded (docs/product.md "Part payments"). */
export const leftToPayKobo = (p: { totalKobo: number; depositKobo: number }): number => p.totalKobo - p.depositKobo;

/**
 * The day agreed for the rest of a part-paid order still waiting for it (not paid, not cancelled),
 * and whether it went by before `today` (a Lagos day); docs/product.md "Part payments".
 */
export function restDue(
  p: { depositKobo: number; paidAt: Date | string | null; status: string; restDueOn: string | null },
  today: string,
): { restDueOn: string | null; restOverdue: boolean } {
  const waiting = p.depositKobo > 0 && !p.paidAt && p.status !== "cancelled" && p.restDueOn !== null;
  return { restDueOn: waiting ? p.restDueOn : null, restOverdue: waiting && p.restDueOn! < today };
}

/** The fulfilment path after payment: completed → processing → shipped → delivered; cancel before shipping. */
export const nextStatus: Partial<Record<PurchaseStatus, PurchaseStatus>> = {
  completed: "processing",
  processing: "shipped",
  shipped: "delivered",
};
/**
 * Not sent yet (nor cancelled): the order can still be cancelled (its stock and delivery place given
 * back), and a pre-order's "ships from" still speaks of the future (docs/product.md "Pre-orders").
 */
export const notSentStatuses: PurchaseStatus[] = ["pending", "completed", "processing"];
export const notSentYet = (status: PurchaseStatus): boolean => notSentStatuses.includes(status);

/**
 * She waits for this order (paid, part paid, or to be paid on delivery or by transfer), so a change
 * to when it comes is hers to hear of; an online checkout left unpaid is not (docs/product.md
 * "Pre-orders", "Delivery on a chosen date").
 */
export const buyerWaits = (p: { status: PurchaseStatus; depositKobo: number; paymentMethod: string }): boolean =>
  p.status === "completed" ||
  p.status === "processing" ||
  (p.status === "pending" && (p.depositKobo > 0 || p.paymentMethod === "pod" || p.paymentMethod === "transfer"));

/** The order's next step in the back office: a pay-on-delivery order goes on its way unpaid, from pending. */
export const nextStatusOf = (p: { status: PurchaseStatus; paymentMethod: string }): PurchaseStatus | undefined =>
  p.paymentMethod === "pod" && p.status === "pending" ? "processing" : nextStatus[p.status];

/** How she chose to pay, in the back office's words. */
export const paymentMethodLabels: Record<string, string> = {
  online: "Online (Paystack)",
  transfer: "Bank transfer to the shop",
  pod: "Pay on delivery",
  pay_link: "Shared payment link",
  manual: "Recorded by the shop",
};

/** How money the shop took or gave back itself moved, in words ("part payment: ₦200,000 by bank transfer"). */
export const byHandWords = { transfer: "bank transfer", cash: "cash", pos: "POS" } as const;

/** The number a shopper and the shop call an order by: the first 8 characters of its id (docs/product.md §9). */
export const orderNumber = (id: string): string => id.slice(0, 8);

/** The order number in what was typed ('#1F53D6B3', 1f53d6b3: with or without '#', any case), or null. */
export function typedOrderNumber(typed: string): string | null {
  const number = typed.trim().replace(/^#/, "").toLowerCase();
  return /^[0-9a-f]{8}$/.test(number) ? number : null;
}

/** The first and last ids an order number can stand for: a range of the primary key, so a look-up reads its index. */
export const orderNumberIds = (number: string): [string, string] => [
  `${number}-0000-0000-0000-000000000000`,
  `${number}-ffff-ffff-ffff-ffffffffffff`,
];

/** The order's page in the back office (the owner's alerts link to it). */
export const adminOrderPath = (id: string) => `/viewpurchase/${id}`;
