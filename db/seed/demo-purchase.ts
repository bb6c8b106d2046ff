import type { Tx } from "../client";
import { purchaseEvents, purchaseItems, purchases } from "../schema";

// One demo order as the checkout would have kept it, for the demo's orders and gifts (demo-orders.ts,
// demo-gifts.ts): its lines' snapshots, its money (7.5% VAT, ₦2,000 delivery) and, once paid, the
// history's "Payment verified".

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

export type SeedLine = { product: SeedProduct; quantity: number };

const DELIVERY_KOBO = 200_000;
const unitKobo = (p: SeedProduct) => p.discountKobo || p.priceKobo;

type Priced = "subtotalKobo" | "savedKobo" | "vatKobo" | "deliveryKobo" | "totalKobo";

/** Inserts the order (`createdAt` required; paid when `paidAt` is set) and its lines; returns its id. */
export async function insertDemoPurchase(
  tx: Tx,
  order: Omit<typeof purchases.$inferInsert, Priced> & { createdAt: Date },
  lines: SeedLine[],
): Promise<string> {
  const subtotal = lines.reduce((s, l) => s + unitKobo(l.product) * l.quantity, 0);
  const saved = lines.reduce((s, l) => s + (l.product.discountKobo ? (l.product.priceKobo - l.product.discountKobo) * l.quantity : 0), 0);
  const vat = Math.round(subtotal * 0.075);
  const [row] = await tx
    .insert(purchases)
    .values({
      ...order,
      subtotalKobo: subtotal,
      savedKobo: saved,
      vatKobo: vat,
      deliveryKobo: DELIVERY_KOBO,
      totalKobo: subtotal + vat + DELIVERY_KOBO,
      updatedAt: order.createdAt,
    })
    .returning({ id: purchases.id });
  const id = row!.id;
  await tx.insert(purchaseItems).values(
    lines.map(({ product: p, quantity }) => ({
      purchaseId: id,
      productId: p.id,
      title: p.title,
      description: p.description,
      imageUrl: p.imageUrl,
      priceKobo: p.priceKobo,
      discountKobo: p.discountKobo,
      color: p.color,
      size: p.size,
      quantity,
      totalPriceKobo: unitKobo(p) * quantity,
    })),
  );
  if (order.paidAt) {
    await tx.insert(purchaseEvents).values({ purchaseId: id, status: "completed", note: "Payment verified", createdAt: order.createdAt });
  }
  return id;
}
