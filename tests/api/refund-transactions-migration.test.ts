import fs from "node:fs";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { migrationsFolder } from "../../db/client";
import { emptyDatabase, migrationsUpTo } from "../support/migrations";

// 0044 names the transaction each earlier refund gave back from (docs/product.md "Refunds": an order
// paid in parts is refunded the way its money came): every refund before it went through its
// order's one transaction (its id, or its payment reference when the provider gave none), or by hand.
it("0044 gives each earlier refund its order's transaction; one sent back by hand has none", { timeout: 120_000 }, async () => {
  const database = await emptyDatabase();
  const folder = migrationsUpTo("0043_chip_in");
  try {
    await database.migrate(folder);
    const { db } = database;
    const order = async (reference: string, transaction: string | null) =>
      (
        await db.execute<{ id: string }>(sql`
          insert into purchases (first_name, email, phone, street, city, state, address, subtotal_kobo, vat_kobo,
            delivery_kobo, total_kobo, payment_provider, reference, transaction_id, paid_at)
          values ('Temi', 'temi@old.ng', '0800', '', '', 'Lagos', 'a', 100000, 7500, 0, 107500, 'paystack', ${reference},
            ${transaction}, now())
          returning id`)
      ).rows[0]!.id;
    const card = await order("ALF-card", "4099260516");
    const noId = await order("ALF-noid", null);
    await db.execute(sql`insert into refunds (purchase_id, amount_kobo, status, provider, reference) values
      (${card}, 5000, 'processed', 'paystack', 'RFD-card'),
      (${card}, 2000, 'processed', 'manual', 'RFD-hand'),
      (${noId}, 3000, 'pending', 'paystack', 'RFD-noid')`);
    await database.migrate(migrationsFolder);
    const rows = (
      await db.execute<{ reference: string; transaction_id: string | null }>(
        sql`select reference, transaction_id from refunds order by reference`,
      )
    ).rows;
    expect(rows).toEqual([
      { reference: "RFD-card", transaction_id: "4099260516" },
      { reference: "RFD-hand", transaction_id: null },
      { reference: "RFD-noid", transaction_id: "ALF-noid" },
    ]);
  } finally {
    await database.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
