import crypto from "node:crypto";
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { products, purchaseEvents, purchaseItems, purchases, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { formatNaira } from "../../lib/money";
import { cartLines, lineLimitError } from "../cart/service.server";
import type { PaymentProvider } from "../payments/provider.server";
import { MAX_ORDER_KOBO, priceOrder, pricingLga } from "./pricing";
import { loadPricing } from "./pricing.server";
import type { CheckoutInput } from "./schemas";
import { toPurchaseView } from "./views.server";
import type { PurchaseView } from "./types";

/** Unpaid purchases hold their stock this long, then are cancelled (expireStalePurchases). */
export const PAYMENT_WINDOW_MS = 30 * 60_000;

/**
 * Why a pending order was cancelled when the shop did not decide it: the window
 * closed, or the shopper left, failed or replaced the payment. A payment that
 * still arrives for such an order completes it while the stock lasts; an order
 * the shop cancelled stays cancelled (completePurchase reads these notes).
 */
export const shopperCancelNotes = {
  expired: "not paid within 30 minutes",
  cancelled: "payment cancelled by the shopper",
  windowClosed: "payment window closed without paying",
  notStarted: "the payment could not be started",
  replaced: "replaced by a newer checkout",
  abandoned: "payment abandoned",
  failed: "payment failed",
} as const;
export type ShopperCancelNote = (typeof shopperCancelNotes)[keyof typeof shopperCancelNotes];

export type StartedPurchase = { purchase: PurchaseView; reference: string; authorizationUrl: string; accessCode?: string };

const newReference = () => `ALF-${crypto.randomBytes(10).toString("hex")}`;

/**
 * Takes `quantity` units of each product or none at all: a conditional UPDATE
 * per line (never below 0, whatever runs at the same time), in product-id
 * order so two carts never lock each other. A shortfall names the product.
 * A product whose stock is not tracked (null) is always there: null - n stays null.
 */
export async function reserveStock(tx: Tx, lines: { productId: string; quantity: number; title: string }[]) {
  for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}` })
      .where(and(eq(products.id, line.productId), or(isNull(products.stock), gte(products.stock, line.quantity))))
      .returning({ id: products.id });
    if (!taken.length) {
      const [p] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, line.productId));
      const left = p?.stock ?? 0;
      throw new AppError(
        "conflict",
        left > 0
          ? `Sorry, only ${left} left of ${line.title}. Please lower the quantity in your cart.`
          : `Sorry, ${line.title} is sold out. Please remove it from your cart.`,
      );
    }
  }
}

/** Gives back the stock of the given purchases' items, in one statement (every cancel, and deleting an order); untracked products are skipped. */
export async function releaseStock(tx: Tx, purchaseIds: string[]) {
  if (!purchaseIds.length) return;
  await tx.execute(sql`
    update ${products} set stock = ${products.stock} + s.qty
    from (select ${purchaseItems.productId} as product_id, sum(${purchaseItems.quantity})::int as qty
          from ${purchaseItems}
          where ${inArray(purchaseItems.purchaseId, purchaseIds)} and ${purchaseItems.productId} is not null
          group by ${purchaseItems.productId}) s
    where ${products.id} = s.product_id and ${products.stock} is not null`);
}

/**
 * A pending purchase from the server cart, priced by the server, stock reserved.
 * A shopper has one pending checkout at most: a new one cancels the one before
 * and gives its stock back, in the same transaction. The shopper's row is locked
 * first, so her checkouts run one after another however many arrive at once.
 */
export async function placePurchase(db: Db, userId: string, input: CheckoutInput, provider: PaymentProvider["name"], now = new Date()) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("no key update");
    if (!user) throw new AppError("unauthorized", "Please log in to continue.");
    const lines = await cartLines(tx, userId);
    if (!lines.length) throw new AppError("invalid", "Your cart is empty.");
    const pricing = await loadPricing(tx, pricingLga(input.lga, user.lga));
    const lga = pricing.area.lga;
    const over = lines.find((l) => l.quantity > pricing.maxLineQuantity);
    if (over) throw lineLimitError(over.title, pricing.maxLineQuantity);
    const priced = priceOrder({ lines, rules: pricing.rules, deliveryMethod: input.deliveryMethod, lga, rates: pricing.rates });
    if (priced.totalKobo > MAX_ORDER_KOBO)
      throw new AppError(
        "invalid",
        `Orders above ${formatNaira(MAX_ORDER_KOBO)} can't be paid online. Please lower the quantities or contact us.`,
      );
    const earlier = (
      await tx
        .select({ id: purchases.id })
        .from(purchases)
        .where(and(eq(purchases.userId, userId), eq(purchases.status, "pending")))
        .for("update")
    ).map((e) => e.id);
    await lockProducts(tx, [...lines.map((l) => l.productId), ...(await productsOf(tx, earlier))]);
    await cancelPendingIn(tx, earlier, shopperCancelNotes.replaced, now);
    await reserveStock(tx, lines);
    const [purchase] = await tx
      .insert(purchases)
      .values({
        userId,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        phone: input.phone,
        street: input.street,
        city: input.city,
        state: input.state,
        address: `${input.street}, ${input.city}, ${input.state}`,
        lga,
        deliveryMethod: input.deliveryMethod,
        subtotalKobo: priced.subtotalKobo,
        discountKobo: priced.discountKobo,
        vatKobo: priced.vatKobo,
        deliveryKobo: priced.deliveryKobo,
        totalKobo: priced.totalKobo,
        currency: "NGN",
        status: "pending",
        paymentProvider: provider,
        reference: newReference(),
        expiresAt: new Date(now.getTime() + PAYMENT_WINDOW_MS),
      })
      .returning();
    const items = await tx
      .insert(purchaseItems)
      .values(
        lines.map((l, i) => ({
          purchaseId: purchase!.id,
          productId: l.productId,
          cartId: l.id,
          title: l.title,
          description: l.description,
          imageUrl: l.imageUrl,
          priceKobo: l.priceKobo,
          discountKobo: l.discountKobo,
          color: l.color,
          size: l.size,
          quantity: l.quantity,
          totalPriceKobo: priced.lines[i]!.totalKobo,
        })),
      )
      .returning();
    await tx
      .insert(purchaseEvents)
      .values({ purchaseId: purchase!.id, status: "pending", note: "order placed, waiting for payment", actorId: userId });
    return { row: purchase!, view: toPurchaseView(purchase!, items) };
  });
}

