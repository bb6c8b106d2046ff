import type { Tx } from "../client";
import { insertDemoPurchase, type SeedProduct } from "./demo-purchase";

export type { SeedProduct } from "./demo-purchase";

const customers = [
  ["Adaeze", "Okafor", "Lekki"],
  ["Funmilayo", "Adeyemi", "Ikeja"],
  ["Chiamaka", "Eze", "Surulere"],
  ["Temitope", "Balogun", "Yaba"],
  ["Ngozi", "Nwosu", "Magodo"],
  ["Bisola", "Ogunleye", "Ikorodu"],
  ["Halima", "Bello", "Ikeja"],
  ["Kemi", "Adebayo", "Lekki"],
] as const;
const statuses = [
  "completed",
  "completed",
  "processing",
  "shipped",
  "delivered",
  "delivered",
  "pending",
  "completed",
  "cancelled",
] as const;
const DAY = 86_400_000;

/**
 * A month of sample orders (guest snapshots, no accounts) so the back office's
 * dashboard, purchases table and order view have something to show in the demo.
 */
export async function seedDemoOrders(tx: Tx, products: SeedProduct[], now: Date) {
  if (!products.length) return;
  for (let i = 0; i < 24; i++) {
    const [first, last, lga] = customers[i % customers.length]!;
    const picked = [products[(i * 7) % products.length]!, ...(i % 3 === 0 ? [products[(i * 11 + 3) % products.length]!] : [])];
    const status = statuses[i % statuses.length]!;
    const createdAt = new Date(now.getTime() - (i * 1.2 + 0.3) * DAY);
    const paid = status !== "pending";
    await insertDemoPurchase(
      tx,
      {
        firstName: first,
        lastName: last,
        email: `${first.toLowerCase()}.${last.toLowerCase()}@example.ng`,
        // one number per customer, as in life: her orders come together by it (the report by customer)
        phone: `0803${String(5550100 + (i % customers.length))}`,
        street: `${10 + i} Admiralty Way`,
        city: lga,
        state: "Lagos",
        address: `${10 + i} Admiralty Way, ${lga}, Lagos`,
        lga,
        status,
        paymentProvider: "sandbox",
        reference: `ALF-DEMO-${String(i + 1).padStart(4, "0")}`,
        transactionId: paid ? `SBX-${100200 + i}` : null,
        paidAt: paid ? createdAt : null,
        createdAt,
      },
      picked.map((product, n) => ({ product, quantity: 1 + ((i + n) % 2) })),
    );
  }
}
