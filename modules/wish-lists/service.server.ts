import crypto from "node:crypto";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "../../db/client";
import { cartItems, products, users, wishItems, wishLists } from "../../db/schema";
import { preparedPerDatabase } from "../../db/prepared";
import { AppError } from "../../lib/errors";
import { productsInOrder } from "../catalog/service.server";
import { unitPriceSql } from "../pricing/unit-price-sql.server";
import type { ProductView } from "../catalog/types";
import { isSoldOut } from "../stock/availability";

// docs/product.md "Wish lists": a signed-in shopper saves what she would love from its page, keeps
// it on /wishlist and shares the list's link (a birthday coming, "what do you want?" on WhatsApp).
// Whoever opens the link sees her first name and the products, and buys from it as from the shop.

/** The most products a list holds. */
export const WISH_LIST_MAX = 50;

/** A link's secret: 24 random bytes, base64url (32 characters). */
const newToken = () => crypto.randomBytes(24).toString("base64url");
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

export type MyWishList = { shareToken: string | null; mails: boolean; items: ProductView[] };
export type SharedWishList = { ownerId: string; firstName: string; items: ProductView[] };

/** Her saved products' ids, latest first. */
async function savedIds(q: Queryable, userId: string): Promise<string[]> {
  const rows = await q
    .select({ id: wishItems.productId })
    .from(wishItems)
    .where(eq(wishItems.userId, userId))
    .orderBy(desc(wishItems.createdAt), desc(wishItems.productId));
  return rows.map((r) => r.id);
}

/**
 * Saves a product to her list (the list is made with the first): once however often she taps, at
 * most WISH_LIST_MAX products however many taps arrive at once (her list's row is locked while it
 * is counted). Returns the product's title and whether it was new to the list.
 */
export const saveWish = (db: Db, userId: string, productId: string) => db.transaction((tx) => saveIn(tx, userId, productId));

async function saveIn(tx: Tx, userId: string, productId: string): Promise<{ title: string; added: boolean }> {
  const [product] = await tx
    .select({ title: products.title, price: unitPriceSql, stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw AppError.notFound("Product");
  await tx.insert(wishLists).values({ userId, shareToken: newToken() }).onConflictDoNothing({ target: wishLists.userId });
  await tx.select({ userId: wishLists.userId }).from(wishLists).where(eq(wishLists.userId, userId)).for("update");
  if (await onList(tx, userId, productId)) return { title: product.title, added: false };
  const [held] = await tx.select({ n: count() }).from(wishItems).where(eq(wishItems.userId, userId));
  if ((held?.n ?? 0) >= WISH_LIST_MAX)
    throw new AppError("conflict", `Your wish list holds ${WISH_LIST_MAX} products. Remove one to save another.`);
  // a sold-out product is told to her once it is back (list-mails.server.ts)
  await tx.insert(wishItems).values({ userId, productId, seenPriceKobo: product.price, waitingForStock: isSoldOut(product.stock) });
  return { title: product.title, added: true };
}

/**
 * A visitor's tap on "Save to my wish list", saved as she logs in (save-after-login.ts): what cannot
 * be saved (no such product any more, her list full) is left, and the log-in goes on. Whether it is
 * on her list now.
 */
export async function saveOnLogIn(db: Db, userId: string, productId: string): Promise<boolean> {
  try {
    await saveWish(db, userId, productId);
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

/**
 * "Save for later" on her cart's line: the product goes to her wish list and the line leaves her
 * cart, together (a full list keeps the line in the cart). Only a line of her own cart.
 */
export async function saveForLater(db: Db, userId: string, lineId: string): Promise<{ title: string }> {
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select({ productId: cartItems.productId })
      .from(cartItems)
      .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)));
    if (!line) throw AppError.notFound("Cart item");
    const { title } = await saveIn(tx, userId, line.productId);
    await tx.delete(cartItems).where(eq(cartItems.id, lineId));
    return { title };
  });
}

