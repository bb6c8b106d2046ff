import type { Tx } from "../../db/client";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { ownerWhatsApp } from "../whatsapp/order-messages";
import type { TakenStock } from "./reservation.server";

// The owner's low-stock alert (docs/product.md "Owner alerts"): one mail when an order takes a
// tracked product from above the shop's low-stock threshold to at or below it. The crossing is
// read from the row the reservation itself updated, inside its transaction, so however many
// checkouts run at once exactly one of them crosses, and one mail goes out per crossing.

/** The lines whose stock this reservation took to the threshold or below, from above it. */
export function crossedThreshold(taken: TakenStock[], threshold: number): (TakenStock & { left: number })[] {
  return taken.filter((t): t is TakenStock & { left: number } => t.left !== null && t.left <= threshold && t.left + t.quantity > threshold);
}

/** Queues the alert to the shop's contact address, in the reservation's transaction (nothing if no line crossed). */
export async function alertLowStock(tx: Tx, taken: TakenStock[], adminUrl: (productId: string) => string) {
  if (!taken.some((t) => t.left !== null)) return;
  const settings = await getSettings(tx);
  const low = crossedThreshold(taken, settings.lowStockThreshold);
  if (!low.length) return;
  const words = (t: { left: number }) => (t.left === 0 ? "sold out" : `${t.left} left`);
  const subject = low.length === 1 ? `Low stock: ${low[0]!.title} (${words(low[0]!)})` : `Low stock: ${low.length} products`;
  const lines = low.map((t) => `${t.title}: ${words(t)}. Restock: ${adminUrl(t.productId)}`);
  await enqueueMail(tx, {
    to: settings.contactEmail,
    subject,
    text: `An order just took these products to your low-stock threshold (${settings.lowStockThreshold}) or below:\n\n${lines.join("\n")}\n\nStock held by unpaid checkouts comes back if they are not paid.\n`,
    kind: "low_stock_admin",
    whatsapp: ownerWhatsApp(settings, "low_stock_alert", [
      low.map((t) => `${t.title} (${words(t)})`).join(", "),
      adminUrl(low[0]!.productId),
    ]),
  });
}
