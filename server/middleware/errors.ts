import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { AppError, fromUniqueViolation, fromZod, type ErrorBody } from "../../lib/errors";
import type { AppEnv } from "../context";

/** The one place that turns any thrown error into a status and a {msg, code, fields} body. */
export function errorResponse(err: unknown, c: Context<AppEnv>) {
  const requestId = c.get("requestId");
  const appError = toAppError(err);
  if (appError) {
    if (appError.retryAfter) c.header("Retry-After", String(appError.retryAfter));
    return c.json(appError.toBody(), appError.status as 400);
  }
  // a failed query is logged without its values: see the logger's err serializer
  c.get("logger")?.error({ err, requestId }, "unhandled error");
  const body: ErrorBody = { msg: "Something went wrong. Please try again.", code: "internal", requestId };
  return c.json(body, 500);
}

function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return fromZod(err);
  if (err instanceof HTTPException) {
    if (err.status === 413) return new AppError("too_large", "The request is too large.");
    if (err.status === 400) return new AppError("invalid", err.message || "Bad request.");
  }
  return fromUniqueViolation(err);
}

export function notFoundResponse(c: Context<AppEnv>) {
  return c.json({ msg: "Not found", code: "not_found" } satisfies ErrorBody, 404);
}
