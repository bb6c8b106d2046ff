import { eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { discountRedemptions, products, purchaseItems, purchases } from "../../db/schema";
import { loadOrderPricing } from "../pricing/load-pricing.server";
import { priceOrder, type CodeOutcome, type DiscountRule, type PriceBreakdown } from "../pricing/price-order";

// A saved checkout taken up again with less in it (docs/product.md "Unpaid checkouts"): what is
// left is priced again with priceOrder at the order's own prices, today's VAT and delivery rules.

type PurchaseRow = typeof purchases.$inferSelect;
type ItemRow = typeof purchaseItems.$inferSelect;

/** A code the order carried (or was offered) that does not apply to what is left: its minimum, or its products. */
export type CodeLeftBehind = Exclude<CodeOutcome, { applied: true }>;

/**
 * What is left of the order (`keep` of each line kept), priced at its own prices with `discount`
 * if it still applies; else without it, and `leftBehind` says why it does not. Reads only: the
 * page that shows her order asks it too.
 */
export async function priceWhatIsLeft(
  db: Db | Tx,
  p: PurchaseRow,
  kept: ItemRow[],
  keep: Map<string, number>,
  discount: DiscountRule | null,
): Promise<{ priced: PriceBreakdown; leftBehind: CodeLeftBehind | null }> {
  const ids = kept.map((i) => i.productId).filter((id): id is string => !!id);
  const categories = ids.length
    ? await db.select({ id: products.id, categoryId: products.categoryId }).from(products).where(inArray(products.id, ids))
    : [];
  const lines = kept.map((i) => ({
    priceKobo: i.priceKobo,
    discountKobo: i.discountKobo,
    quantity: keep.get(i.id)!,
    productId: i.productId,
    categoryId: categories.find((c) => c.id === i.productId)?.categoryId ?? null,
  }));
  const pricing = await loadOrderPricing(db, p.deliveryMethod, p.lga);
  const price = (discount: DiscountRule | null) =>
    priceOrder({
      lines,
      rules: pricing.rules,
      deliveryMethod: p.deliveryMethod,
      lga: pricing.area?.lga,
      rates: pricing.rates,
      discount,
      // the date's fees as the order was priced with them (peak day and window, kept as one figure)
      deliverySlot: p.deliverySlotFeeKobo ? { peakFeeKobo: p.deliverySlotFeeKobo, windowSurchargeKobo: 0 } : null,
    });
  const priced = price(discount);
  // a code that no longer applies to what is left (its minimum, its products) is dropped, not refused
  if (priced.code && !priced.code.applied) return { priced: price(null), leftBehind: priced.code };
  return { priced, leftBehind: null };
}

/**
 * The order priced again at its own prices for the lines kept, with the code it may use (its own,
 * or the reminder's), if any: the lines and the order's figures are rewritten, a line with
 * nothing left is removed.
 */
export async function repriced(
  tx: Tx,
  p: PurchaseRow,
  kept: ItemRow[],
  keep: Map<string, number>,
  discount: DiscountRule | null,
): Promise<{ row: PurchaseRow; applied: boolean; leftBehind: CodeLeftBehind | null }> {
  const { priced, leftBehind } = await priceWhatIsLeft(tx, p, kept, keep, discount);
  const applied = !!priced.code?.applied;
  const gone = await tx.select({ id: purchaseItems.id }).from(purchaseItems).where(eq(purchaseItems.purchaseId, p.id));
  const dropped = gone.map((g) => g.id).filter((id) => !kept.some((k) => k.id === id));
  if (dropped.length) await tx.delete(purchaseItems).where(inArray(purchaseItems.id, dropped));
  for (const [n, item] of kept.entries())
    await tx
      .update(purchaseItems)
      .set({ quantity: keep.get(item.id)!, totalPriceKobo: priced.lines[n]!.totalKobo })
      .where(eq(purchaseItems.id, item.id));
  const [row] = await tx
    .update(purchases)
    .set({
      subtotalKobo: priced.subtotalKobo,
      savedKobo: priced.savedKobo,
      vatKobo: priced.vatKobo,
      deliveryKobo: priced.deliveryKobo,
      totalKobo: priced.totalKobo,
      discountCode: applied ? priced.code!.code : null,
      codeDiscountKobo: applied ? priced.codeKobo : 0,
    })
    .where(eq(purchases.id, p.id))
    .returning();
  // the order's own code that no longer applies, or may no longer be used, gives up its (already
  // released) use for good
  if (p.discountCode && !applied) await tx.delete(discountRedemptions).where(eq(discountRedemptions.purchaseId, p.id));
  return { row: row!, applied, leftBehind };
}
