import crypto from "node:crypto";
import { and, eq, isNull, lt, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { idempotencyKeys } from "../../db/schema";
import { AppError } from "../../lib/errors";

export type Replayable<T> = { status: number; body: T; replayed: boolean };

export type OnceOptions = {
  /** how long a duplicate waits for the first request's answer before a 409 with Retry-After */
  waitMs?: number;
  /** a claim without an answer this old was left by a request that died: the next one takes it over */
  staleMs?: number;
  pollMs?: number;
};

export const IDEMPOTENCY_WAIT_MS = 5_000;
export const IDEMPOTENCY_STALE_MS = 60_000;
const RETRY_AFTER_S = 2;

export function requestHash(value: unknown): string {
  return crypto.createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `fn` once per (scope, key): the first answer is stored and returned again
 * for the same key (docs/style.md: checkout with an idempotency key). The key is
 * claimed by an insert, so two requests at once cannot both run; the second
 * waits for the first one's answer (up to `waitMs`, then 409 with Retry-After).
 * A claim still unanswered after `staleMs` belongs to a request that died (the
 * process stopped between claim and answer): the same request takes it over.
 * A failure frees the key, so the shopper can retry after fixing the cause.
 *
 * The claim's time is its token: only the request holding that claim stores its
 * answer or frees the key, so a very slow first request cannot overwrite the
 * request that took its claim over.
 */
export async function once<T>(
  db: Db,
  scope: string,
  key: string,
  hash: string,
  status: number,
  fn: () => Promise<T>,
  { waitMs = IDEMPOTENCY_WAIT_MS, staleMs = IDEMPOTENCY_STALE_MS, pollMs = 100 }: OnceOptions = {},
): Promise<Replayable<T>> {
  const thisKey = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key))!;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const claimedAt = new Date();
    if (await claim(db, thisKey, { scope, key, hash, claimedAt, staleMs })) return run(db, thisKey, claimedAt, status, fn);
    const [row] = await db.select().from(idempotencyKeys).where(thisKey);
    if (!row) continue; // the first attempt failed and freed the key just now: claim it
    if (row.requestHash !== hash) throw new AppError("conflict", "This Idempotency-Key was already used for a different request.");
    if (row.status != null) return { status: row.status, body: row.body as T, replayed: true };
    if (Date.now() >= deadline)
      throw new AppError("conflict", "A request with this Idempotency-Key is still being processed. Please retry in a moment.", {
        retryAfter: RETRY_AFTER_S,
      });
    await sleep(pollMs);
  }
}

/** A new claim, or the takeover of a stale one made for the same request. */
async function claim(
  db: Db,
  thisKey: SQL,
  c: { scope: string; key: string; hash: string; claimedAt: Date; staleMs: number },
): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ scope: c.scope, key: c.key, requestHash: c.hash, createdAt: c.claimedAt })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length) return true;
  const takenOver = await db
    .update(idempotencyKeys)
    .set({ createdAt: c.claimedAt })
    .where(
      and(
        thisKey,
        isNull(idempotencyKeys.status),
        eq(idempotencyKeys.requestHash, c.hash),
        lt(idempotencyKeys.createdAt, new Date(c.claimedAt.getTime() - c.staleMs)),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return takenOver.length > 0;
}

async function run<T>(db: Db, thisKey: SQL, claimedAt: Date, status: number, fn: () => Promise<T>): Promise<Replayable<T>> {
  const ours = and(thisKey, eq(idempotencyKeys.createdAt, claimedAt));
  try {
    const body = await fn();
    await db
      .update(idempotencyKeys)
      .set({ status, body: body as object })
      .where(ours);
    return { status, body, replayed: false };
  } catch (e) {
    await db.delete(idempotencyKeys).where(ours);
    throw e;
  }
}
