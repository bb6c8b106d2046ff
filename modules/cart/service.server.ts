import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { preparedPerDatabase } from "../../db/prepared";
import { cartItems, products, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { koboToNaira } from "../../lib/money";
import type { SessionUser } from "../accounts/sessions.server";
import { hasEnough, isSoldOut, unitsLeftText } from "../stock/availability";
import { preorderDay } from "../stock/preorder";
import { lagosNow } from "../../lib/lagos-calendar";
import { findDeliveryArea, unknownAreaError } from "../delivery/areas.server";
import { codeForCart, customerOf } from "../discounts/codes.server";
import type { DeliveryRate } from "../delivery/types";
import type { ChosenSlot } from "../delivery/schedule.server";
import { priceLine, priceOrder, pricingLga, type DeliveryMethod } from "../pricing/price-order";
import { loadPricingRules } from "../pricing/load-pricing.server";
import { getSettings } from "../settings/service.server";
import { slotLine, toCartSummary } from "./summary";
import type { CartItemView, CartSummary } from "./types";
import { isTeam } from "../accounts/roles";

type Actor = Pick<SessionUser, "id" | "role">;

/** The cart lines joined with their products' current prices, in kobo. */
/** What a cart or order line reads of its product (the pricing and the stock check need each). */
export const lineProductColumns = {
  title: products.title,
  description: products.description,
  imageUrl: products.imageUrl,
  size: products.size,
  color: products.color,
  priceKobo: products.priceKobo,
  discountKobo: products.discountKobo,
  stock: products.stock,
  // a pre-order's day it ships from (docs/product.md "Pre-orders"), as stored: preorderDay says whether it still is one
  shipsFrom: products.shipsFrom,
};

export async function cartLines(db: Queryable, userId: string) {
  return db
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      categoryId: products.categoryId,
      quantity: cartItems.quantity,
      ...lineProductColumns,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

type CartLine = Awaited<ReturnType<typeof cartLines>>[number];

/**
 * The day an order of these lines would ship from, the latest of its pre-orders (docs/product.md
 * "Pre-orders"): a signed-in shopper's cart, or the products a guest's cart or the order desk names.
 * Null: none is a pre-order. One query.
 */
export async function shipsFromOf(
  db: Queryable,
  cart: { userId: string } | { productIds: string[] },
  now = new Date(),
): Promise<string | null> {
  const today = lagosNow(now).date;
  // as text: a date the driver would otherwise hand back as a Date
  const latest = { day: sql<string | null>`max(${products.shipsFrom})::text` };
  const [row] =
    "userId" in cart
      ? await db
          .select(latest)
          .from(cartItems)
          .innerJoin(products, eq(products.id, cartItems.productId))
          .where(and(eq(cartItems.userId, cart.userId), gt(products.shipsFrom, today)))
      : cart.productIds.length
        ? await db
            .select(latest)
            .from(products)
            .where(and(inArray(products.id, cart.productIds), gt(products.shipsFrom, today)))
        : [];
  return row?.day ?? null;
}

/** Whether a product exists (a guest's line names it by id). */
export async function productExists(db: Queryable, productId: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  return !!row;
}

/** The shop's quantity limit per product (a store setting). */
export async function lineLimit(db: Queryable): Promise<number> {
  return (await getSettings(db)).maxLineQuantity;
}

/** The 400 for a line above the shop's quantity limit; it names the field `quantity`. */
export function lineLimitError(title: string, limit: number): AppError {
  return new AppError("invalid", `You can order at most ${limit} of ${title} at a time.`, {
    fields: { quantity: `The most you can order is ${limit}` },
  });
}

function toCartItemView(r: CartLine, limit: number): CartItemView {
  return {
    id: r.id,
    productId: r.productId,
    title: r.title,
    description: r.description,
    imageUrl: r.imageUrl,
    size: r.size,
    color: r.color,
    quantity: r.quantity,
    price: koboToNaira(r.priceKobo),
    discount: koboToNaira(r.discountKobo),
    totalPrice: koboToNaira(priceLine(r).totalKobo),
    stock: r.stock,
    shipsFrom: preorderDay(r.shipsFrom, lagosNow(new Date()).date),
    maxQuantity: Math.max(0, Math.min(r.stock ?? limit, limit)),
    Product: { imageUrl: r.imageUrl },
  };
}

export async function listCart(db: Db, userId: string): Promise<CartItemView[]> {
  const [lines, limit] = await Promise.all([cartLines(db, userId), lineLimit(db)]);
  return lines.map((l) => toCartItemView(l, limit));
}

/** docs/product.md §3 Cart count: the total quantity of the lines. */
// every signed-in page asks it for the header: built once, a prepared statement (db/prepared.ts)
const unitsInCart = preparedPerDatabase((db) =>
  db
    .select({ count: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(eq(cartItems.userId, sql.placeholder("userId")))
    .prepare("cart_count"),
);

export async function cartCount(db: Db, userId: string): Promise<number> {
  const [row] = await unitsInCart(db).execute({ userId });
  return Number(row?.count ?? 0);
}

/**
 * Adds quantities to the cart in one statement: an existing line grows, and no
 * line goes above the product's stock (when it is tracked: least() ignores the
 * null of an untracked product) or the shop's quantity limit (the guest-cart
 * merge relies on this).
 */
async function addLines(db: Queryable, userId: string, lines: { productId: string; quantity: number }[], limit: number) {
  if (!lines.length) return;
  await db
    .insert(cartItems)
    .values(lines.map((l) => ({ userId, productId: l.productId, quantity: l.quantity })))
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId],
      set: {
        quantity: sql`greatest(1, least(${cartItems.quantity} + excluded.quantity, ${limit}::int, (select ${products.stock} from ${products} where ${products.id} = excluded.product_id)))`,
        updatedAt: new Date(),
      },
    });
}

/** 409 naming what is left, rather than a quantity quietly lowered: 'Only 3 left of …' or '… is sold out.' */
function notEnoughStock(title: string, left: number, inCart = 0): AppError {
  const have = inCart > 0 ? ` You already have ${inCart} in your cart.` : "";
  return new AppError("conflict", left > 0 ? `Only ${left} left of ${title}.${have}` : `${title} is sold out.`, {
    fields: { quantity: unitsLeftText(left) },
  });
}

export async function addToCart(db: Db, userId: string, productId: string, quantity: number) {
  const [product] = await db.select({ stock: products.stock, title: products.title }).from(products).where(eq(products.id, productId));
  if (!product) throw AppError.notFound("Product");
  const limit = await lineLimit(db);
  const [held] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  const inCart = held?.quantity ?? 0;
  if (inCart + quantity > limit) throw lineLimitError(product.title, limit);
  if (!hasEnough(product.stock, inCart + quantity)) throw notEnoughStock(product.title, product.stock ?? 0, inCart);
  await addLines(db, userId, [{ productId, quantity }], limit);
  const [line] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  return line!;
}

/** Merges a guest cart: quantities add up, capped by stock and the quantity limit; unknown or sold-out products are skipped. */
export async function mergeCart(db: Db, userId: string, lines: { productId: string; quantity: number }[]) {
  const wanted = new Map<string, number>();
  for (const l of lines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
  if (wanted.size) {
    const stock = await db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(inArray(products.id, [...wanted.keys()]));
    const limit = await lineLimit(db);
    const merged = stock
      .filter((p) => !isSoldOut(p.stock))
      .map((p) => ({ productId: p.id, quantity: Math.min(wanted.get(p.id)!, p.stock ?? Infinity, limit) }));
    await addLines(db, userId, merged, limit);
  }
  return listCart(db, userId);
}

async function ownedLine(db: Db, actor: Actor, id: string) {
  const [line] = await db
    .select({ id: cartItems.id, userId: cartItems.userId, stock: products.stock, title: products.title })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.id, id));
  if (!line) throw AppError.notFound("Cart item");
  if (!isTeam(actor.role) && line.userId !== actor.id) throw new AppError("forbidden", "This is not your cart.");
  return line;
}

