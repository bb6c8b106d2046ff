import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentAttempts, purchases } from "../../db/schema";
import type { Env } from "../../lib/env.server";
import { AppError } from "../../lib/errors";
import { holdsOrder } from "./order-links.server";
import { isTeam } from "../accounts/roles";

/** Who asks to see an order: a signed-in user, and/or the holder of the order's signed link. */
export type OrderViewer = { user: { id: string; role: string } | null; token?: string | null };

/**
 * The order a payment reference belongs to, for someone allowed to see it (docs/product.md "Guest
 * checkout"): an admin, its buyer signed in, or whoever holds the order's signed link (a guest
 * comes back from the provider with it, and finds it in every order mail). Anyone else gets the
 * same 404 as for an order that does not exist.
 */
export async function orderForViewer(db: Db, env: Pick<Env, "SESSION_SECRET">, reference: string, viewer: OrderViewer) {
  const [row] = await db
    .select({ purchase: purchases })
    .from(paymentAttempts)
    .innerJoin(purchases, eq(purchases.id, paymentAttempts.purchaseId))
    .where(eq(paymentAttempts.reference, reference));
  const p = row?.purchase;
  const allowed = !!p && (isTeam(viewer.user?.role) || holdsOrder(env, p, { token: viewer.token, userId: viewer.user?.id }));
  if (!allowed) throw AppError.notFound("Order");
  return p;
}
