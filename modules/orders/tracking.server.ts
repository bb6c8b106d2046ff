import { and, asc, between, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchaseEvents, purchases } from "../../db/schema";
import { normalizeNigerianPhone } from "../../lib/phone";
import { leftToPayKobo, orderNumberIds, type PurchaseStatus } from "./statuses";
import { formatNaira } from "../../lib/money";
import { pickupStep } from "./pickup";
import type { TrackInput } from "./tracking-schemas";
import type { TimelineStep } from "./types";

// Order tracking (docs/product.md "Tracking an order"): the buyer finds her order by its number and
// the phone or email she ordered with, then follows it on its signed page: placed, paid, preparing,
// out for delivery, delivered.

/**
 * The order with this number (its id's first 8 characters) ordered with this phone or email, or
 * null: a wrong number and a wrong contact are the same answer, so nothing says which orders exist.
 * The number is a range of the primary key, so the look-up reads the index.
 */
export async function findTrackedOrder(db: Db, { number, contact }: TrackInput): Promise<{ id: string; reference: string } | null> {
  const phone = normalizeNigerianPhone(contact);
  const [row] = await db
    .select({ id: purchases.id, reference: purchases.reference })
    .from(purchases)
    .where(
      and(
        between(purchases.id, ...orderNumberIds(number)),
        or(sql`lower(${purchases.email}) = ${contact.toLowerCase()}`, phone ? eq(purchases.phone, phone) : undefined),
      ),
    )
    .limit(1);
  return row ?? null;
}

const fulfilment: { status: PurchaseStatus; key: TimelineStep["key"]; label: string }[] = [
  { status: "processing", key: "preparing", label: "Preparing your order" },
  { status: "shipped", key: "shipped", label: "Out for delivery" },
  { status: "delivered", key: "delivered", label: "Delivered" },
];

/**
 * The order's steps, each with when it happened (null: not yet). A pay-on-delivery order is paid
 * when the rider's collection is recorded, so 'Paid' may come after 'Delivered'. A cancelled
 * order ends with its cancellation. Only the notes the shop wrote with a fulfilment step (sent to
 * her in its mail) show; the back office's other notes stay there.
 */
export async function orderTimeline(db: Db, purchaseId: string): Promise<TimelineStep[]> {
  const [[order], events] = await Promise.all([
    db
      .select({
        createdAt: purchases.createdAt,
        paidAt: purchases.paidAt,
        status: purchases.status,
        paymentMethod: purchases.paymentMethod,
        deliveryMethod: purchases.deliveryMethod,
        totalKobo: purchases.totalKobo,
        depositKobo: purchases.depositKobo,
      })
      .from(purchases)
      .where(eq(purchases.id, purchaseId)),
    db
      .select({
        status: purchaseEvents.status,
        note: purchaseEvents.note,
        actorId: purchaseEvents.actorId,
        createdAt: purchaseEvents.createdAt,
      })
      .from(purchaseEvents)
      .where(eq(purchaseEvents.purchaseId, purchaseId))
      .orderBy(asc(purchaseEvents.createdAt)),
  ]);
  if (!order) return [];
  const first = (status: PurchaseStatus) => events.find((e) => e.status === status)?.createdAt.toISOString() ?? null;
  // a step's note is hers when the shop wrote it with that step (changePurchaseStatus mails it to her); other notes are the back office's
  const detail = (status: PurchaseStatus) => events.find((e) => e.status === status && e.actorId)?.note ?? null;
  const steps: TimelineStep[] = [
    { key: "placed", label: "Order placed", at: order.createdAt.toISOString() },
    {
      key: "paid",
      label:
        order.paymentMethod === "pod" && !order.paidAt
          ? order.deliveryMethod === "pickup"
            ? "Paid when collected"
            : "Paid on delivery"
          : "Paid",
      at: order.paidAt?.toISOString() ?? null,
      // a part paid (docs/product.md "Part payments"): how much, and what is left
      ...(order.depositKobo && !order.paidAt
        ? { detail: `${formatNaira(order.depositKobo)} paid, ${formatNaira(leftToPayKobo(order))} left to pay` }
        : {}),
    },
    ...fulfilment.map((f) => ({
      key: f.key,
      label: pickupStep(order, f.status)?.label ?? f.label,
      at: first(f.status),
      detail: detail(f.status),
    })),
  ];
  if (order.status === "cancelled") return [...steps.filter((s) => s.at), { key: "cancelled", label: "Cancelled", at: first("cancelled") }];
  return steps;
}
