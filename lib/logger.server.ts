import pino from "pino";

export type Logger = pino.Logger;

type QueryError = Error & { query: string; params: unknown; cause?: unknown };
// the database's fields that name what failed; `detail` (the failing row) and `params` hold the values
const DB_ERROR_FIELDS = ["code", "severity", "schema", "table", "column", "constraint", "routine"] as const;

/**
 * A failed query's error carries the query's values (Drizzle's in its message, stack and `params`, PGlite's
 * in `params`): a reset link in a queued mail, a token hash. It is logged as its SQL text and the
 * database's own message and code; any other error as pino would.
 */
function serializeError(err: unknown) {
  const isQueryError = err instanceof Error && typeof (err as QueryError).query === "string" && "params" in err;
  if (!isQueryError) return pino.stdSerializers.err(err as Error);
  const { query, cause, stack } = err as QueryError;
  // Drizzle wraps the driver's error in `cause`; PGlite's own error is the driver's
  const db = (cause && typeof cause === "object" ? cause : err) as unknown as Record<string, unknown>;
  return {
    type: "QueryError",
    message: String(db.message),
    query,
    ...Object.fromEntries(DB_ERROR_FIELDS.filter((k) => typeof db[k] === "string").map((k) => [k, db[k]])),
    stack: stack
      ?.split("\n")
      .filter((line) => /^\s+at /.test(line))
      .join("\n"),
  };
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      // never log credentials, even by accident
      redact: { paths: ["password", "*.password", "token", "*.token", "req.headers.cookie", "req.headers.authorization"], remove: true },
      serializers: { err: serializeError },
    },
    destination,
  );
}