/** Places the purchase, then starts the payment; if the payment cannot start, the reservation is undone. */
export async function startPurchase(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  input: CheckoutInput,
  callbackUrlFor: (reference: string) => string,
): Promise<StartedPurchase> {
  const { row, view: purchase } = await placePurchase(db, userId, input, provider.name);
  try {
    const started = await provider.initialize({
      reference: row.reference,
      amountKobo: row.totalKobo,
      email: row.email,
      callbackUrl: callbackUrlFor(row.reference),
    });
    return {
      purchase,
      reference: purchase.reference,
      authorizationUrl: started.authorizationUrl,
      ...(started.accessCode ? { accessCode: started.accessCode } : {}),
    };
  } catch (e) {
    await cancelPurchases(db, [row.id], shopperCancelNotes.notStarted);
    throw e;
  }
}

/** The products a set of purchases holds stock of. */
async function productsOf(tx: Tx, purchaseIds: string[]): Promise<string[]> {
  if (!purchaseIds.length) return [];
  const rows = await tx
    .selectDistinct({ productId: purchaseItems.productId })
    .from(purchaseItems)
    .where(and(inArray(purchaseItems.purchaseId, purchaseIds), isNotNull(purchaseItems.productId)));
  return rows.map((r) => r.productId!);
}

/**
 * Locks the products' rows in id order before stock is released and reserved in
 * one transaction: two checkouts then always take their locks in the same order
 * and never wait on each other in a circle.
 */
async function lockProducts(tx: Tx, productIds: string[]) {
  const ids = [...new Set(productIds)];
  if (ids.length)
    await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for("no key update");
}

/** pending → cancelled inside the caller's transaction (only from pending), stock given back, each change recorded. */
async function cancelPendingIn(tx: Tx, ids: string[], note: ShopperCancelNote, now: Date): Promise<string[]> {
  if (!ids.length) return [];
  const cancelled = await tx
    .update(purchases)
    .set({ status: "cancelled", updatedAt: now })
    .where(and(inArray(purchases.id, ids), eq(purchases.status, "pending")))
    .returning({ id: purchases.id });
  const done = cancelled.map((c) => c.id);
  await releaseStock(tx, done);
  if (done.length) await tx.insert(purchaseEvents).values(done.map((purchaseId) => ({ purchaseId, status: "cancelled" as const, note })));
  return done;
}

/**
 * pending → cancelled (only from pending), stock given back, each change recorded,
 * for a reason that is not the shop's (the back office cancels with changePurchaseStatus).
 */
export async function cancelPurchases(db: Db, ids: string[], note: ShopperCancelNote, now = new Date()) {
  if (!ids.length) return [];
  return db.transaction(async (tx) => {
    await lockProducts(tx, await productsOf(tx, ids));
    return cancelPendingIn(tx, ids, note, now);
  });
}

/** The shopper left the payment page without paying: cancel and give the stock back; the cart stays. */
export async function cancelPendingPurchase(db: Db, reference: string, note: ShopperCancelNote = shopperCancelNotes.cancelled) {
  const [p] = await db.select({ id: purchases.id }).from(purchases).where(eq(purchases.reference, reference));
  if (!p) throw AppError.notFound("Order");
  await cancelPurchases(db, [p.id], note);
}

/** Cancels every purchase still unpaid after the payment window and releases its stock. */
export async function expireStalePurchases(db: Db, now = new Date()): Promise<number> {
  const stale = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.status, "pending"), lt(purchases.expiresAt, now)))
    .limit(500);
  const done = await cancelPurchases(
    db,
    stale.map((s) => s.id),
    shopperCancelNotes.expired,
    now,
  );
  return done.length;
}

// read by the profile, /api/purchases/mine and /checkout/complete
export { getPurchaseByReference, listMyPurchases } from "./views.server";
