import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { drizzleClient } from "./pglite-queries";
import { statementRunner } from "./pglite-statements";

const notes = pgTable("notes", {
  id: uuid().primaryKey().defaultRandom(),
  title: text().notNull().unique(),
  stars: integer(),
  tags: text().array(),
  extra: jsonb(),
  at: timestamp({ withTimezone: true, mode: "date" }),
});
const create = `create table notes (id uuid primary key default gen_random_uuid(), title text not null unique,
  stars int, tags text[], extra jsonb, at timestamptz)`;

let kept: PGlite;
let plain: PGlite;
beforeAll(async () => {
  [kept, plain] = await Promise.all([PGlite.create(), PGlite.create()]);
  for (const db of [kept, plain]) await db.exec(create);
});
afterAll(async () => {
  await Promise.all([kept.close(), plain.close()]);
});
beforeEach(async () => {
  for (const db of [kept, plain]) await db.exec("truncate notes");
});

const prepared = async (db: PGlite) =>
  (await db.query<{ name: string; statement: string }>("select name, statement from pg_prepared_statements order by prepare_time")).rows;

describe("PGlite reads and writes kept as named statements", () => {
  it("answers every read and write as PGlite's own query does", async () => {
    const ours = drizzle({ client: drizzleClient(kept) });
    const theirs = drizzle({ client: plain });
    const at = new Date("2026-11-29T17:05:01.250Z");
    const work = async (db: typeof ours) => {
      const [made] = await db
        .insert(notes)
        .values({ title: "Gratitude", stars: 4, tags: ["calm", "a,b"], extra: { gift: true, note: "for Tolu" }, at })
        .returning({ title: notes.title, tags: notes.tags, extra: notes.extra, at: notes.at });
      await db.insert(notes).values({ title: "Plain", stars: null });
      const updated = await db.update(notes).set({ stars: 5 }).where(eq(notes.title, "Gratitude")).returning({ stars: notes.stars });
      const rows = await db
        .select({ title: notes.title, stars: notes.stars, tags: notes.tags, extra: notes.extra, at: notes.at })
        .from(notes)
        .orderBy(notes.title);
      const counted = await db.execute(sql`select count(*)::int as n from ${notes} where ${notes.stars} is null`);
      const deleted = await db.delete(notes).where(eq(notes.title, "Plain")).returning({ title: notes.title });
      return { made, updated, rows, counted: counted.rows, deleted };
    };
    const mine = await work(ours);
    expect(mine).toEqual(await work(theirs));
    expect(mine.made!.at).toEqual(at);
    expect(mine.rows[0]!.extra).toEqual({ gift: true, note: "for Tolu" });
  });

  it("parses each text once: PostgreSQL keeps it by name and it answers each call with that call's values", async () => {
    const client = drizzleClient(kept);
    const ours = drizzle({ client });
    const before = new Set((await prepared(kept)).map((p) => p.name));
    await ours.insert(notes).values([{ title: "One" }, { title: "Two" }]);
    const byTitle = (title: string) => ours.select({ title: notes.title }).from(notes).where(eq(notes.title, title));
    expect(await byTitle("One")).toEqual([{ title: "One" }]);
    expect(await byTitle("Two")).toEqual([{ title: "Two" }]);
    expect(await byTitle("Three")).toEqual([]);
    // the insert (one text) and the select (one text, three calls); found by name, not by
    // prepare_time, which PGlite keeps to the millisecond (two statements often share one)
    const added = (await prepared(kept)).filter((p) => !before.has(p.name)).map((p) => p.statement);
    expect(added).toHaveLength(2);
    expect(added).toContainEqual(expect.stringMatching(/^insert into "notes" /));
    expect(added).toContainEqual(expect.stringMatching(/^select "title" from "notes" where "notes"."title" = \$1$/));
  });

  it("closes the least recently used beyond its limit", async () => {
    const runner = statementRunner(kept, 2);
    const before = (await prepared(kept)).length;
    const run = (text: string) => kept._runExclusiveQuery(() => runner.run(text, [], undefined));
    await run("select 1 as a");
    await run("select 2 as b");
    await run("select 1 as a");
    await run("select 3 as c");
    expect(runner.kept()).toEqual(["select 1 as a", "select 3 as c"]);
    const now = (await prepared(kept)).map((p) => p.statement);
    expect(now.length - before).toBe(2);
    expect(now).not.toContain("select 2 as b");
    // and runs it again, prepared anew, when asked
    expect((await run("select 2 as b")).rows).toEqual([{ b: 2 }]);
  });

  it("fails as PGlite's own query does, and the next call is answered", async () => {
    const ours = drizzle({ client: drizzleClient(kept) });
    const add = (title: string) => ours.insert(notes).values({ title });
    await add("Twice");
    const failure: { cause?: { code?: string; query?: string } } = await add("Twice")
      .then(() => ({}))
      .catch((e: { cause?: { code?: string; query?: string } }) => e);
    expect(failure.cause?.code).toBe("23505");
    expect(failure.cause?.query).toMatch(/^insert into "notes"/);
    // a bad value is refused when it is bound, not kept as the statement's
    const bad: { cause?: { code?: string } } = await ours
      .select()
      .from(notes)
      .where(eq(notes.id, "not-a-uuid"))
      .then(() => ({}))
      .catch((e: { cause?: { code?: string } }) => e);
    expect(bad.cause?.code).toBe("22P02");
    await add("Once");
    expect((await ours.select({ title: notes.title }).from(notes).orderBy(notes.title)).map((n) => n.title)).toEqual(["Once", "Twice"]);
  });

  it("keeps a statement first prepared in a transaction that rolled back", async () => {
    const ours = drizzle({ client: drizzleClient(kept) });
    const count = () =>
      ours
        .select({ n: sql<number>`count(*)::int` })
        .from(notes)
        .where(sql`${notes.stars} > 2`);
    await ours
      .transaction(async (tx) => {
        await tx.insert(notes).values({ title: "Rolled back", stars: 3 });
        expect(
          await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(notes)
            .where(sql`${notes.stars} > 2`),
        ).toEqual([{ n: 1 }]);
        throw new Error("undo");
      })
      .catch(() => {});
    expect(await count()).toEqual([{ n: 0 }]);
  });

  it("never runs inside another caller's open transaction", async () => {
    const ours = drizzle({ client: drizzleClient(kept) });
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const rolledBack = ours
      .transaction(async (tx) => {
        await tx.insert(notes).values({ title: "Not yet" });
        opened();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error("undo");
      })
      .catch(() => "rolled back");
    await Promise.race([open, rolledBack]);
    // asked while the transaction is open: it waits for it, and so never sees its row
    const seen = await ours.select({ title: notes.title }).from(notes);
    expect(await rolledBack).toBe("rolled back");
    expect(seen).toEqual([]);
  });

  it("refuses on a closed database as PGlite's own query does", async () => {
    const closing = await PGlite.create();
    const ours = drizzle({ client: drizzleClient(closing) });
    expect(await ours.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] });
    await closing.close();
    const refused: { cause?: { message?: string } } = await ours
      .execute(sql`select 1 as one`)
      .then(() => ({}))
      .catch((e: { cause?: { message?: string } }) => e);
    expect(refused.cause?.message).toBe("PGlite is closed");
  });
});
