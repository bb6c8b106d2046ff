import { types, type PGlite, type Transaction } from "@electric-sql/pglite";

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

const leanQueries = (client: Pick<Transaction, "query">) => ({
  query: <T>(query: string, params?: unknown[], options?: QueryOptions) => client.query<T>(query, params, withoutParsers(options)),
});

/**
 * What Drizzle is given for a PGlite database: its queries and transactions (Drizzle runs only
 * queries in one), each query sent without the parsers Drizzle adds, which the database now has.
 */
export function drizzleClient(client: PGlite): PGlite {
  // after PGlite.create, which has made the array types' parsers from their elements' parsers
  Object.assign(client.parsers, TEXT_VALUES);
  return {
    ...leanQueries(client),
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => client.transaction((tx) => work(leanQueries(tx) as Transaction)),
  } as unknown as PGlite;
}