/** Saved quantity changes (the spec only changed them on screen). */
export async function updateCartItem(db: Db, actor: Actor, id: string, quantity: number) {
  const line = await ownedLine(db, actor, id);
  const limit = await lineLimit(db);
  if (quantity > limit) throw lineLimitError(line.title, limit);
  if (!hasEnough(line.stock, quantity)) throw notEnoughStock(line.title, line.stock ?? 0);
  const [updated] = await db.update(cartItems).set({ quantity }).where(eq(cartItems.id, id)).returning();
  return updated!;
}

export async function removeCartItem(db: Db, actor: Actor, id: string) {
  await ownedLine(db, actor, id);
  await db.delete(cartItems).where(eq(cartItems.id, id));
}

export async function clearCart(db: Queryable, userId: string) {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}

/**
 * The cart's priced summary for the /cart page and /checkout (naira), for the
 * delivery area `lga` (absent: the profile's, when it is one of the shop's
 * areas). An `lga` given but not a delivery area is a 400 naming it; no area at
 * all prices no delivery yet (areaNeeded). docs/product.md §8: when the delivery rates
 * cannot be read, only the delivery charge is missing (null, shown as 'Error
 * loading delivery charge'); subtotal and VAT still show, and the total is
 * subtotal + VAT, labelled as before delivery.
 */
export async function cartSummary(
  db: Db,
  userId: string,
  options: {
    deliveryMethod?: DeliveryMethod;
    /** the area to price for; left out, the profile's; null, none (a gift's area not chosen yet) */
    lga?: string | null;
    code?: string | null;
    onRatesError?: (err: unknown) => void;
    /** the checkout's delivery date, checked for this area (modules/delivery/schedule.server.ts) */
    slot?: ChosenSlot | null;
  } = {},
): Promise<{ items: CartItemView[]; summary: CartSummary }> {
  const [lines, [user], { rules, usdRate, maxLineQuantity }] = await Promise.all([
    cartLines(db, userId),
    db.select({ lga: users.lga, email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId)),
    loadPricingRules(db),
  ]);
  // a discount code (docs/product.md "Discount codes"), with her own uses counted
  const code = await codeForCart(db, options.code, { customer: user ? customerOf(user.email, user.phone) : null });
  const lga = pricingLga(options.lga, user?.lga);
  const deliveryMethod = options.deliveryMethod ?? "standard";
  let ratesFailed = false;
  const area: DeliveryRate | null = await findDeliveryArea(db, lga, rules.standardDeliveryKobo).catch((err: unknown) => {
    options.onRatesError?.(err);
    ratesFailed = true;
    return null;
  });
  // a profile's LGA outside the areas only leaves the area to choose; an area asked for must exist
  if (!area && !ratesFailed && options.lga !== undefined && options.lga !== null) throw unknownAreaError(options.lga);
  const slot = area ? (options.slot ?? null) : null;
  const priced = priceOrder({
    lines,
    rules,
    deliveryMethod,
    lga: area?.lga,
    rates: area ? [area] : [],
    discount: code.rule,
    deliverySlot: slot,
  });
  return {
    items: lines.map((l) => toCartItemView(l, maxLineQuantity)),
    summary: toCartSummary(priced, { rules, usdRate, deliveryMethod, area, ratesFailed, code, slot: slotLine(slot) }),
  };
}
