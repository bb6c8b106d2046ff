import { and, eq, inArray, isNotNull, notInArray, sql, sum, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { purchaseItems, purchases, users, wishItems, wishLists } from "../../db/schema";
import { listOfLink, wishListPath } from "./service.server";

// docs/product.md "Wish lists", "Bought from her list": a friend who opened a shared list and buys
// what is on it says so at checkout (ticked for her); the order keeps whose list it was bought from
// (purchases.for_wish_list_of). Whoever opens the list then sees what was bought, so no one gives the
// same present twice; she never does (the surprise stays), and her list's mails leave it out.

/** An order that still stands: one cancelled, or never paid and given up, buys nothing. */
const stands = notInArray(purchases.status, ["cancelled", "failed"]);

/** How many of each product orders from her list have bought (products bought none are absent). */
export async function boughtFromList(q: Queryable, ownerId: string): Promise<Record<string, number>> {
  const rows = await q
    .select({ productId: purchaseItems.productId, n: sum(purchaseItems.quantity).mapWith(Number) })
    .from(purchaseItems)
    .innerJoin(purchases, eq(purchases.id, purchaseItems.purchaseId))
    .where(and(eq(purchases.forWishListOf, ownerId), stands, isNotNull(purchaseItems.productId)))
    .groupBy(purchaseItems.productId);
  return Object.fromEntries(rows.map((r) => [r.productId!, r.n]));
}

/** SQL: a friend's order from her list holds the product of this row of wish_items (her mails leave it out). */
export const boughtForHer: SQL = sql`exists (select 1 from ${purchaseItems} inner join ${purchases} on ${purchases.id} = ${purchaseItems.purchaseId} where ${purchases.forWishListOf} = ${wishItems.userId} and ${purchaseItems.productId} = ${wishItems.productId} and ${stands})`;

/** What the checkout offers a friend who came from a list: to mark as bought there what her cart holds of it. */
export type ListOffer = { token: string; firstName: string; onList: number };

/**
 * The list the checkout offers to mark (`token`: the link she opened, from her cookie): only
 * someone else's list, and only when the cart holds something on it (`onList`: how many products).
 */
export async function listOfferFor(
  q: Queryable,
  token: string | null,
  { buyerId, productIds }: { buyerId: string | null; productIds: string[] },
): Promise<ListOffer | null> {
  const list = token && productIds.length ? await listOfLink(q, token) : null;
  if (!list || list.ownerId === buyerId) return null;
  const onList = await q
    .select({ productId: wishItems.productId })
    .from(wishItems)
    .where(and(eq(wishItems.userId, list.ownerId), inArray(wishItems.productId, productIds)));
  return onList.length ? { token: token!, firstName: list.firstName, onList: onList.length } : null;
}

/** Whose list the order is bought from, by the link the checkout posted: null for her own list or a link that opens none. */
export async function listBoughtFrom(q: Queryable, token: string | undefined, buyerId: string | null): Promise<string | null> {
  const list = token ? await listOfLink(q, token) : null;
  return list && list.ownerId !== buyerId ? list.ownerId : null;
}

/** The back office's line on an order bought from a list: whose list (her full name; null: none, or she was deleted). */
export async function listOwnerName(q: Queryable, ownerId: string | null): Promise<string | null> {
  if (!ownerId) return null;
  const [u] = await q.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, ownerId));
  return u ? `${u.firstName} ${u.lastName}`.trim() : null;
}

/** What her order got from a friend's list, for her to tell the others (a group chat planning the birthday). */
export type ListNews = { firstName: string; path: string; titles: string[] };

/**
 * The order's page, for whoever holds the order: what it bought from a friend's list, with the
 * list's link as it is now, so she can tell the others on WhatsApp what she is getting; null for an
 * order from no list, one that no longer stands, or a list that holds none of it any more.
 */
export async function listNewsOf(q: Queryable, purchaseId: string): Promise<ListNews | null> {
  const [order] = await q
    .select({ ownerId: purchases.forWishListOf })
    .from(purchases)
    .where(and(eq(purchases.id, purchaseId), stands, isNotNull(purchases.forWishListOf)));
  if (!order?.ownerId) return null;
  const [[list], got] = await Promise.all([
    q
      .select({ token: wishLists.shareToken, firstName: users.firstName })
      .from(wishLists)
      .innerJoin(users, eq(users.id, wishLists.userId))
      .where(eq(wishLists.userId, order.ownerId)),
    q
      .select({ title: purchaseItems.title })
      .from(purchaseItems)
      .innerJoin(wishItems, and(eq(wishItems.productId, purchaseItems.productId), eq(wishItems.userId, order.ownerId)))
      .where(eq(purchaseItems.purchaseId, purchaseId))
      .orderBy(purchaseItems.title),
  ]);
  if (!list || !got.length) return null;
  return { firstName: list.firstName, path: wishListPath(list.token), titles: got.map((g) => g.title) };
}
