import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { cartItems, products, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { koboToNaira } from "../../lib/money";
import type { SessionUser } from "../accounts/sessions.server";
import { hasEnough, isSoldOut, unitsLeftText } from "../catalog/stock";
import { priceLine, priceOrder, pricingLga, type DeliveryMethod } from "../orders/pricing";
import { loadDeliveryRates, loadPricingRules } from "../orders/pricing.server";
import type { CartItemView, CartSummary } from "./types";

type Actor = Pick<SessionUser, "id" | "role">;

/** The cart lines joined with their products' current prices, in kobo. */
export async function cartLines(db: Db | Tx, userId: string) {
  return db
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      title: products.title,
      description: products.description,
      imageUrl: products.imageUrl,
      size: products.size,
      color: products.color,
      priceKobo: products.priceKobo,
      discountKobo: products.discountKobo,
      stock: products.stock,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

type CartLine = Awaited<ReturnType<typeof cartLines>>[number];

function toCartItemView(r: CartLine): CartItemView {
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
    Product: { imageUrl: r.imageUrl },
  };
}

export async function listCart(db: Db, userId: string): Promise<CartItemView[]> {
  return (await cartLines(db, userId)).map(toCartItemView);
}

/** spec §3 Cart count: the total quantity of the lines. */
export async function cartCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return Number(row?.count ?? 0);
}

/**
 * Adds quantities to the cart in one statement: an existing line grows, and no
 * line goes above the product's stock when it is tracked (the guest-cart merge
 * relies on this; least() ignores the null of an untracked product).
 */
async function addLines(db: Db | Tx, userId: string, lines: { productId: string; quantity: number }[]) {
  if (!lines.length) return;
  await db
    .insert(cartItems)
    .values(lines.map((l) => ({ userId, productId: l.productId, quantity: l.quantity })))
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId],
      set: {
        quantity: sql`greatest(1, least(${cartItems.quantity} + excluded.quantity, (select ${products.stock} from ${products} where ${products.id} = excluded.product_id)))`,
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
  const [existing] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  const inCart = existing?.quantity ?? 0;
  if (!hasEnough(product.stock, inCart + quantity)) throw notEnoughStock(product.title, product.stock ?? 0, inCart);
  await addLines(db, userId, [{ productId, quantity }]);
  const [line] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  return line!;
}

/** Merges a guest cart: quantities add up, capped by stock; unknown or sold-out products are skipped. */
export async function mergeCart(db: Db, userId: string, lines: { productId: string; quantity: number }[]) {
  const wanted = new Map<string, number>();
  for (const l of lines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
  if (wanted.size) {
    const stock = await db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(inArray(products.id, [...wanted.keys()]));
    const merged = stock
      .filter((p) => !isSoldOut(p.stock))
      .map((p) => ({ productId: p.id, quantity: Math.min(wanted.get(p.id)!, p.stock ?? Infinity) }));
    await addLines(db, userId, merged);
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
  if (actor.role !== "admin" && line.userId !== actor.id) throw new AppError("forbidden", "This is not your cart.");
  return line;
}

/** Saved quantity changes (the spec only changed them on screen). */
export async function updateCartItem(db: Db, actor: Actor, id: string, quantity: number) {
  const line = await ownedLine(db, actor, id);
  if (!hasEnough(line.stock, quantity)) throw notEnoughStock(line.title, line.stock ?? 0);
  const [updated] = await db.update(cartItems).set({ quantity }).where(eq(cartItems.id, id)).returning();
  return updated!;
}

export async function removeCartItem(db: Db, actor: Actor, id: string) {
  await ownedLine(db, actor, id);
  await db.delete(cartItems).where(eq(cartItems.id, id));
}

export async function clearCart(db: Db | Tx, userId: string) {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}

/**
 * The cart's priced summary for the /cart page and /checkout (naira). spec §8:
 * when the delivery rates cannot be read, only the delivery charge is missing
 * (null, shown as 'Error loading delivery charge'); subtotal and VAT still
 * show, and the total is subtotal + VAT, labelled as before delivery.
 */
export async function cartSummary(
  db: Db,
  userId: string,
  options: { deliveryMethod?: DeliveryMethod; lga?: string | null; onRatesError?: (err: unknown) => void } = {},
): Promise<{ items: CartItemView[]; summary: CartSummary }> {
  const [lines, [user], { rules, usdRate }] = await Promise.all([
    cartLines(db, userId),
    db.select({ lga: users.lga }).from(users).where(eq(users.id, userId)),
    loadPricingRules(db),
  ]);
  const lga = pricingLga(options.lga, user?.lga);
  const deliveryMethod = options.deliveryMethod ?? "standard";
  const rates = await loadDeliveryRates(db, lga).catch((err: unknown) => {
    options.onRatesError?.(err);
    return null;
  });
  const priced = priceOrder({ lines, rules, deliveryMethod, lga, rates: rates ?? [] });
  return {
    items: lines.map(toCartItemView),
    summary: {
      subtotal: koboToNaira(priced.subtotalKobo),
      discount: koboToNaira(priced.discountKobo),
      vat: koboToNaira(priced.vatKobo),
      vatRate: rules.vatRate,
      deliveryCharge: rates ? koboToNaira(priced.deliveryKobo) : null,
      total: koboToNaira(rates ? priced.totalKobo : priced.subtotalKobo + priced.vatKobo),
      deliveryMethod,
      lga,
      matchedLga: rates ? priced.matchedLga : null,
      usdRate,
    },
  };
}
