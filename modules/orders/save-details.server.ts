import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { purchases, users } from "../../db/schema";
import type { Env } from "../../lib/env.server";
import { AppError } from "../../lib/errors";
import { linkKeys, settleGuestOrder } from "../accounts/email-proof.server";
import { isOrderViewToken } from "./order-links.server";
import { isPaidOrder } from "./statuses";

// docs/product.md "Guest checkout": 'Save my details' after the order, from its page. A guest who did
// not tick it at the checkout can still have her account made from a paid order, by its link, as the
// tick would have made it: the order in it, and a link mailed to set the password.

/** Whether the order's page offers it: a paid guest order whose email has no account yet. */
export async function offersSavedDetails(
  db: Db | Tx,
  order: { userId: string | null; email: string; status: string; paidAt: Date | string | null },
): Promise<boolean> {
  if (order.userId || !order.email || !isPaidOrder(order)) return false;
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${order.email})`);
  return !owner;
}

/**
 * Makes the account from the order for whoever holds its link (another order's link, or none, is
 * the 404 of an order that does not exist). Once, however often it is asked: an email that has an
 * account by now is told so and gets nothing more.
 */
export async function saveDetailsFromOrder(
  db: Db,
  env: Pick<Env, "SESSION_SECRET" | "PUBLIC_URL" | "PORT">,
  purchaseId: string,
  token: string | null | undefined,
): Promise<{ email: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
    if (!order || !isOrderViewToken(env, order.id, token)) throw AppError.notFound("Order");
    if (!isPaidOrder(order)) throw new AppError("conflict", "Your details can be saved once the order is paid.");
    if (!(await offersSavedDetails(tx, order))) return { email: order.email, created: false };
    const [marked] = await tx.update(purchases).set({ saveDetails: true }).where(eq(purchases.id, order.id)).returning();
    const settled = await settleGuestOrder(tx, marked!, linkKeys(env));
    return { email: order.email, created: settled.userId !== null };
  });
}
