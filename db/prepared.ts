import type { Db } from "./client";

/**
 * A query asked on nearly every request, built once per database and sent as a prepared
 * statement: Drizzle assembles its SQL once rather than on every call (about 0.2–0.3 ms of the
 * server's CPU a query, on either database), and PostgreSQL parses and plans it once per
 * connection. Its values come as `sql.placeholder(name)`, bound at `.execute({ name: value })`.
 * `build` must end in `.prepare(name)` with a name of its own: PostgreSQL keeps the statement
 * under that name on each connection (a pooler in transaction mode must support prepared
 * statements, as PgBouncer does from 1.21 with `max_prepared_statements`).
 */
export function preparedPerDatabase<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
