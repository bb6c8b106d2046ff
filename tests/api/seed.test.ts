import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../db/seed/demo";
import * as t from "../../db/schema";
import { localStorage } from "../../lib/storage.server";
import { lagosNow } from "../../lib/lagos-calendar";
import { createTestContext, type TestContext } from "../support/test-app";

let ctx: TestContext;
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-seed-"));
// a cache of drawn pictures of this file's own, empty: every picture is drawn
const artCache = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-seed-art-"));
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => {
  for (const dir of [uploads, artCache]) fs.rmSync(dir, { recursive: true, force: true });
});

const count = async (
  table: typeof t.products | typeof t.categories | typeof t.blogPosts | typeof t.deliveryRates | typeof t.productImages,
) => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe("demo data", () => {
  it("seeds a believable shop into an empty database, once", async () => {
    expect(await seedDemo(ctx.db, localStorage(uploads), { artCache })).toBe(true);

    const categories = await ctx.db.select().from(t.categories);
    expect(categories.map((c) => c.name).sort()).toEqual([
      "Colouring Books",
      "Gratitude Journals",
      "Motivational Calendars",
      "Self-Care Cards",
      "Self-Care Packages",
      "Stress Relief",
    ]);
    const products = await ctx.db.select().from(t.products);
    expect(products.length).toBeGreaterThanOrEqual(16);
    expect(products.some((p) => p.discountKobo > 0 && p.discountKobo < p.priceKobo)).toBe(true);
    expect(products.every((p) => Number.isInteger(p.priceKobo) && p.priceKobo >= 100_000)).toBe(true);
    expect(products.every((p) => p.imageUrl?.endsWith(".webp"))).toBe(true);
    // both kinds of stock: counted (one sold out, one nearly) and not tracked (always buyable)
    expect(products.some((p) => p.stock === 0)).toBe(true);
    expect(products.some((p) => p.stock !== null && p.stock > 0)).toBe(true);
    expect(products.some((p) => p.stock === null)).toBe(true);
    expect(await count(t.blogPosts)).toBeGreaterThanOrEqual(4);
    const lgas = (await ctx.db.select().from(t.deliveryRates)).map((r) => r.lga);
    for (const lga of ["Ikeja", "Surulere", "Eti-Osa", "Lekki", "Ajah", "Magodo", "Yaba", "Ikorodu"]) expect(lgas).toContain(lga);
    expect(lgas.length).toBeGreaterThanOrEqual(24);
    expect((await ctx.db.select().from(t.communicationPlatforms)).length).toBeGreaterThan(0);
    // costs and this month's running expenses, so the dashboard shows a profit and what is left after them
    expect((await ctx.db.select().from(t.productCosts)).length).toBe(products.length - 1);
    const spent = await ctx.db.select().from(t.expenses);
    expect(spent.map((e) => e.kind).sort()).toEqual(["data", "delivery", "packaging", "rent"]);
    // the rent is written down every month on the 1st, this month's already
    const [repeat] = await ctx.db.select().from(t.expenseRepeats);
    expect(repeat).toMatchObject({ dayOfMonth: 1, kind: "rent", stoppedAt: null, lastMonth: spent[0]!.spentOn.slice(0, 7) });
    expect(spent.find((e) => e.kind === "rent")).toMatchObject({ repeatId: repeat!.id, repeatMonth: repeat!.lastMonth });
    expect(spent.every((e) => e.amountKobo > 0 && e.spentOn.slice(0, 7) === spent[0]!.spentOn.slice(0, 7))).toBe(true);

    // the demo's orders, priced as the checkout prices them, and three gifts whose days come round (one every year)
    const orders = await ctx.db.select().from(t.purchases);
    const lines = await ctx.db.select().from(t.purchaseItems);
    expect(orders.length).toBe(28);
    for (const o of orders) {
      expect(o.totalKobo).toBe(o.subtotalKobo + o.vatKobo + o.deliveryKobo);
      expect(lines.filter((l) => l.purchaseId === o.id).reduce((sum, l) => sum + l.totalPriceKobo, 0)).toBe(o.subtotalKobo);
    }
    // and a company's order half paid, its rest two days overdue
    const [part] = orders.filter((o) => o.depositKobo > 0);
    expect(part!.depositKobo * 2).toBeLessThanOrEqual(part!.totalKobo);
    expect(await ctx.db.select().from(t.partPayments)).toMatchObject([{ purchaseId: part!.id, amountKobo: part!.depositKobo }]);
    expect(part!.restDueOn! < lagosNow(new Date()).date).toBe(true);
    const gifts = orders.filter((o) => o.giftRemindOn);
    expect(gifts.map((g) => g.giftRemindYearly).sort()).toEqual([false, false, true]);

    // the images really exist, as WebP
    const image = products[0]!.imageUrl!.replace(/^\/uploads\//, "");
    const bytes = fs.readFileSync(path.join(uploads, image));
    expect(bytes.subarray(8, 12).toString()).toBe("WEBP");
    // every picture drawn was kept for the next fresh shop, its variants as stored
    const pictures = categories.length + products.length + (await count(t.blogPosts));
    expect(fs.readdirSync(artCache)).toHaveLength(pictures);
    const kept = fs.readdirSync(artCache).flatMap((key) => fs.readdirSync(path.join(artCache, key)));
    expect(kept).toContain(path.basename(image).replace(/^[0-9a-f]+-(\d+)\.webp$/, (_, w) => `${w}x${w}.webp`));

    const before = { products: await count(t.products), images: await count(t.productImages) };
    expect(await seedDemo(ctx.db, localStorage(uploads))).toBe(false);
    expect({ products: await count(t.products), images: await count(t.productImages) }).toEqual(before);
  }, 120_000);

  it("never seeds again even after the owner deleted every category", async () => {
    await ctx.db.delete(t.products);
    await ctx.db.delete(t.categories);
    expect(await seedDemo(ctx.db, localStorage(uploads))).toBe(false);
    expect(await count(t.categories)).toBe(0);
  });
});
