import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cartItems, products, purchaseItems, purchases } from "../../db/schema";
import type { Env } from "../../lib/env.server";
import { AppError } from "../../lib/errors";
import { lineLimit, mergeCart } from "../cart/service.server";
import { isSoldOut } from "../stock/availability";
import { holdsOrder } from "./order-links.server";
import { orderNumber } from "./statuses";

// docs/product.md "My orders": 'Order again' puts an earlier order's products back in her cart, at
// today's prices (the cart prices them as any cart), as many as the stock and the shop's quantity
// limit allow, and says what could not come back. From her list, or from the order's own page, where
// a guest opens it by its link.

const listed = (titles: string[]) =>
  titles.length <= 1 ? (titles[0] ?? "") : `${titles.slice(0, -1).join(", ")} and ${titles[titles.length - 1]}`;
const isAre = (titles: string[]) => (titles.length === 1 ? "is" : "are");

type Line = { productId: string; quantity: number };

/**
 * Who orders again: her account (whose cart is in the database), or a browser that holds the order's
 * signed link, as every order mail gives a guest, with its cart's lines (its cookie mirror). The
 * account's cart is changed here; a guest's lines to add are returned for her cookie.
 */
export type OrderingAgain = { userId: string; token?: string | null } | { userId: null; token: string | null; guestLines: Line[] };

export async function orderAgain(db: Db, env: Pick<Env, "SESSION_SECRET">, purchaseId: string, by: OrderingAgain) {
  // another shopper's order (without its link) is the same 404 as one that does not exist
  const [order] = await db.select({ id: purchases.id, userId: purchases.userId }).from(purchases).where(eq(purchases.id, purchaseId));
  if (!order || !holdsOrder(env, order, by)) throw AppError.notFound("Order");
  const lines = await db
    .select({ productId: purchaseItems.productId, title: purchaseItems.title, quantity: purchaseItems.quantity })
    .from(purchaseItems)
    .where(eq(purchaseItems.purchaseId, order.id));

  const wanted = new Map<string, number>();
  const gone: string[] = [];
  for (const l of lines) {
    if (l.productId) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
    else gone.push(l.title);
  }
  const ids = [...wanted.keys()];
  const [current, held, limit] = await Promise.all([
    ids.length
      ? db.select({ id: products.id, title: products.title, stock: products.stock }).from(products).where(inArray(products.id, ids))
      : [],
    by.userId === null
      ? by.guestLines
      : ids.length
        ? db
            .select({ productId: cartItems.productId, quantity: cartItems.quantity })
            .from(cartItems)
            .where(and(eq(cartItems.userId, by.userId), inArray(cartItems.productId, ids)))
        : [],
    lineLimit(db),
  ]);
  const inCart = new Map(held.map((h) => [h.productId, h.quantity]));
  const found = new Set(current.map((p) => p.id));
  gone.push(...lines.filter((l) => l.productId && !found.has(l.productId)).map((l) => l.title));

  const soldOut: string[] = [];
  const short: string[] = [];
  const full: string[] = [];
  const adding: Line[] = [];
  for (const p of current) {
    if (isSoldOut(p.stock)) {
      soldOut.push(p.title);
      continue;
    }
    const room = Math.min(limit, p.stock ?? Infinity) - (inCart.get(p.id) ?? 0);
    const quantity = Math.min(wanted.get(p.id)!, room);
    if (quantity <= 0) full.push(p.title);
    else {
      if (quantity < wanted.get(p.id)!) short.push(p.title);
      adding.push({ productId: p.id, quantity });
    }
  }
  if (adding.length && by.userId !== null) await mergeCart(db, by.userId, adding);

  const units = adding.reduce((n, l) => n + l.quantity, 0);
  const why = [
    ...(soldOut.length ? [`${listed(soldOut)} ${isAre(soldOut)} sold out.`] : []),
    ...(gone.length ? [`${listed(gone)} ${isAre(gone)} no longer in the shop.`] : []),
    ...(short.length ? [`Fewer of ${listed(short)}: the stock or the limit per order allows no more.`] : []),
    ...(full.length ? [`Your cart already holds as many of ${listed(full)} as it can.`] : []),
  ];
  const number = `#${orderNumber(order.id)}`;
  if (!units) throw new AppError("conflict", [`Nothing from order ${number} could go in your cart.`, ...why].join(" "));
  return {
    added: units,
    adding,
    msg: [`Added ${units} ${units === 1 ? "item" : "items"} from order ${number} to your cart, at today's prices.`, ...why].join(" "),
  };
}
