import fs from "node:fs";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { migrationsFolder } from "../../db/client";
import { emptyDatabase, migrationsUpTo } from "../support/migrations";

type Database = Awaited<ReturnType<typeof emptyDatabase>>;

/**
 * An order placed on a database migrated up to `lastTag`, then `check` with that database and
 * its purchase_search texts; `migrateTo` takes it further, up to a tag or through every migration.
 */
async function orderPlacedBefore(
  lastTag: string,
  phone: string,
  check: (db: Database["db"], texts: () => Promise<string[]>, migrateTo: (tag?: string) => Promise<void>) => Promise<void>,
) {
  const database = await emptyDatabase();
  const folders = [migrationsUpTo(lastTag)];
  try {
    await database.migrate(folders[0]!);
    await database.db.execute(sql`
      insert into purchases (first_name, last_name, email, phone, street, city, state, address,
        subtotal_kobo, vat_kobo, delivery_kobo, total_kobo, payment_provider, reference)
      values ('Ada', 'Obi', 'ada@old.ng', ${phone}, 's', 'c', 'Lagos', 'a', 100, 8, 0, 108, 'sandbox', 'ALF-old')`);
    const texts = async () =>
      (await database.db.execute<{ search_text: string }>(sql`select search_text from purchase_search`)).rows.map((r) => r.search_text);
    const migrateTo = async (tag?: string) => {
      if (!tag) return database.migrate(migrationsFolder);
      folders.push(migrationsUpTo(tag));
      await database.migrate(folders.at(-1)!);
    };
    await check(database.db, texts, migrateTo);
  } finally {
    await database.close();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  }
}

it("0005 gives the orders placed before it the last name in their search text", { timeout: 120_000 }, async () => {
  await orderPlacedBefore("0004_search_words", "0800", async (_db, texts, migrateTo) => {
    expect(await texts()).toEqual(["ada ada@old.ng"]);
    await migrateTo("0005_purchase_search_last_name");
    expect(await texts()).toEqual(["ada obi ada@old.ng"]);
  });
});

it(
  "0016 gives the orders placed before it the buyer's number in their search text, and follows a changed number",
  { timeout: 120_000 },
  async () => {
    await orderPlacedBefore("0015_stored_units_sold", "08035550142", async (db, texts, migrateTo) => {
      expect(await texts()).toEqual(["ada obi ada@old.ng"]);
      await migrateTo();
      expect(await texts()).toEqual(["ada obi ada@old.ng 08035550142"]);
      await db.execute(sql`update purchases set phone = '+2348021112222'`);
      expect(await texts()).toEqual(["ada obi ada@old.ng +2348021112222"]);
    });
  },
);

it(
  "0019 gives the gifts placed before it the recipient's name and number in their search text, and follows a changed recipient",
  { timeout: 120_000 },
  async () => {
    await orderPlacedBefore("0017_user_search_phone_digits", "08035550142", async (db, texts, migrateTo) => {
      await db.execute(sql`update purchases set is_gift = true, recipient_name = 'Temi Bakare', recipient_phone = '+2348094445566'`);
      expect(await texts()).toEqual(["ada obi ada@old.ng 08035550142"]);
      await migrateTo();
      expect(await texts()).toEqual(["ada obi ada@old.ng 08035550142 temi bakare +2348094445566"]);
      await db.execute(sql`update purchases set recipient_phone = '+2347012223344'`);
      expect(await texts()).toEqual(["ada obi ada@old.ng 08035550142 temi bakare +2347012223344"]);
    });
  },
);
