import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedPerDatabase } from "../../db/prepared";
import { products, purchaseItems, purchases, reviews, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { NOT_A_BUYER } from "./schemas";
import type { Reviewer, ReviewView } from "./types";
import { paidOrder } from "../orders/paid-orders.server";

export async function listReviews(db: Db, productId: string): Promise<ReviewView[]> {
  const rows = await db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      productId: reviews.productId,
      rating: reviews.rating,
      comment: reviews.comment,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt));
  return rows.map(({ firstName, lastName, createdAt, ...r }) => ({
    ...r,
    author: `${firstName} ${lastName.slice(0, 1)}.`.trim(),
    createdAt: createdAt.toISOString(),
  }));
}

/** Statuses of a purchase that was paid. */

/** Whether the shopper has a paid purchase of the product: what reviewing it takes (docs/product.md §6). */
export async function hasBought(db: Db, userId: string, productId: string): Promise<boolean> {
  const [bought] = await paidPurchaseOf(db).execute({ userId, productId });
  return Boolean(bought);
}

// a signed-in product page asks it: built once, a prepared statement (db/prepared.ts)
const paidPurchaseOf = preparedPerDatabase((db) =>
  db
    .select({ id: purchaseItems.id })
    .from(purchaseItems)
    .innerJoin(purchases, eq(purchases.id, purchaseItems.purchaseId))
    .where(and(eq(purchases.userId, sql.placeholder("userId")), eq(purchaseItems.productId, sql.placeholder("productId")), paidOrder()))
    .limit(1)
    .prepare("paid_purchase_of"),
);

/** Who is looking at a product's review form, so the page says what reviewing takes before she writes. */
export async function reviewerOf(db: Db, userId: string | null, productId: string): Promise<Reviewer> {
  if (!userId) return "guest";
  return (await hasBought(db, userId, productId)) ? "buyer" : "not_buyer";
}

/**
 * docs/product.md §6: only a customer who bought the product may review it; one review per
 * customer and product, a second one updates the first.
 */
export async function submitReview(db: Db, userId: string, productId: string, input: { rating: number; comment: string }) {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw AppError.notFound("Product");
  if (!(await hasBought(db, userId, productId))) throw new AppError("forbidden", NOT_A_BUYER);
  const [row] = await db
    .insert(reviews)
    .values({ userId, productId, rating: input.rating, comment: input.comment })
    .onConflictDoUpdate({
      target: [reviews.userId, reviews.productId],
      set: { rating: input.rating, comment: input.comment, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

/** The products a shopper has paid for, to pick on the standalone /review form. */
export async function reviewableProducts(db: Db, userId: string) {
  return db
    .selectDistinct({ id: products.id, title: products.title })
    .from(purchaseItems)
    .innerJoin(purchases, eq(purchases.id, purchaseItems.purchaseId))
    .innerJoin(products, eq(products.id, purchaseItems.productId))
    .where(and(eq(purchases.userId, userId), paidOrder()))
    .orderBy(products.title);
}
