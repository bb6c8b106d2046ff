import fs from "node:fs";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { migrationsFolder } from "../../db/client";
import { emptyDatabase, migrationsUpTo } from "../support/migrations";

it("0005 gives the orders placed before it the last name in their search text", { timeout: 120_000 }, async () => {
  const database = await emptyDatabase();
  const before = migrationsUpTo("0004_search_words");
  try {
    await database.migrate(before);
    await database.db.execute(sql`
      insert into purchases (first_name, last_name, email, phone, street, city, state, address,
        subtotal_kobo, vat_kobo, delivery_kobo, total_kobo, payment_provider, reference)
      values ('Ada', 'Obi', 'ada@old.ng', '0800', 's', 'c', 'Lagos', 'a', 100, 8, 0, 108, 'sandbox', 'ALF-old')`);
    const searchText = async () =>
      (await database.db.execute<{ search_text: string }>(sql`select search_text from purchase_search`)).rows.map((r) => r.search_text);
    expect(await searchText()).toEqual(["ada ada@old.ng"]);

    const through0005 = migrationsUpTo("0005_purchase_search_last_name");
    try {
      await database.migrate(through0005);
    } finally {
      fs.rmSync(through0005, { recursive: true, force: true });
    }
    expect(await searchText()).toEqual(["ada obi ada@old.ng"]);
  } finally {
    await database.close();
    fs.rmSync(before, { recursive: true, force: true });
  }
});

it(
  "0016 gives the orders placed before it the buyer's number in their search text, and follows a changed number",
  { timeout: 120_000 },
  async () => {
    const database = await emptyDatabase();
    const before = migrationsUpTo("0015_stored_units_sold");
    try {
      await database.migrate(before);
      await database.db.execute(sql`
      insert into purchases (first_name, last_name, email, phone, street, city, state, address,
        subtotal_kobo, vat_kobo, delivery_kobo, total_kobo, payment_provider, reference)
      values ('Ada', 'Obi', 'ada@old.ng', '08035550142', 's', 'c', 'Lagos', 'a', 100, 8, 0, 108, 'sandbox', 'ALF-old')`);
      const searchText = async () =>
        (await database.db.execute<{ search_text: string }>(sql`select search_text from purchase_search`)).rows.map((r) => r.search_text);
      expect(await searchText()).toEqual(["ada obi ada@old.ng"]);

      await database.migrate(migrationsFolder);
      expect(await searchText()).toEqual(["ada obi ada@old.ng 08035550142"]);
      await database.db.execute(sql`update purchases set phone = '+2348021112222'`);
      expect(await searchText()).toEqual(["ada obi ada@old.ng +2348021112222"]);
    } finally {
      await database.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  },
);
