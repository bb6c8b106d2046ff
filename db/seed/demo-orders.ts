import type { Tx } from "../client";
import { purchaseEvents, purchaseItems, purchases } from "../schema";

export type SeedProduct = {
  id: string;
  title: string;
  description: string;
  priceKobo: number;
  discountKobo: number;
  imageUrl: string | null;
  size: string | null;
  color: string | null;
};

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
    const lines = [products[(i * 7) % products.length]!, ...(i % 3 === 0 ? [products[(i * 11 + 3) % products.length]!] : [])];
    const qty = (n: number) => 1 + ((i + n) % 2);
    const unit = (p: SeedProduct) => p.discountKobo || p.priceKobo;
    const subtotal = lines.reduce((s, p, n) => s + unit(p) * qty(n), 0);
    const discount = lines.reduce((s, p, n) => s + (p.discountKobo ? (p.priceKobo - p.discountKobo) * qty(n) : 0), 0);
    const vat = Math.round(subtotal * 0.075);
    const delivery = 200_000;
    const status = statuses[i % statuses.length]!;
    const createdAt = new Date(now.getTime() - (i * 1.2 + 0.3) * DAY);
    const paid = status !== "pending";
    const [row] = await tx
      .insert(purchases)
      .values({
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
        subtotalKobo: subtotal,
        savedKobo: discount,
        vatKobo: vat,
        deliveryKobo: delivery,
        totalKobo: subtotal + vat + delivery,
        status,
        paymentProvider: "sandbox",
        reference: `ALF-DEMO-${String(i + 1).padStart(4, "0")}`,
        transactionId: paid ? `SBX-${100200 + i}` : null,
        paidAt: paid ? createdAt : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: purchases.id });
    await tx.insert(purchaseItems).values(
      lines.map((p, n) => ({
        purchaseId: row!.id,
        productId: p.id,
        title: p.title,
        description: p.description,
        imageUrl: p.imageUrl,
        priceKobo: p.priceKobo,
        discountKobo: p.discountKobo,
        color: p.color,
        size: p.size,
        quantity: qty(n),
        totalPriceKobo: unit(p) * qty(n),
      })),
    );
    if (paid) await tx.insert(purchaseEvents).values({ purchaseId: row!.id, status: "completed", note: "Payment verified", createdAt });
  }
}
