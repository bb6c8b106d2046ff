import { types, type PGlite, type Transaction } from "@electric-sql/pglite";
import { statementRunner, type StatementRunner } from "./pglite-statements";

// Drizzle keeps dates, times, intervals and numeric arrays as text by giving every query nine
// parsers of its own. PGlite then copies its whole table of parsers (about 320, one per type)
// into a new object for that query: about 0.15 ms a query, a third of what a simple read costs.
// `drizzleClient` sets the nine once on the database instead, and Drizzle's queries reach PGlite
// without theirs: the same values, no copy.

const asText = (value: string) => value;

/** Drizzle's own list (drizzle-orm/pglite/session.js): these types stay as PostgreSQL writes them. */
const TEXT_VALUES = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

type QueryOptions = Parameters<PGlite["query"]>[2];

function withoutParsers(options: QueryOptions): QueryOptions {
  if (!options?.parsers) return options;
  const { parsers: _theirs, ...rest } = options;
  return rest;
}

/** A query from Drizzle: kept as a named statement (./pglite-statements.ts), else through PGlite's own. */
function leanQuery(client: Pick<Transaction, "query">, statements: StatementRunner, locked: <T>(work: () => Promise<T>) => Promise<T>) {
  return <T>(query: string, params?: unknown[], options?: QueryOptions) => {
    const lean = withoutParsers(options);
    return statements.keeps(query, lean) ? locked(() => statements.run<T>(query, params, lean)) : client.query<T>(query, params, lean);
  };
}

/**
 * What Drizzle is given for a PGlite database: its queries and transactions (Drizzle runs only
 * queries in one), each query sent without the parsers Drizzle adds, which the database now has,
 * and kept as a named statement.
 */
export function drizzleClient(client: PGlite): PGlite {
  // after PGlite.create, which has made the array types' parsers from their elements' parsers
  Object.assign(client.parsers, TEXT_VALUES);
  const statements = statementRunner(client);
  // what PGlite's own query does first: refuse on a closed database, then take its locks (outside
  // a transaction, no transaction may be open)
  const alone = async <T>(work: () => Promise<T>) => {
    await client._checkReady();
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(work));
  };
  return {
    query: leanQuery(client, statements, alone),
    transaction: <T>(work: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => {
        // inside one, its own: the transaction holds the other
        const inside = <R>(run: () => Promise<R>) => {
          if (tx.closed) throw new Error("Transaction is closed");
          return client._runExclusiveQuery(run);
        };
        return work({ query: leanQuery(tx, statements, inside) } as Transaction);
      }),
  } as unknown as PGlite;
}
