import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { idempotencyKeys } from "../../db/schema";
import { AppError } from "../../lib/errors";

export type Replayable<T> = { status: number; body: T; replayed: boolean };

export function requestHash(value: unknown): string {
  return crypto.createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

/**
 * Runs `fn` once per (scope, key): the first answer is stored and returned again
 * for the same key (STYLE.md: checkout with an idempotency key). The key is
 * claimed by an insert, so two requests at once cannot both run. A failure
 * frees the key, so the shopper can retry after fixing the cause.
 */
export async function once<T>(
  db: Db,
  scope: string,
  key: string,
  hash: string,
  status: number,
  fn: () => Promise<T>,
): Promise<Replayable<T>> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  if (!claimed.length) {
    const [row] = await db.select().from(idempotencyKeys).where(where);
    if (!row) throw new AppError("conflict", "This request is being retried too quickly. Please try again.");
    if (row.requestHash !== hash) throw new AppError("conflict", "This Idempotency-Key was already used for a different request.");
    if (row.status == null) throw new AppError("conflict", "A request with this Idempotency-Key is still being processed.");
    return { status: row.status, body: row.body as T, replayed: true };
  }
  try {
    const body = await fn();
    await db
      .update(idempotencyKeys)
      .set({ status, body: body as object })
      .where(where);
    return { status, body, replayed: false };
  } catch (e) {
    await db.delete(idempotencyKeys).where(where);
    throw e;
  }
}
