import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { date, integer, interval, numeric, pgTable, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drizzleClient } from "./pglite-queries";

const moments = pgTable("moments", {
  id: integer().primaryKey(),
  at: timestamp({ withTimezone: true, mode: "date" }).notNull(),
  wallClock: timestamp({ mode: "string" }).notNull(),
  day: date().notNull(),
  wait: interval().notNull(),
  amounts: numeric().array().notNull(),
  days: date().array().notNull(),
});

const create = `create table moments (id int primary key, at timestamptz not null, "wallClock" timestamp not null,
  day date not null, wait interval not null, amounts numeric[] not null, days date[] not null)`;
const row = `insert into moments values (1, '2026-11-29 18:05:01.25+01', '2026-11-29 18:05:01', '2026-02-28',
  '1 day 02:03:04', '{1.50,2}', '{2026-01-01,2026-12-31}')`;

let plain: PGlite;
let lean: PGlite;
beforeAll(async () => {
  [plain, lean] = await Promise.all([PGlite.create(), PGlite.create()]);
  for (const db of [plain, lean]) await db.exec(`${create}; ${row}`);
});
afterAll(async () => {
  await Promise.all([plain.close(), lean.close()]);
});

describe("Drizzle on PGlite without per-query parsers", () => {
  it("reads every kind of date, time, interval and numeric array exactly as Drizzle does on its own", async () => {
    const theirs = drizzle({ client: plain });
    const ours = drizzle({ client: drizzleClient(lean) });
    const read = (db: typeof ours) => db.select().from(moments);
    const raw = (db: typeof ours) => db.execute(sql`select at, "wallClock", day, wait, amounts, days from moments`);
    expect(await read(ours)).toEqual(await read(theirs));
    expect((await raw(ours)).rows).toEqual((await raw(theirs)).rows);
    expect((await read(ours))[0]!.at).toEqual(new Date("2026-11-29T17:05:01.250Z"));
    // and in a transaction, where Drizzle queries through PGlite's transaction object
    const inTx = (db: typeof ours) => db.transaction((tx) => tx.select().from(moments));
    expect(await inTx(ours)).toEqual(await inTx(theirs));
  });

  it("sends PGlite the queries it does not keep without Drizzle's parsers, in and out of transactions", async () => {
    const seen: unknown[] = [];
    const spy = {
      parsers: lean.parsers,
      query: (query: string, params: unknown[], options: unknown) => {
        seen.push(options);
        return lean.query(query, params, options as never);
      },
      transaction: (work: (tx: unknown) => Promise<unknown>) => work(spy),
    };
    const ours = drizzle({ client: drizzleClient(spy as unknown as PGlite) });
    // reads and writes are kept as named statements (./pglite-statements.test.ts); these are not
    await ours.execute(sql`show timezone`);
    await ours.transaction((tx) => tx.execute(sql`set local statement_timeout = 0`));
    expect(seen).toEqual([{ rowMode: "object" }, { rowMode: "object" }]);
  });
});
