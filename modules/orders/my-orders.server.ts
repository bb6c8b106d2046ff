import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchaseItems, purchases } from "../../db/schema";
import type { Env } from "../../lib/env.server";
import { isRecordId } from "../../lib/record-id";
import { getSettings } from "../settings/service.server";
import { cancelPurchases, shopperCancelNotes } from "./cancellation.server";
import { endedByShopper, herLatestCheckout, LAST_REMINDER_MS } from "./checkout-reminders.server";
import { giftForBuyer } from "./gift-rules";
import { orderCompletePath, payLinkPath } from "./order-links.server";
import { ownResumePath } from "./resume-links.server";
import { resumeView } from "./resume.server";
import { restLinkEnd } from "./part-payments.server";
import { isPaidOrder, PAID_STATUSES } from "./statuses";
import type { MyPurchaseView, ToPay } from "./types";
import { toPurchaseView } from "./views.server";

// My orders (docs/product.md "My orders"): her paid orders, those waiting for payment, and her
// latest online checkout she did not pay while she can still complete it. Each unpaid one says
// how she pays it now, through the way the shop already has for it: an online checkout through
// the reminders' saved-order page (resume.server.ts), opened by her account instead of a signed
// link; a shared link's order through that link; a transfer through the account on its page.

type PurchaseRow = typeof purchases.$inferSelect;

/**
 * Her online checkout she did not pay and can still take up, as SQL on purchases: ended only for
 * a reason of hers (she cancelled or left the payment, it failed, its window closed), her latest
 * order, placed within the reminders' 7 days. Older or replaced ones stay for the back office.
 */
const savedCheckout = (now: Date) =>
  and(
    eq(purchases.paymentMethod, "online"),
    eq(purchases.status, "cancelled"),
    isNull(purchases.paidAt),
    endedByShopper(),
    herLatestCheckout(),
    gt(purchases.createdAt, new Date(now.getTime() - LAST_REMINDER_MS)),
  );

/**
 * The shopper's own orders, newest first, with their items (two queries, whatever the count) and
 * how she can still pay each unpaid one: those paid (even if cancelled since: she is owed a
 * refund), those awaiting payment, and her saved checkout (savedCheckout). Other abandoned,
 * expired and failed payments stay for the back office.
 */
export async function listMyPurchases(
  db: Db,
  env: Pick<Env, "SESSION_SECRET">,
  userId: string,
  now = new Date(),
): Promise<MyPurchaseView[]> {
  const rows = await db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        or(inArray(purchases.status, ["pending", ...PAID_STATUSES]), isNotNull(purchases.paidAt), savedCheckout(now)),
      ),
    )
    .orderBy(desc(purchases.createdAt))
    .limit(100);
  if (!rows.length) return [];
  const items = await db
    .select()
    .from(purchaseItems)
    .where(
      inArray(
        purchaseItems.purchaseId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(purchaseItems.title));
  // a gift's address shows to the buyer as the owner chose (docs/product.md "Gift orders")
  const { giftAddressForBuyer } = await getSettings(db);
  return Promise.all(
    rows.map(async (r) => ({
      ...giftForBuyer(
        toPurchaseView(
          r,
          items.filter((i) => i.purchaseId === r.id),
        ),
        giftAddressForBuyer,
      ),
      toPay: await toPayOf(db, env, r, now),
    })),
  );
}

/**
 * How she pays an unpaid order of hers now, or why she no longer can (docs/product.md "My
 * orders"); null when there is nothing for her to pay (paid; paid to the rider on delivery; an
 * order the shop recorded, which it invoices itself).
 */
async function toPayOf(db: Db, env: Pick<Env, "SESSION_SECRET">, p: PurchaseRow, now: Date): Promise<ToPay | null> {
  if (isPaidOrder(p) || p.paidAt) return null;
  if (p.paymentMethod === "online") {
    const resume = { action: "resume" as const, href: ownResumePath(p.id) };
    // waiting for payment (her code did not come, she closed the page): a fresh try of the same order
    if (p.status === "pending") return resume;
    const view = await resumeView(db, p, null, now);
    if (view.state !== "saved") return { action: "ended", reason: view.problems[0] ?? "This order can no longer be completed." };
    return view.items.some((i) => i.keep > 0) ? resume : { action: "ended", reason: "Everything in this order has sold out since." };
  }
  if (p.status !== "pending") return null;
  // after a part payment (docs/product.md "Part payments") a link for what is left, made now
  const restEnd = p.paymentMethod === "pay_link" ? restLinkEnd(p, (await getSettings(db)).payLinkHours, now) : null;
  if (restEnd) return { action: "pay_link", href: payLinkPath(env, p.id, restEnd) };
  if (p.paymentMethod === "pay_link")
    return p.expiresAt && p.expiresAt > now
      ? { action: "pay_link", href: payLinkPath(env, p.id, p.expiresAt) }
      : { action: "ended", reason: "Its payment link has ended." };
  // the account to pay into and the reference are on the order's page; the owner records the money
  if (p.paymentMethod === "transfer") return { action: "transfer", href: orderCompletePath(env, p) };
  return null;
}

/**
 * The saved order's page opened from My orders (/resume/{id} without a link): her own order, by
 * her account; anyone else's, even an admin's account, finds nothing, as a made-up link does.
 * 'invalid', 'expired' with why (placed over 7 days ago, or she has ordered since), or 'valid'.
 */
export async function openOwnResume(db: Db, userId: string, id: string, now = new Date()) {
  const mine = async () =>
    isRecordId(id)
      ? (
          await db
            .select()
            .from(purchases)
            .where(and(eq(purchases.id, id), eq(purchases.userId, userId)))
        )[0]
      : undefined;
  let row = await mine();
  if (!row) return { state: "invalid" as const, row: null, view: null, ended: null };
  // its window closed a moment ago and the timer (expiry.server.ts) has not lapsed it yet: lapse it
  // now, as the timer would, so that it can be taken up like any saved checkout
  if (row.status === "pending" && row.paymentMethod === "online" && row.expiresAt && row.expiresAt <= now) {
    await cancelPurchases(db, [row.id], shopperCancelNotes.expired, now);
    row = (await mine())!;
  }
  const view = await resumeView(db, row, null, now);
  const ended = view.state === "saved" ? await savedCheckoutEnd(db, row, now) : null;
  // an ended order's only reason is why it ended: what sold out since is marked on its line
  return { state: ended ? ("expired" as const) : ("valid" as const), row, view: ended ? { ...view, problems: [] } : view, ended };
}

/** Why her saved checkout can no longer be taken up from her account (savedCheckout's rule), or null. */
async function savedCheckoutEnd(db: Db, p: PurchaseRow, now: Date): Promise<string | null> {
  if (p.createdAt.getTime() <= now.getTime() - LAST_REMINDER_MS)
    return "This order was placed more than 7 days ago, so it can no longer be completed.";
  const [latest] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.id, p.id), herLatestCheckout()));
  return latest ? null : "You have ordered again since, so this order can no longer be completed.";
}
