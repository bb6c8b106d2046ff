import fs from "node:fs";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { migrationsFolder } from "../../db/client";
import { emptyDatabase, migrationsUpTo } from "../support/migrations";

// 0045 lists the part payments the shop recorded itself on orders it had already cancelled with the
// payments not applied, to give back or keep (docs/product.md "Part payments"): only those, once
// each; a part chipped in online was listed at the cancel already, and an open order's part is not
// held.
it("0045 holds the parts the shop recorded on cancelled orders, and no other", { timeout: 120_000 }, async () => {
  const database = await emptyDatabase();
  const folder = migrationsUpTo("0044_refund_transactions");
  try {
    await database.migrate(folder);
    const { db } = database;
    const order = async (reference: string, status: string, depositKobo: number) =>
      (
        await db.execute<{ id: string }>(sql`
          insert into purchases (first_name, email, phone, street, city, state, address, subtotal_kobo, vat_kobo,
            delivery_kobo, total_kobo, payment_provider, payment_method, reference, status, deposit_kobo)
          values ('Ada', 'ada@old.ng', '0800', '', '', 'Lagos', 'a', 4000000, 300000, 0, 4300000, 'paystack', 'manual',
            ${reference}, ${status}, ${depositKobo})
          returning id`)
      ).rows[0]!.id;
    const cancelled = await order("ALF-off", "cancelled", 2_500_000);
    const open = await order("ALF-open", "pending", 1_000_000);
    await db.execute(sql`insert into part_payments (purchase_id, amount_kobo, paid_via, reference, transaction_id) values
      (${cancelled}, 1500000, 'transfer', 'GTB deposit', null),
      (${cancelled}, 500000, 'cash', null, null),
      (${cancelled}, 500000, 'provider', 'ALF-part', '4099260516'),
      (${open}, 1000000, 'transfer', 'deposit', null)`);
    // the chipped-in part was kept to refund when the order was cancelled
    await db.execute(sql`insert into stray_payments (purchase_id, provider, reference, transaction_id, amount_kobo, currency, reason)
      values (${cancelled}, 'paystack', 'ALF-part', '4099260516', 500000, 'NGN', 'chipped_in')`);
    await database.migrate(migrationsFolder);
    const rows = (
      await db.execute<{
        purchase_id: string;
        provider: string;
        amount_kobo: number;
        reason: string;
        status: string;
        paid_via: string | null;
      }>(
        sql`select s.purchase_id, s.provider, s.amount_kobo, s.reason, s.status, p.paid_via
            from stray_payments s left join part_payments p on p.id = s.part_payment_id order by s.amount_kobo desc, s.reason`,
      )
    ).rows;
    expect(rows).toEqual([
      {
        purchase_id: cancelled,
        provider: "manual",
        amount_kobo: 1_500_000,
        reason: "held_part",
        status: "refund_needed",
        paid_via: "transfer",
      },
      { purchase_id: cancelled, provider: "paystack", amount_kobo: 500_000, reason: "chipped_in", status: "refund_needed", paid_via: null },
      { purchase_id: cancelled, provider: "manual", amount_kobo: 500_000, reason: "held_part", status: "refund_needed", paid_via: "cash" },
    ]);
  } finally {
    await database.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
