import type { ZodError } from "zod";

// docs/style.md: one error type with a closed set of kinds, mapped in one place.
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

type PgError = { code?: unknown; constraint?: unknown };

// PostgreSQL's error, as the driver raised it: Drizzle wraps it in `cause` (PGlite and node-postgres alike)
function pgError(e: unknown): PgError | null {
  if (!e || typeof e !== "object") return null;
  const cause = (e as { cause?: unknown }).cause;
  return cause && typeof cause === "object" && "code" in cause ? (cause as PgError) : (e as PgError);
}

/** SQLSTATE 23505: a unique index refused the write. */
export function isUniqueViolation(e: unknown): boolean {
  return pgError(e)?.code === "23505";
}

// The unique indexes a person can hit when two saves race past the services' checks: the field to name.
const uniqueFields: Record<string, { field: string; msg: string }> = {
  categories_name_lower_idx: { field: "name", msg: "A category with this name already exists." },
  delivery_rates_lga_lower_idx: { field: "lga", msg: "This LGA already has a delivery rate." },
  discount_codes_code_lower_idx: { field: "code", msg: "A discount code with this name already exists." },
  users_email_lower_idx: { field: "email", msg: "An account with this email already exists." },
};

/** A unique violation as a 409 naming the field when we know it; null for any other error. */
export function fromUniqueViolation(e: unknown): AppError | null {
  if (!isUniqueViolation(e)) return null;
  const known = uniqueFields[String(pgError(e)?.constraint)];
  if (known) return new AppError("conflict", known.msg, { fields: { [known.field]: known.msg } });
  return new AppError("conflict", "This already exists. Please reload the page and try again.");
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
