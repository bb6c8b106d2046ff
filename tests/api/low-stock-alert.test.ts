// The owner's low-stock alert (docs/product.md "Owner alerts"): one mail to the shop's contact
// address when an order takes a tracked product from above the low-stock threshold (settings,
// 5 by default) to it or below; none for products whose stock is not tracked; exactly one
// however many checkouts cross it at the same moment.
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema";
import { getSettings } from "../../modules/settings/service.server";
import { crossedThreshold } from "../../modules/stock/low-stock.server";
import { createDeliveryRate, createProduct } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
let owner: string;
beforeAll(async () => {
  t = await createTestContext();
  await createDeliveryRate(t.db, { lga: "Surulere", chargeKobo: 250_000 });
  owner = (await getSettings(t.db)).contactEmail;
});

const guestOrder = (productId: string, quantity = 1) => ({
  name: "Ada Obi",
  email: `guest.${crypto.randomUUID().slice(0, 8)}@example.ng`,
  phone: "0803 555 0142",
  street: "4 Bode Thomas Street",
  city: "Surulere",
  lga: "Surulere",
  lines: [{ productId, quantity }],
});
const buy = (productId: string, quantity = 1) =>
  t.request("/api/purchases/create", { method: "POST", json: guestOrder(productId, quantity) }).then((r) => r.status);
const alertsFor = async (title: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "low_stock_admin"), like(mailOutbox.subject, `%${title}%`)));

describe("the low-stock alert", () => {
  it("goes once, to the shop, when an order takes the stock to the threshold; not before, not again below it", async () => {
    const product = await createProduct(t.db, { title: "Lavender Sleep Mist", stock: 7 });
    expect(await buy(product.id)).toBe(201); // 6 left: above the threshold
    expect(await alertsFor(product.title)).toHaveLength(0);
    expect(await buy(product.id)).toBe(201); // 5 left: the threshold
    const [alert, ...more] = await alertsFor(product.title);
    expect(more).toHaveLength(0);
    expect(alert).toMatchObject({ to: owner, subject: "Low stock: Lavender Sleep Mist (5 left)" });
    expect(alert!.text).toContain(`http://localhost:3000/editproduct/${product.id}`);
    expect(await buy(product.id, 2)).toBe(201); // 3 left: already low, no second mail
    expect(await alertsFor(product.title)).toHaveLength(1);
  });

  it("says 'sold out' when an order takes the last units", async () => {
    const product = await createProduct(t.db, { title: "Last Calm Candle", stock: 6 });
    expect(await buy(product.id, 6)).toBe(201);
    expect((await alertsFor(product.title)).map((m) => m.subject)).toEqual(["Low stock: Last Calm Candle (sold out)"]);
  });

  it("never goes for a product whose stock is not tracked", async () => {
    const product = await createProduct(t.db, { title: "Colouring Postcards", stock: null });
    expect(await buy(product.id, 3)).toBe(201);
    expect(await alertsFor(product.title)).toHaveLength(0);
  });

  it("RACE: 10 checkouts at once through the threshold send exactly one alert", async () => {
    const product = await createProduct(t.db, { title: "Rush Gratitude Journal", stock: 10 });
    const statuses = await Promise.all(Array.from({ length: 10 }, () => buy(product.id)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(await alertsFor(product.title)).toHaveLength(1);
  });

  it("reads the crossing from what the reservation left", () => {
    const line = (left: number | null, quantity: number) => ({ productId: "p", title: "P", quantity, left });
    expect(crossedThreshold([line(6, 1), line(5, 1), line(4, 1), line(0, 9), line(null, 3)], 5).map((l) => l.left)).toEqual([5, 0]);
  });
});
