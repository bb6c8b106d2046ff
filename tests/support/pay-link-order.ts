import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { purchases } from "../../db/schema";
import { payLinkPath } from "../../modules/orders/order-links.server";
import { createProduct } from "../factories";
import type { PagesContext } from "./pages-app";

/**
 * A guest's ₦15,000 journal to Lekki, placed through the API to be paid through a shared link
 * ('Ask someone to pay'): the product, the API's answer, the order's row and its link. The caller
 * has made Lekki's delivery rate.
 */
export async function payLinkOrder(t: PagesContext) {
  const product = await createProduct(t.db, { title: "Gratitude Journal", priceKobo: 1_500_000, discountKobo: 0, stock: 4 });
  const res = await t.request("/api/purchases/create", {
    method: "POST",
    json: {
      name: "Funke Adeyemi",
      email: `funke.${crypto.randomUUID().slice(0, 6)}@example.ng`,
      phone: "0802 000 1111",
      street: "7 Admiralty Way, Flat 3B",
      city: "Lekki",
      lga: "Lekki",
      paymentMethod: "pay_link",
      lines: [{ productId: product.id, quantity: 1 }],
    },
  });
  expect(res.status).toBe(201);
  const body = await res.json();
  const [row] = await t.db.select().from(purchases).where(eq(purchases.id, body.purchase.id));
  return { product, body, row: row!, link: payLinkPath(t.env, row!.id, row!.expiresAt!) };
}
