import type { ZodError } from "zod";

// STYLE.md §4: one error type with a closed set of kinds, mapped in one place.
export const errorStatus = {
  invalid: 400,
  unauthorized: 401,
  payment_failed: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type ErrorKind = keyof typeof errorStatus;

export type ErrorBody = { msg: string; code: ErrorKind | "internal"; fields?: Record<string, string>; requestId?: string };

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly fields?: Record<string, string>;
  /** seconds, for rate_limited */
  readonly retryAfter?: number;

  constructor(kind: ErrorKind, msg: string, extra: { fields?: Record<string, string>; retryAfter?: number } = {}) {
    super(msg);
    this.name = "AppError";
    this.kind = kind;
    this.fields = extra.fields;
    this.retryAfter = extra.retryAfter;
  }

  get status(): number {
    return errorStatus[this.kind];
  }

  toBody(): ErrorBody {
    return { msg: this.message, code: this.kind, ...(this.fields ? { fields: this.fields } : {}) };
  }

  static notFound(what: string) {
    return new AppError("not_found", `${what} not found`);
  }
}

/** Field messages of a zod failure, keyed by dotted path ("" for the root). */
export function zodFields(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || (issue.code === "unrecognized_keys" ? issue.keys.join(",") : "_");
    fields[key] ??= issue.message;
  }
  return fields;
}

export function fromZod(error: ZodError, msg = "Please check the highlighted fields."): AppError {
  return new AppError("invalid", msg, { fields: zodFields(error) });
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
