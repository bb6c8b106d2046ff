import pino from "pino";

export type Logger = pino.Logger;

type QueryError = Error & { query: string; params: unknown; cause?: unknown };
// the database's fields that name what failed; `detail` (the failing row) and `params` hold the values
const DB_ERROR_FIELDS = ["code", "severity", "schema", "table", "column", "constraint", "routine"] as const;

const isQueryError = (err: unknown): err is QueryError =>
  err instanceof Error && typeof (err as QueryError).query === "string" && "params" in err;
// the driver's own error (node-postgres, PGlite) when nothing wrapped it: its `detail` holds the row's values
const isDatabaseError = (err: unknown): err is Error & Record<string, unknown> =>
  err instanceof Error &&
  typeof (err as { code?: unknown }).code === "string" &&
  typeof (err as { routine?: unknown }).routine === "string";

/**
 * A failed query's error carries the query's values (Drizzle's in its message, stack and `params`, PGlite's
 * in `params`): a reset link in a queued mail, a token hash, a shopper's search. It is logged as its SQL text
 * and the database's own message and code; any other error as pino would, except that its `cause` is
 * serialized by these same rules (pino folds a cause's message, values and all, into the outer message).
 */
function serializeError(err: unknown, depth = 0): unknown {
  if (isQueryError(err)) return serializeQueryError(err);
  if (isDatabaseError(err)) return databaseFields("DatabaseError", err, err.stack);
  const cause = err instanceof Error ? (err as { cause?: unknown }).cause : undefined;
  if (cause === undefined || depth >= 5) return pino.stdSerializers.err(err as Error);
  const e = err as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { type: e.constructor?.name ?? e.name, message: e.message, stack: e.stack };
  for (const key of Object.keys(e)) {
    if (key in out || key === "cause") continue;
    out[key] = e[key] instanceof Error ? serializeError(e[key], depth + 1) : e[key];
  }
  out.cause = serializeError(cause, depth + 1);
  return out;
}

function serializeQueryError(err: QueryError) {
  // Drizzle wraps the driver's error in `cause`; PGlite's own error is the driver's
  const db = (err.cause && typeof err.cause === "object" ? err.cause : err) as Record<string, unknown>;
  return { ...databaseFields("QueryError", db, err.stack), query: err.query };
}

/** The database's message and the fields that name what failed, and the stack's frames only (Drizzle's first line lists the values). */
function databaseFields(type: string, db: Record<string, unknown>, stack: string | undefined) {
  return {
    type,
    // Drizzle's own message (when no driver error is wrapped) ends with the values
    message: String(db.message).split("\nparams:")[0],
    ...Object.fromEntries(DB_ERROR_FIELDS.filter((k) => typeof db[k] === "string").map((k) => [k, db[k]])),
    stack: stack
      ?.split("\n")
      .filter((line) => /^\s+at /.test(line))
      .join("\n"),
  };
}

/**
 * The server's log: stdout, written asynchronously. A line per request, written by a system call
 * each, was a quarter of the CPU of a cached page under load; lines logged while a write is under
 * way go out together in the next one. What is still buffered is written out when the process
 * exits (pino flushes it on `exit`), a crash included; a `kill -9` may lose the last few lines.
 */
export function serverLogDestination(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      // never log credentials, even by accident
      redact: { paths: ["password", "*.password", "token", "*.token", "req.headers.cookie", "req.headers.authorization"], remove: true },
      serializers: { err: (err: unknown) => serializeError(err) },
    },
    destination,
  );
}

/**
 * Errors nothing caught (a rejected promise no one awaited) go through the logger and its
 * redaction like every other error, not to stderr with a query's values; the process then
 * stops, as Node would, for its supervisor to restart it.
 */
export function logProcessErrors(logger: Logger) {
  const fatal = (kind: string) => (err: unknown) => {
    logger.fatal({ err }, kind);
    process.exit(1);
  };
  process.on("uncaughtException", fatal("uncaught exception"));
  process.on("unhandledRejection", fatal("unhandled rejection"));
}
