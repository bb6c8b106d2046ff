import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products, purchaseItems, purchases, purchaseStatusEnum } from "../../db/schema";
import { listBestSellers, listProducts } from "../../modules/catalog/service.server";
import { paidOrder } from "../../modules/orders/paid-orders.server";
import { createCategory, createProduct, createPurchase, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

// A product's units sold (the best-seller order) are stored on it and kept by triggers on orders
// and their lines (migration 0015), in the same transaction as the change.
let t: TestContext;
let categoryId: string;
let buyer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestContext();
  categoryId = (await createCategory(t.db)).id;
  buyer = await createUser(t.db);
});

const newProduct = () => createProduct(t.db, { categoryId });
const stored = async (id: string) => (await t.db.select({ n: products.unitsSold }).from(products).where(eq(products.id, id)))[0]!.n;
/** What the shop's rule for a paid order (paidOrder, PAID_STATUSES) counts, summed from the orders themselves. */
const counted = async (id: string) => {
  const [row] = await t.db
    .select({ n: sql<number>`coalesce(sum(${purchaseItems.quantity}), 0)::int` })
    .from(purchaseItems)
    .innerJoin(purchases, eq(purchases.id, purchaseItems.purchaseId))
    .where(sql`${purchaseItems.productId} = ${id} and ${paidOrder()}`);
  return row!.n;
};
const setStatus = (id: string, status: (typeof purchaseStatusEnum.enumValues)[number], paidAt: Date | null = new Date()) =>
  t.db.update(purchases).set({ status, paidAt }).where(eq(purchases.id, id));

describe("units sold, stored on the product", () => {
  it("counts an order of every status as the shop's rule for a paid order does, paid or not", async () => {
    for (const status of purchaseStatusEnum.enumValues) {
      for (const paidAt of [new Date(), null]) {
        const product = await newProduct();
        await createPurchase(t.db, buyer, [{ product, quantity: 3 }], { status, paidAt });
        const expected = await counted(product.id);
        expect([status, paidAt !== null, await stored(product.id)]).toEqual([status, paidAt !== null, expected]);
      }
    }
    // and the rule does count some: the check above is not all zeros
    const product = await newProduct();
    await createPurchase(t.db, buyer, [{ product, quantity: 2 }], { status: "delivered" });
    expect(await stored(product.id)).toBe(2);
  });

  it("follows an order paid, cancelled, paid again, and its lines changed", async () => {
    const [candle, card] = [await newProduct(), await newProduct()];
    const order = await createPurchase(
      t.db,
      buyer,
      [
        { product: candle, quantity: 2 },
        { product: card, quantity: 1 },
      ],
      { status: "pending", paidAt: null },
    );
    expect([await stored(candle.id), await stored(card.id)]).toEqual([0, 0]);

    await setStatus(order.id, "completed");
    expect([await stored(candle.id), await stored(card.id)]).toEqual([2, 1]);
    // moving along the paid statuses changes nothing
    await setStatus(order.id, "shipped");
    expect(await stored(candle.id)).toBe(2);

    // a line added to, changed in or removed from a paid order
    const [line] = await t.db
      .insert(purchaseItems)
      .values({
        purchaseId: order.id,
        productId: candle.id,
        title: candle.title,
        description: candle.description,
        priceKobo: candle.priceKobo,
        discountKobo: 0,
        quantity: 4,
        totalPriceKobo: candle.priceKobo * 4,
      })
      .returning();
    expect(await stored(candle.id)).toBe(6);
    await t.db.update(purchaseItems).set({ quantity: 1 }).where(eq(purchaseItems.id, line!.id));
    expect(await stored(candle.id)).toBe(3);
    await t.db.update(purchaseItems).set({ productId: card.id }).where(eq(purchaseItems.id, line!.id));
    expect([await stored(candle.id), await stored(card.id)]).toEqual([2, 2]);
    await t.db.delete(purchaseItems).where(eq(purchaseItems.id, line!.id));
    expect([await stored(candle.id), await stored(card.id)]).toEqual([2, 1]);

    await setStatus(order.id, "cancelled");
    expect([await stored(candle.id), await stored(card.id)]).toEqual([0, 0]);
    // a paid status without the money (paid_at) is not sold either
    await setStatus(order.id, "processing", null);
    expect(await stored(candle.id)).toBe(0);
    await setStatus(order.id, "processing");
    expect([await stored(candle.id), await stored(card.id)]).toEqual([2, 1]);
    expect([await counted(candle.id), await counted(card.id)]).toEqual([2, 1]);
  });

  it("takes a deleted order's units away once, and leaves an unpaid one's alone", async () => {
    const product = await newProduct();
    const paid = await createPurchase(t.db, buyer, [{ product, quantity: 5 }]);
    const kept = await createPurchase(t.db, buyer, [{ product, quantity: 2 }]);
    const unpaid = await createPurchase(t.db, buyer, [{ product, quantity: 7 }], { status: "pending", paidAt: null });
    expect(await stored(product.id)).toBe(7);
    // the order's lines go with it (a cascade): its units are taken away before, and not again
    await t.db.delete(purchases).where(inArray(purchases.id, [paid.id, unpaid.id]));
    expect(await stored(product.id)).toBe(2);
    expect(await counted(product.id)).toBe(2);
    await setStatus(kept.id, "failed", null);
    expect(await stored(product.id)).toBe(0);
  });

  it("loses no unit when many orders of the same products are paid at once", async () => {
    const [a, b] = [await newProduct(), await newProduct()];
    // half the orders list the two products one way round, half the other, as carts do
    const orders = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        createPurchase(
          t.db,
          buyer,
          i % 2
            ? [
                { product: a, quantity: 1 },
                { product: b, quantity: 2 },
              ]
            : [
                { product: b, quantity: 2 },
                { product: a, quantity: 1 },
              ],
          { status: "pending", paidAt: null },
        ),
      ),
    );
    await Promise.all(
      orders.map((o) =>
        t.db.transaction(async (tx) => {
          await tx.update(purchases).set({ status: "completed", paidAt: new Date() }).where(eq(purchases.id, o.id));
          // hold the rows a moment, as a payment's transaction does while it writes the rest
          await tx.execute(sql`select pg_sleep(0.01)`);
        }),
      ),
    );
    expect([await stored(a.id), await stored(b.id)]).toEqual([16, 32]);
  });

  it("sorts the best sellers by it", async () => {
    const page = await t.request("/api/products?sort=best_selling&pageSize=3");
    const body = (await page.json()) as { unitsSold?: number; id: string }[];
    const units = await Promise.all(body.map((p) => stored(p.id)));
    expect(units).toEqual([...units].sort((x, y) => y - x));
    expect(units[0]).toBe(32);
  });

  it("gives the home page's best sellers as the list's first, in the same order", async () => {
    const listed = await listProducts(t.db, { sort: "best_selling", pageSize: 9 });
    const home = await listBestSellers(t.db, 9);
    expect(home.map((p) => p.id)).toEqual(listed.items.map((p) => p.id));
    expect(home[0]).toEqual(listed.items[0]);
  });
});
