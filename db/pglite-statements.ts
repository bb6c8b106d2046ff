import { parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

// PGlite's `query` parses, analyses and plans its text on every call, in five trips into the
// database (parse, describe, bind, describe, execute): about 0.3 ms of the server's CPU for a
// lookup by key, most of it before a row is read (planning alone asks the file system for the
// size of every table it touches). A statement kept by name is parsed once and, after a few
// runs, keeps its plan: each later call is one trip (bind, describe, execute, sync), about
// 0.07 ms. PostgreSQL does the same for the queries given a name (db/prepared.ts); on PGlite,
// the shop's single embedded session, every read and write of the application is kept so.

const { serialize } = protocol;

/** What Drizzle sends to read or write; schema changes, transaction control and the like go the usual way. */
const KEPT = /^\s*(select|insert|update|delete|with)\b/i;

/** How many texts stay prepared; the least recently used is closed beyond. */
export const STATEMENT_LIMIT = 256;

type Statement = { name: string; paramTypes: number[] };

/** one count for the process: two runners on one database never reuse a name */
let named = 0;

export type StatementRunner = {
  /** whether `text` is kept as a named statement; if not, it goes through PGlite's own `query` */
  keeps(text: string, options: QueryOptions | undefined): boolean;
  /** Runs `text` as a kept statement. Call it holding the locks PGlite's own `query` takes. */
  run<T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>>;
  /** the texts kept, least recently used first (for tests) */
  kept(): string[];
};

export function statementRunner(client: PGlite, limit = STATEMENT_LIMIT): StatementRunner {
  const statements = new Map<string, Statement>();

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const messages: Uint8Array[] = [];
    if (statements.size >= limit) {
      // the least recently used goes: PostgreSQL forgets it before it learns the new one
      const [oldest, { name: old }] = statements.entries().next().value!;
      statements.delete(oldest);
      messages.push(serialize.close({ type: "S", name: old }));
    }
    const name = `alafia_${++named}`;
    messages.push(serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: "S", name }), serialize.sync());
    const described = await client.execProtocol(join(messages), { syncToFs: false });
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described.messages) };
    statements.set(text, statement);
    return statement;
  }

  async function execute<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let statement = statements.get(text);
    if (statement) {
      // most recently used last
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, options);
    }
    const values = params.map((value, i) => {
      if (value == null) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await client.execProtocol(
      join([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: !client.isInTransaction() },
    );
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  return {
    keeps: (text, options) => !options?.blob && KEPT.test(text),
    run<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
      return execute<T>(text, params, options).catch((error: unknown) => {
        // as PGlite's own query does: the error names the query that failed
        throw Object.assign(error as object, { query: text, params, queryOptions: options });
      });
    },
    kept: () => [...statements.keys()],
  };
}

function join(messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((size, m) => size + m.length, 0));
  let at = 0;
  for (const m of messages) {
    out.set(m, at);
    at += m.length;
  }
  return out;
}
