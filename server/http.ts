import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import type { z } from "zod";
import { AppError, fromZod } from "../lib/errors";
import { rejectNulText } from "../lib/nul-text";
import { isRecordId } from "../lib/record-id";
import { parseSearchParams } from "../lib/search-params";

/** Reads a JSON body and validates it: malformed JSON and bad fields are both a 400. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new AppError("invalid", "The request body is not valid JSON.");
  }
  rejectNulText(raw);
  const result = schema.safeParse(raw);
  if (!result.success) throw fromZod(result.error);
  return result.data;
}

/** Validates query parameters (lib/search-params.ts, as the pages do): a bad one is a 400 naming it. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseSearchParams(new URL(c.req.url).searchParams, schema);
}

/** Page of a list, with the total in X-Total-Count (docs/architecture.md "API"). */
export function withTotal(c: Context, total: number) {
  c.header("X-Total-Count", String(total));
  c.header("Access-Control-Expose-Headers", "X-Total-Count");
}

/**
 * The client's address for rate limits. With `trustedProxies` = 0 it is the
 * socket's peer. Behind N proxies that each append the address they received
 * from to X-Forwarded-For, it is the N-th address from the right: everything
 * to the left of that was written by the client and can be made up.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, trustedProxies: number): string {
  if (trustedProxies <= 0 || !forwardedFor) return peer;
  const hops = [
    ...forwardedFor
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean),
    peer,
  ];
  // fewer hops than configured proxies: the request skipped one of them, so the left-most is all we know
  return hops[Math.max(0, hops.length - 1 - trustedProxies)]!;
}

/** The client's address for this request (TRUST_PROXY says how many proxies to look through); "local" in-process. */
export function clientIp(c: Context, trustedProxies: number): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const peer = env?.incoming?.socket?.remoteAddress ?? "local";
  return clientAddress(peer, c.req.header("x-forwarded-for"), trustedProxies);
}

/**
 * A record's id from the path (`:id`, or the parameter `name`). Anything but a uuid cannot name
 * a record, so it is a 404 like a missing one, for every method (never a database error).
 */
export function pathId(c: Context, what: string, name = "id"): string {
  const value = c.req.param(name) ?? "";
  if (!isRecordId(value)) throw AppError.notFound(what);
  return value.toLowerCase();
}

/** A CSV download; the name carries today's date. */
export function csvResponse(c: Context, name: string, body: string) {
  c.header("Content-Type", "text/csv; charset=utf-8");
  c.header("Content-Disposition", `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`);
  c.header("Cache-Control", "no-store");
  return c.body(body);
}

/** Hashed build files and uploads never change under their name: a year, immutable. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** The build's files without a hash in their name (favicons): an hour in any cache. */
export const AN_HOUR = "public, max-age=3600";

/** One header of a node:http request, repeated ones joined (for what is answered before Hono). */
export function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? null);
}
