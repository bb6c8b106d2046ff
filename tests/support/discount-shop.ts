// Shoppers, checkouts and payments for the discount-code tests (docs/product.md "Discount codes").
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { discountRedemptions, purchases } from "../../db/schema";
import { completePurchase } from "../../modules/orders/completion.server";
import { createCartItem, createProduct, createUser } from "../factories";
import type { TestContext } from "./test-app";

export const address = { street: "12 Allen Avenue", city: "Ikeja", state: "Lagos", phone: "0803 555 0142", lga: "Ikeja" };
export type User = Awaited<ReturnType<typeof createUser>>;
type Product = Awaited<ReturnType<typeof createProduct>>;

// each checkout from its own address, so the per-address checkout limit never counts these tests
const ip = () => `10.20.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 254)}`;

export function discountShop(t: () => TestContext) {
  return {
    /** A shopper in Ikeja with `quantity` of a ₦10,000 product (or the one given) in her cart. */
    async shopper(quantity = 2, product?: Product, overrides: Parameters<typeof createUser>[1] = {}) {
      const user = await createUser(t().db, { lga: "Ikeja", ...overrides });
      const p = product ?? (await createProduct(t().db, { priceKobo: 1_000_000, stock: null }));
      await createCartItem(t().db, user.id, p.id, quantity);
      return { user, product: p };
    },
    /** POST /api/purchases/create with the code (if any) and the address, as the shopper. */
    async checkout(user: User, code?: string, extra: Record<string, unknown> = {}) {
      const res = await t().request("/api/purchases/create", {
        method: "POST",
        as: user,
        ip: ip(),
        json: { ...address, ...(code !== undefined ? { code } : {}), ...extra },
      });
      return { status: res.status, body: await res.json() };
    },
    /** The provider's word that the order's total was paid. */
    async pay(reference: string) {
      const [row] = await t().db.select().from(purchases).where(eq(purchases.reference, reference));
      return completePurchase(
        t().db,
        reference,
        { status: "success", amountKobo: row!.totalKobo, currency: "NGN", transactionId: `tx-${reference}` },
        "webhook",
      );
    },
    async redemptionOf(purchaseId: string) {
      return (await t().db.select().from(discountRedemptions).where(eq(discountRedemptions.purchaseId, purchaseId)))[0];
    },
  };
}
