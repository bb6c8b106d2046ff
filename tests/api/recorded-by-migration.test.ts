import fs from "node:fs";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { migrationsFolder } from "../../db/client";
import { emptyDatabase, migrationsUpTo } from "../support/migrations";

// 0039 gives the orders the team recorded before it their member (the report by team member,
// docs/product.md "Reports"): the actor of each order's first event. A web order has none.
it(
  "0039 says who recorded the desk's earlier orders, from their first event; a web order stays the website's",
  { timeout: 120_000 },
  async () => {
    const database = await emptyDatabase();
    const folder = migrationsUpTo("0038_team_gifts_messages");
    try {
      await database.migrate(folder);
      const { db } = database;
      const [ada, bisi] = (
        await db.execute<{ id: string }>(sql`
        insert into users (first_name, last_name, email, password_hash, role)
        values ('Ada', 'Owner', 'ada@old.ng', 'x', 'admin'), ('Bisi', 'Staff', 'bisi@old.ng', 'x', 'staff')
        returning id`)
      ).rows;
      const order = async (reference: string, source: string) =>
        (
          await db.execute<{ id: string }>(sql`
          insert into purchases (first_name, email, phone, street, city, state, address, subtotal_kobo, vat_kobo,
            delivery_kobo, total_kobo, payment_provider, reference, source)
          values ('Temi', '', '0800', '', '', 'Lagos', 'a', 100, 8, 0, 108, 'sandbox', ${reference}, ${source}::order_source)
          returning id`)
        ).rows[0]!.id;
      const desk = await order("ALF-desk", "instagram");
      const web = await order("ALF-web", "web");
      // the desk's order: placed by Bisi, then moved on by Ada; the web order's first event is the shopper's
      await db.execute(sql`insert into purchase_events (purchase_id, status, note, actor_id, created_at) values
      (${desk}, 'pending', 'order recorded by the shop', ${bisi!.id}, now() - interval '2 hours'),
      (${desk}, 'completed', null, ${ada!.id}, now() - interval '1 hour'),
      (${web}, 'pending', 'order placed', ${ada!.id}, now())`);
      await database.migrate(migrationsFolder);
      const rows = (
        await db.execute<{ reference: string; recorded_by: string | null }>(
          sql`select reference, recorded_by from purchases order by reference`,
        )
      ).rows;
      expect(rows).toEqual([
        { reference: "ALF-desk", recorded_by: bisi!.id },
        { reference: "ALF-web", recorded_by: null },
      ]);
    } finally {
      await database.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  },
);
