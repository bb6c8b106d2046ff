import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products } from "../../db/schema";
import { koboToNaira } from "../../lib/money";
import { codeForCart } from "../discounts/codes.server";
import { priceOrder, type DeliveryMethod } from "../pricing/price-order";
import { agreedDiscountKobo, listedKobo } from "../pricing/agreed-price";
import { loadPricing, loadPricingRules } from "../pricing/load-pricing.server";
import type { ChosenSlot } from "../delivery/schedule.server";
import { MOST_UNITS_IN_A_LINE } from "../settings/schemas";
import { slotLine, toCartSummary } from "./summary";
import type { CartItemView, CartSummary } from "./types";
import { preorderDay } from "../stock/preorder";
import { lagosNow } from "../../lib/lagos-calendar";

/**
 * A guest's cart (kept in the browser) priced by the same function as the
 * server cart, for the delivery area she chose in the cart (`lga`; absent: no
 * delivery priced yet, an unknown one is a 400 naming `lga`). Unknown products
 * drop out; quantities are capped by the shop's quantity limit (an order the
 * team records, `forShop`: only by the most a line holds) but not by the stock:
 * each line keeps the quantity asked for and its product's stock, so the cart
 * can say 'Only N left' (as the server cart does).
 */
export async function quoteGuestCart(
  db: Db,
  lines: { productId: string; quantity: number; agreedKobo?: number }[],
  lga?: string,
  codeText?: string,
  deliveryMethod: DeliveryMethod = "standard",
  extra: {
    /** the owner's own fee, for an order she records (docs/product.md "Manual orders") */
    deliveryFeeKobo?: number | null;
    /** the checkout's delivery date, checked for this area (modules/delivery/schedule.server.ts) */
    slot?: ChosenSlot | null;
    /**
     * an order the team records (docs/product.md "Manual orders"): the shoppers' quantity limit is
     * not hers, and a price agreed in the chat is the line's, within `staffCut` percent for staff
     */
    forShop?: { staffCut: number | null };
  } = {},
): Promise<{ cartItems: CartItemView[]; summary: CartSummary }> {
  const [rows, pricing, code] = await Promise.all([
    lines.length
      ? db
          .select()
          .from(products)
          .where(inArray(products.id, [...new Set(lines.map((l) => l.productId))]))
      : [],
    lga === undefined ? loadPricingRules(db).then((p) => ({ ...p, area: null })) : loadPricing(db, lga),
    // a discount code (docs/product.md "Discount codes"); a guest's own uses are counted at checkout
    codeForCart(db, codeText),
  ]);
  const limit = extra.forShop ? MOST_UNITS_IN_A_LINE : pricing.maxLineQuantity;
  const byId = new Map(rows.map((p) => [p.id, p]));
  const cart = lines.flatMap((l) => {
    const p = byId.get(l.productId);
    if (!p) return [];
    byId.delete(l.productId); // one line per product
    // a price the team agreed in the chat is the line's sale price (docs/product.md "Manual orders")
    const discountKobo = extra.forShop
      ? agreedDiscountKobo({ productId: p.id, ...p }, l.agreedKobo, extra.forShop.staffCut)
      : p.discountKobo;
    return [
      { p: { ...p, discountKobo }, listed: extra.forShop ? koboToNaira(listedKobo(p)) : undefined, quantity: Math.min(l.quantity, limit) },
    ];
  });
  const { area } = pricing;
  const priced = priceOrder({
    lines: cart.map(({ p, quantity }) => ({
      priceKobo: p.priceKobo,
      discountKobo: p.discountKobo,
      quantity,
      productId: p.id,
      categoryId: p.categoryId,
    })),
    rules: pricing.rules,
    deliveryMethod,
    lga: area?.lga,
    rates: area ? [area] : [],
    discount: code.rule,
    deliveryFeeKobo: extra.deliveryFeeKobo ?? null,
    deliverySlot: area ? (extra.slot ?? null) : null,
  });
  return {
    cartItems: cart.map(({ p, listed, quantity }, i) => ({
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
      shipsFrom: preorderDay(p.shipsFrom, lagosNow(new Date()).date),
      maxQuantity: Math.max(0, Math.min(p.stock ?? limit, limit)),
      Product: { imageUrl: p.imageUrl },
      ...(listed === undefined ? {} : { listed }),
    })),
    summary: toCartSummary(priced, {
      rules: pricing.rules,
      usdRate: pricing.usdRate,
      deliveryMethod,
      area,
      code,
      slot: area ? slotLine(extra.slot ?? null) : null,
    }),
  };
}
