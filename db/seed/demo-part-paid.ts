import { eq, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { partPayments, purchaseEvents, purchases } from "../schema";
import { addDays, lagosNow, shortDay } from "../../lib/lagos-calendar";
import { insertDemoPurchase, type SeedProduct } from "./demo-purchase";

// A company's order of twenty journals, half paid by transfer, its rest due two days ago and not in
// yet, so the back office shows a part payment and its day gone by in the demo (docs/product.md
// "Part payments"): the order page, "Rest overdue" on the orders list, the dashboard's line.

export async function seedDemoPartPaid(tx: Tx, products: SeedProduct[], now: Date) {
  if (!products.length) return;
  const today = lagosNow(now).date;
  const restDueOn = addDays(today, -2);
  const createdAt = new Date(now.getTime() - 9 * 86_400_000);
  const id = await insertDemoPurchase(
    tx,
    {
      firstName: "Chioma",
      lastName: "Nnaji",
      email: "chioma.nnaji@example.ng",
      phone: "08035550192",
      street: "7 Kofo Abayomi Street",
      city: "Victoria Island",
      state: "Lagos",
      address: "7 Kofo Abayomi Street, Victoria Island, Lagos",
      lga: "Eti-Osa",
      companyName: "Brightpath Consulting",
      source: "whatsapp",
      status: "pending",
      paymentMethod: "transfer",
      paymentProvider: "sandbox",
      reference: "ALF-PART-0001",
      createdAt,
      restDueOn,
      // her reminder went that morning
      restRemindedOn: restDueOn,
    },
    [{ product: products[1 % products.length]!, quantity: 20 }],
  );
  // half now: whole naira, below the total
  const [row] = await tx
    .update(purchases)
    .set({ depositKobo: sql`(${purchases.totalKobo} / 200) * 100` })
    .where(eq(purchases.id, id))
    .returning({ depositKobo: purchases.depositKobo, totalKobo: purchases.totalKobo });
  await tx
    .insert(partPayments)
    .values({ purchaseId: id, amountKobo: row!.depositKobo, paidVia: "transfer", reference: "Brightpath 50%", createdAt });
  const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString("en-NG")}`;
  await tx.insert(purchaseEvents).values({
    purchaseId: id,
    status: "pending",
    note: `part payment: ${naira(row!.depositKobo)} by bank transfer (Brightpath 50%) recorded; ${naira(row!.totalKobo - row!.depositKobo)} left to pay by ${shortDay(restDueOn)}`,
    createdAt,
  });
}