/** Takes a product off her list; nothing happens when it was not on it. Returns the product's title (null: no such product). */
export async function removeWish(db: Db, userId: string, productId: string): Promise<string | null> {
  await db.delete(wishItems).where(and(eq(wishItems.userId, userId), eq(wishItems.productId, productId)));
  const [product] = await db.select({ title: products.title }).from(products).where(eq(products.id, productId));
  return product?.title ?? null;
}

/** Whether the product is on her list, read in a transaction (saving it). */
async function onList(tx: Tx, userId: string, productId: string): Promise<boolean> {
  const [row] = await tx
    .select({ productId: wishItems.productId })
    .from(wishItems)
    .where(and(eq(wishItems.userId, userId), eq(wishItems.productId, productId)));
  return Boolean(row);
}

// a signed-in product page asks it: built once, a prepared statement (db/prepared.ts)
const wishOf = preparedPerDatabase((db) =>
  db
    .select({ productId: wishItems.productId })
    .from(wishItems)
    .where(and(eq(wishItems.userId, sql.placeholder("userId")), eq(wishItems.productId, sql.placeholder("productId"))))
    .prepare("wish_of"),
);

/** Whether the product is on her list (her product page says so). */
export async function isWished(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await wishOf(db).execute({ userId, productId });
  return Boolean(row);
}

/** Her list: its link's secret (null until she saves a first product) and the products, latest first. */
export async function myWishList(db: Db, userId: string): Promise<MyWishList> {
  const [list] = await db
    .select({ shareToken: wishLists.shareToken, mails: wishLists.mails })
    .from(wishLists)
    .where(eq(wishLists.userId, userId));
  return {
    shareToken: list?.shareToken ?? null,
    mails: list?.mails ?? true,
    items: list ? await productsInOrder(db, await savedIds(db, userId)) : [],
  };
}

/** Whose list a link opens, and her first name (nothing else of hers); null for a link that opens none. */
export async function listOfLink(q: Queryable, token: string): Promise<{ ownerId: string; firstName: string } | null> {
  if (!TOKEN.test(token)) return null;
  const [list] = await q
    .select({ ownerId: wishLists.userId, firstName: users.firstName })
    .from(wishLists)
    .innerJoin(users, eq(users.id, wishLists.userId))
    .where(eq(wishLists.shareToken, token));
  return list ?? null;
}

/** The list a link opens: her first name and the products (nothing else of hers); null for a link that opens none. */
export async function sharedWishList(db: Db, token: string): Promise<SharedWishList | null> {
  const list = await listOfLink(db, token);
  if (!list) return null;
  return { ...list, items: await productsInOrder(db, await savedIds(db, list.ownerId)) };
}

/** Whether she is mailed when a product on her list costs less or is back in stock (docs/product.md "Wish lists"). */
export async function setListMails(db: Db, userId: string, on: boolean): Promise<void> {
  const [list] = await db.update(wishLists).set({ mails: on }).where(eq(wishLists.userId, userId)).returning();
  if (!list) throw new AppError("conflict", "Save a product to your wish list first.");
}

/** A new link for her list: the old one opens nothing from now on. */
export async function newShareLink(db: Db, userId: string): Promise<string> {
  const [list] = await db.update(wishLists).set({ shareToken: newToken() }).where(eq(wishLists.userId, userId)).returning();
  if (!list) throw new AppError("conflict", "Save a product to your wish list first.");
  return list.shareToken;
}

/**
 * The rows with how many shoppers' lists hold each product (`wished`): the product table's sign of
 * what shoppers want, beside its stock. One grouped read for the page's products.
 */
export async function withWishCounts<T extends { id: string }>(q: Queryable, rows: T[]): Promise<(T & { wished: number })[]> {
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await q
        .select({ productId: wishItems.productId, n: count() })
        .from(wishItems)
        .where(inArray(wishItems.productId, ids))
        .groupBy(wishItems.productId)
    : [];
  const wished = new Map(counts.map((c) => [c.productId, c.n]));
  return rows.map((r) => ({ ...r, wished: wished.get(r.id) ?? 0 }));
}

/** The address of a list's link. */
export const wishListPath = (token: string) => `/wishlist/${token}`;
