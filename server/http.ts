import type { Context } from "hono";
import type { z } from "zod";
import { AppError, fromZod } from "../lib/errors";

/** Reads a JSON body and validates it: malformed JSON and bad fields are both a 400. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new AppError("invalid", "The request body is not valid JSON.");
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw fromZod(result.error);
  return result.data;
}

/** Validates query parameters: a bad one is a 400 naming it. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) throw fromZod(result.error, "Invalid query parameter.");
  return result.data;
}

/** Page of a list, with the total in X-Total-Count (ARCHITECTURE.md "API"). */
export function withTotal(c: Context, total: number) {
  c.header("X-Total-Count", String(total));
  c.header("Access-Control-Expose-Headers", "X-Total-Count");
}

/** The peer's address (the socket's, never a spoofable header); "local" for in-process requests. */
export function clientIp(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? "local";
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid path parameter; anything else cannot name a record, so it is a 404 (never a database error). */
export function uuidParam(c: Context, name: string, what: string): string {
  const value = c.req.param(name) ?? "";
  if (!UUID.test(value)) throw AppError.notFound(what);
  return value.toLowerCase();
}
