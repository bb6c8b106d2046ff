import fs from "node:fs";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { migrationsFolder } from "../../db/client";
import { emptyDatabase, migrationsUpTo } from "../support/migrations";

it(
  "0006 keeps the products there were tracking their stock; a product inserted without one is not tracked",
  { timeout: 120_000 },
  async () => {
    const database = await emptyDatabase();
    const before = migrationsUpTo("0005_purchase_search_last_name");
    try {
      await database.migrate(before);
      await database.db.execute(sql`insert into categories (name) values ('Journals')`);
      await database.db.execute(sql`
      insert into products (title, description, price_kobo, category_id, stock)
      select t.title, 'd', 100000, c.id, t.stock from categories c, (values ('Counted', 7), ('Sold out', 0)) as t(title, stock)`);
      // before 0006 a product inserted without a stock figure got 0: sold out
      await database.db.execute(
        sql`insert into products (title, description, price_kobo, category_id) select 'Old default', 'd', 100000, id from categories`,
      );

      await database.migrate(migrationsFolder);
      await database.db.execute(
        sql`insert into products (title, description, price_kobo, category_id) select 'New', 'd', 100000, id from categories`,
      );
      const rows = (
        await database.db.execute<{ title: string; stock: number | null }>(sql`select title, stock from products order by title`)
      ).rows;
      expect(rows).toEqual([
        { title: "Counted", stock: 7 },
        { title: "New", stock: null },
        { title: "Old default", stock: 0 },
        { title: "Sold out", stock: 0 },
      ]);
    } finally {
      await database.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  },
);
