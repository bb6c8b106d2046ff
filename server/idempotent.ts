import type { Context } from "hono";
import type { Db } from "../db/client";
import { AppError } from "../lib/errors";
import { once, requestHash } from "../modules/orders/idempotency.server";
import { idempotencyKeySchema } from "../modules/orders/schemas";
import type { AppEnv } from "./context";

/**
 * Runs `fn` once per `Idempotency-Key` header within `scope` (docs/style.md: checkout with an
 * idempotency key): a repeat with the same key and input gets the first answer again,
 * marked `Idempotent-Replayed: true`. Without the header, `fn` simply runs.
 */
export async function idempotent<T>(c: Context<AppEnv>, db: Db, scope: string, input: unknown, status: 200 | 201, fn: () => Promise<T>) {
  const header = c.req.header("Idempotency-Key");
  if (header === undefined) return c.json((await fn()) as object, status);
  const key = idempotencyKeySchema.safeParse(header);
  if (!key.success) throw new AppError("invalid", key.error.issues[0]!.message);
  const answer = await once<T>(db, scope, key.data, requestHash(input), status, fn);
  if (answer.replayed) c.header("Idempotent-Replayed", "true");
  return c.json(answer.body as object, answer.status as typeof status);
}
