import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products } from "../../db/schema";
import { koboToNaira } from "../../lib/money";
import { priceOrder } from "../orders/pricing";
import { loadPricing } from "../orders/pricing.server";
import type { CartItemView, CartSummary } from "./types";

/**
 * A guest's cart (kept in the browser) priced by the same function as the
 * server cart. Unknown products drop out; each line keeps the quantity asked for
 * and its product's stock, so the cart can say 'Only N left' (as the server cart does).
 */
export async function quoteGuestCart(
  db: Db,
  lines: { productId: string; quantity: number }[],
): Promise<{ cartItems: CartItemView[]; summary: CartSummary }> {
  const rows = lines.length
    ? await db
        .select()
        .from(products)
        .where(inArray(products.id, [...new Set(lines.map((l) => l.productId))]))
    : [];
  const byId = new Map(rows.map((p) => [p.id, p]));
  const cart = lines.flatMap((l) => {
    const p = byId.get(l.productId);
    if (!p) return [];
    byId.delete(l.productId); // one line per product
    return [{ p, quantity: l.quantity }];
  });
  const pricing = await loadPricing(db, null);
  const priced = priceOrder({
    lines: cart.map(({ p, quantity }) => ({ priceKobo: p.priceKobo, discountKobo: p.discountKobo, quantity })),
    rules: pricing.rules,
    deliveryMethod: "standard",
    lga: null,
    rates: pricing.rates,
  });
  return {
    cartItems: cart.map(({ p, quantity }, i) => ({
      id: p.id,
      productId: p.id,
      title: p.title,
      description: p.description,
      imageUrl: p.imageUrl,
      size: p.size,
      color: p.color,
      quantity,
      price: koboToNaira(p.priceKobo),
      discount: koboToNaira(p.discountKobo),
      totalPrice: koboToNaira(priced.lines[i]!.totalKobo),
      stock: p.stock,
      Product: { imageUrl: p.imageUrl },
    })),
    summary: {
      subtotal: koboToNaira(priced.subtotalKobo),
      discount: koboToNaira(priced.discountKobo),
      vat: koboToNaira(priced.vatKobo),
      vatRate: pricing.rules.vatRate,
      deliveryCharge: koboToNaira(priced.deliveryKobo),
      total: koboToNaira(priced.totalKobo),
      deliveryMethod: "standard",
      lga: null,
      matchedLga: null,
      usdRate: pricing.usdRate,
    },
  };
}
