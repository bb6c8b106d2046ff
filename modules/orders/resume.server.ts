import { asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { discountRedemptions, products, purchaseEvents, purchaseItems, purchases } from "../../db/schema";
import type { Env } from "../../lib/env.server";
import { AppError } from "../../lib/errors";
import { lagosNow, shortDay } from "../../lib/lagos-calendar";
import { koboToNaira } from "../../lib/money";
import { publicOrigin } from "../../lib/public-origin";
import { deliverySpeeds } from "../delivery/methods";
import { expressOnly } from "../delivery/schedule";
import { retakeDeliverySlot } from "../delivery/schedule.server";
import { checkCode, customerOf } from "../discounts/codes.server";
import { leftBehindMessage, refusalMessage } from "../discounts/messages";
import { holdRedemption, recheckRedemption } from "../discounts/redemptions.server";
import type { DiscountRule } from "../pricing/price-order";
import { alertLowStock } from "../stock/low-stock.server";
import { lockProducts, reserveStock } from "../stock/reservation.server";
import { shopperCancelNotes } from "./cancellation.server";
import { codeOffer } from "./checkout-reminders.server";
import { PAYMENT_WINDOW_MS } from "./expiry.server";
import type { MailLinks } from "./mails.server";
import { priceWhatIsLeft, repriced } from "./resume-pricing.server";
import { checkResumeLink } from "./resume-links.server";
import { isPaidOrder, orderNumber } from "./statuses";

// 'Your order is saved, complete it here' (docs/product.md "Unpaid checkouts"): the reminder's
// link opens the cancelled checkout, holds its stock again where it is still there (saying
// clearly what is gone), and starts a fresh payment of the same order. The order keeps its prices;
// it is priced again (priceOrder) only when a line shrank, its own code can no longer be used, or
// the reminder's code is added.

type PurchaseRow = typeof purchases.$inferSelect;
type ItemRow = typeof purchaseItems.$inferSelect;

export type ResumeLine = { id: string; title: string; quantity: number; totalPrice: number; keep: number };

/** What the shopper sees: her order, what can still be had of it, and the reminder's code. */
export type ResumeView = {
  id: string;
  number: string;
  firstName: string;
  /** open: waiting for payment now; saved: can be taken up again; paid; closed: the shop cancelled it, or it is not a checkout */
  state: "open" | "saved" | "paid" | "closed";
  total: number;
  items: ResumeLine[];
  /** what is gone or short since she ordered, in her words */
  problems: string[];
  /** her own code can no longer be used (it is among the problems too): the page's heading says so */
  codeDropped: boolean;
  code: { code: string; offer: string } | null;
};

const shopperEnds: readonly string[] = Object.values(shopperCancelNotes);

/** Whether the checkout can be taken up again: an unpaid online order cancelled only for a reason of hers. */
async function takeable(db: Db | Tx, p: PurchaseRow): Promise<boolean> {
  if (p.paymentMethod !== "online" || p.status !== "cancelled" || p.paidAt) return false;
  const cancels = await db
    .select({ note: purchaseEvents.note, actorId: purchaseEvents.actorId, status: purchaseEvents.status })
    .from(purchaseEvents)
    .where(eq(purchaseEvents.purchaseId, p.id));
  return cancels.filter((e) => e.status === "cancelled").every((e) => e.actorId === null && shopperEnds.includes(e.note ?? ""));
}

/** How many of each line can be had now: all of a line whose stock is held or untracked, what is left, or 0. */
async function keepable(db: Db | Tx, p: PurchaseRow, items: ItemRow[]): Promise<Map<string, number>> {
  const ids = items.map((i) => i.productId).filter((id): id is string => !!id);
  const stock = ids.length
    ? await db.select({ id: products.id, stock: products.stock }).from(products).where(inArray(products.id, ids))
    : [];
  const held = p.status === "pending";
  return new Map(
    items.map((i) => {
      const product = stock.find((s) => s.id === i.productId);
      const keep = !product ? 0 : held || product.stock === null ? i.quantity : Math.max(0, Math.min(i.quantity, product.stock));
      return [i.id, keep];
    }),
  );
}

/**
 * Why her chosen delivery date can no longer be kept, or null: it has passed, or it is now sooner
 * than Standard can reach (docs/product.md "Delivery on a chosen date": the checkout's own rule).
 */
function dateGone(p: PurchaseRow, now: Date): string | null {
  if (!p.deliveryDate) return null;
  const day = shortDay(p.deliveryDate);
  if (p.deliveryDate < lagosNow(now).date)
    return `Your delivery date, ${day}, has passed. Please place a new order and choose another date.`;
  if (p.deliveryMethod === "standard" && expressOnly(p.deliveryDate, now))
    return `Standard delivery takes ${deliverySpeeds.standard.days}, so it can no longer reach you on ${day}. Please place a new order and choose Express for that date, or a later date.`;
  return null;
}

const problemsOf = (items: ItemRow[], keep: Map<string, number>) =>
  items.flatMap((i) => {
    const k = keep.get(i.id) ?? 0;
    if (k === i.quantity) return [];
    return [k === 0 ? `${i.title} is sold out since you ordered.` : `Only ${k} left of ${i.title} (you had ${i.quantity}).`];
  });

async function offeredCode(db: Db | Tx, p: PurchaseRow, code: string | null | undefined, now: Date) {
  if (!code || p.discountCode) return null;
  const checked = await checkCode(db, code, { now, customer: customerOf(p.email, p.phone) });
  return checked.usable ?? null;
}

/**
 * The order's own code, whose use was given back when the order lapsed: hers again only as a
 * checkout would take it now (docs/product.md "Discount codes"), under the code's lock when she
 * completes the order. Its rule, or what she is told instead; null for an order without a code.
 */
async function ownCode(db: Db | Tx, p: PurchaseRow, now: Date, lock: boolean) {
  if (!p.discountCode) return null;
  const checked = await recheckRedemption(db, p.id, customerOf(p.email, p.phone), { now, lock });
  return { usable: checked.usable, problem: checked.refusal ? refusalMessage(p.discountCode, checked.refusal) : null };
}

/**
 * Why her own code, which she may still use, would not apply to what is left of the order once
 * lines shrank or went (its minimum, its products), priced as completing it prices it; or null.
 */
async function codeLeftBehind(db: Db | Tx, p: PurchaseRow, items: ItemRow[], keep: Map<string, number>, rule: DiscountRule) {
  const kept = items.filter((i) => (keep.get(i.id) ?? 0) > 0);
  if (!kept.length) return null;
  const { priced, leftBehind } = await priceWhatIsLeft(db, p, kept, keep, rule);
  return leftBehind ? leftBehindMessage(leftBehind, priced.subtotalKobo) : null;
}

/** The order a reminder's link opens: 'invalid' (not a link of ours), 'expired', or 'valid' with what she sees. */
export async function openResume(
  db: Db,
  env: Pick<Env, "SESSION_SECRET">,
  id: string,
  e: number,
  t: string,
  code: string | null | undefined,
  now = new Date(),
) {
  const check = /^[0-9a-f-]{36}$/i.test(id) ? checkResumeLink(env, id, e, t, now) : "invalid";
  if (check === "invalid") return { state: "invalid" as const, row: null, view: null };
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
  if (!row) return { state: "invalid" as const, row: null, view: null };
  const view = await resumeView(db, row, code, now);
  // an ended link's only reason is the link: what sold out since is marked on its line
  return { state: check, row, view: check === "expired" && view.state !== "paid" ? { ...view, problems: [] } : view };
}

export async function resumeView(db: Db, p: PurchaseRow, code: string | null | undefined, now = new Date()): Promise<ResumeView> {
  const items = await db.select().from(purchaseItems).where(eq(purchaseItems.purchaseId, p.id)).orderBy(asc(purchaseItems.title));
  const open = p.status === "pending" && p.paymentMethod === "online" && !!p.expiresAt && p.expiresAt > now;
  const gone = dateGone(p, now);
  const state = isPaidOrder(p) || p.paidAt ? "paid" : open ? "open" : !gone && (await takeable(db, p)) ? "saved" : "closed";
  const keep = state === "saved" || state === "open" ? await keepable(db, p, items) : new Map(items.map((i) => [i.id, i.quantity]));
  const offered = state === "saved" || state === "open" ? await offeredCode(db, p, code, now) : null;
  const own = state === "saved" ? await ownCode(db, p, now, false) : null;
  const short = state === "saved" ? problemsOf(items, keep) : [];
  const leftBehind = own?.usable && short.length ? await codeLeftBehind(db, p, items, keep, own.usable.rule) : null;
  return {
    id: p.id,
    number: orderNumber(p.id),
    firstName: p.firstName,
    state,
    total: koboToNaira(p.totalKobo),
    items: items.map((i) => ({
      id: i.id,
      title: i.title,
      quantity: i.quantity,
      totalPrice: koboToNaira(i.totalPriceKobo),
      keep: keep.get(i.id) ?? 0,
    })),
    problems:
      state === "saved"
        ? [...short, ...(own?.problem ? [own.problem] : []), ...(leftBehind ? [leftBehind] : [])]
        : gone && state === "closed"
          ? [gone]
          : [],
    codeDropped: !!own?.problem || !!leftBehind,
    code: offered && state === "saved" ? { code: offered.rule.code, offer: codeOffer(offered.rule) } : null,
  };
}

/**
 * Takes the saved checkout up again: under the order's lock and its products' locks, holds the
 * stock that is still there (the lines that shrank or went are priced again with priceOrder at
 * the order's own prices), keeps its own code only if a checkout could use it now (else drops it,
 * priced again, and says why), adds the reminder's code if the order has none and it applies, and
 * gives the order a fresh 30-minute window. An order already waiting for payment is left as it is.
 * The caller starts the payment (payment-start.server.ts, a fresh reference). `from`: the
 * reminder's signed link, or her own account's My orders (my-orders.server.ts), for the timeline.
 */
export async function reviveCheckout(
  db: Db,
  links: MailLinks,
  purchaseId: string,
  { code, now = new Date(), from = "link" }: { code?: string | null; now?: Date; from?: "link" | "my_orders" } = {},
): Promise<{ row: PurchaseRow; notes: string[] }> {
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
    if (!p) throw AppError.notFound("Order");
    if (isPaidOrder(p) || p.paidAt) throw new AppError("conflict", "This order is already paid. Thank you!");
    if (p.status === "pending" && p.paymentMethod === "online" && p.expiresAt && p.expiresAt > now) return { row: p, notes: [] };
    if (!(await takeable(tx, p))) throw new AppError("conflict", "This order can no longer be completed. Please place a new order.");
    const gone = dateGone(p, now);
    if (gone) throw new AppError("conflict", gone);
    const items = await tx.select().from(purchaseItems).where(eq(purchaseItems.purchaseId, p.id)).orderBy(asc(purchaseItems.title));
    await lockProducts(
      tx,
      items.map((i) => i.productId).filter((id): id is string => !!id),
    );
    const keep = await keepable(tx, p, items);
    const kept = items.filter((i) => (keep.get(i.id) ?? 0) > 0);
    if (!kept.length)
      throw new AppError("conflict", "Sorry, everything in this order has sold out since. Please have a look at what is new.");
    const notes = problemsOf(items, keep);
    const offered = await offeredCode(tx, p, code, now);
    const own = await ownCode(tx, p, now, true);
    if (own?.problem) notes.push(own.problem);
    let row = p;
    let newCode: { id: string; rule: DiscountRule } | null = null;
    if (notes.length || offered) {
      const priced = await repriced(tx, p, kept, keep, offered?.rule ?? own?.usable?.rule ?? null);
      row = priced.row;
      newCode = priced.applied && offered ? offered : null;
      if (offered && !priced.applied) notes.push(`Code ${offered.rule.code} does not apply to these items.`);
      // her own code, still hers to use, no longer reaching its minimum or its products with less in the order
      else if (priced.leftBehind) notes.push(leftBehindMessage(priced.leftBehind, priced.row.subtotalKobo));
    }
    const taken = await reserveStock(
      tx,
      kept.filter((i) => i.productId).map((i) => ({ productId: i.productId!, quantity: keep.get(i.id)!, title: i.title })),
    );
    // and its place on its delivery day, as a late payment takes it (completion.server.ts)
    if (!(await retakeDeliverySlot(tx, p.deliverySlotId)))
      throw new AppError(
        "conflict",
        `Sorry, ${p.deliveryDate ? shortDay(p.deliveryDate) : "your delivery day"} is now fully booked. Please place a new order and choose another date.`,
      );
    await alertLowStock(tx, taken, (id) => `${publicOrigin(links)}/editproduct/${id}`);
    // the code's use is held again while the order waits (docs/product.md "Discount codes")
    if (newCode)
      await holdRedemption(tx, newCode, {
        purchaseId: p.id,
        customer: customerOf(p.email, p.phone),
        discountKobo: row.codeDiscountKobo,
        now,
      });
    else if (row.discountCode)
      await tx
        .update(discountRedemptions)
        .set({ status: "held", discountKobo: row.codeDiscountKobo, updatedAt: now })
        .where(eq(discountRedemptions.purchaseId, p.id));
    const [revived] = await tx
      .update(purchases)
      .set({ status: "pending", expiresAt: new Date(now.getTime() + PAYMENT_WINDOW_MS), updatedAt: now })
      .where(eq(purchases.id, p.id))
      .returning();
    await tx.insert(purchaseEvents).values({
      purchaseId: p.id,
      status: "pending",
      note: [
        `taken up again from ${from === "link" ? "the reminder's link" : "My orders"}: items held for 30 minutes, waiting for payment`,
        ...notes,
      ].join(" "),
    });
    return { row: revived!, notes };
  });
}
