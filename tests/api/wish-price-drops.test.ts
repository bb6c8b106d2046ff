// docs/product.md "Wish lists" ("When it costs less"): a product on her list that sells for less
// than the price she saw is mailed to her once, however many servers pass at once, with the others
// of her list that dropped in one mail; only once the price has held 10 minutes, only while it can
// be bought, never to a shopper who stopped these mails. A price that goes up again is what she saw,
// so the next sale is told too.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, products, wishItems } from "../../db/schema";
import { PRICE_SETTLE_MS, tellPriceDrops } from "../../modules/wish-lists/price-drops.server";
import { saveWish } from "../../modules/wish-lists/service.server";
import { createProduct, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
});

const shopper = async (firstName: string) => {
  const user = await createUser(t.db, { firstName });
  return { id: user.id, email: user.email, role: "customer" as const };
};
const product = async (title: string, fields: Partial<typeof products.$inferInsert> = {}) =>
  (await createProduct(t.db, { title, priceKobo: 450_000, discountKobo: 0, stock: 10, ...fields })).id;
/** The owner changes a product at `when` (a sale, a restock). */
const change = (id: string, fields: Partial<typeof products.$inferInsert>, when: Date) =>
  t.db
    .update(products)
    .set({ ...fields, updatedAt: when })
    .where(eq(products.id, id));
const mailsTo = (to: string) =>
  t.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, "wish_price_drop")));
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
const drawn = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

describe("When something on her list costs less", () => {
  it("mails her once, when the price has held, with every drop of her list in one mail", async () => {
    const ada = await shopper("Ada");
    const cards = await product("Calm Cards 1");
    const candle = await product("Lavender Candle 1", { priceKobo: 800_000 });
    const same = await product("Bath Salts 1");
    for (const id of [cards, candle, same]) await saveWish(t.db, ada.id, id);

    const sale = new Date();
    await change(cards, { discountKobo: 400_000 }, sale);
    await change(candle, { priceKobo: 650_000 }, sale);
    // a sale set a minute ago may be a typo about to be fixed: nothing yet
    expect(await tellPriceDrops(t.db, t.env, later(sale, 60_000))).toBe(0);

    const passes = await Promise.all([1, 2, 3].map(() => tellPriceDrops(t.db, t.env, later(sale, PRICE_SETTLE_MS + 60_000))));
    expect(passes.reduce((a, b) => a + b, 0)).toBe(2);
    const [mail, ...more] = await mailsTo(ada.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("2 things on your wish list cost less now");
    expect(mail!.text).toContain("Hello Ada,");
    expect(mail!.text).toContain("- Calm Cards 1: now ₦4,000 (was ₦4,500)");
    expect(mail!.text).toContain(`http://localhost:3000/productdetails/${cards}`);
    expect(mail!.text).toContain("- Lavender Candle 1: now ₦6,500 (was ₦8,000)");
    expect(mail!.text).not.toContain("Bath Salts 1");
    expect(mail!.text).toContain('choose "Stop these emails": http://localhost:3000/wishlist');
    // told once: the next pass finds nothing
    expect(await tellPriceDrops(t.db, t.env, later(sale, PRICE_SETTLE_MS + 120_000))).toBe(0);

    // the sale ends (what she sees goes back up), then a new one is told, against the full price
    const ends = later(sale, 3_600_000);
    await change(cards, { discountKobo: 0 }, ends);
    expect(await tellPriceDrops(t.db, t.env, later(ends, PRICE_SETTLE_MS + 1))).toBe(0);
    const [seen] = await t.db.select({ kobo: wishItems.seenPriceKobo }).from(wishItems).where(eq(wishItems.productId, cards));
    expect(seen!.kobo).toBe(450_000);
    const again = later(ends, 86_400_000);
    await change(cards, { discountKobo: 420_000 }, again);
    expect(await tellPriceDrops(t.db, t.env, later(again, PRICE_SETTLE_MS + 1))).toBe(1);
    const subjects = (await mailsTo(ada.email)).map((m) => m.subject);
    expect(subjects).toContain("Calm Cards 1 is now ₦4,200 (was ₦4,500)");
  });

  it("waits for a sold-out product to be back, and never mails a shopper who stopped these mails", async () => {
    const bisi = await shopper("Bisi");
    const chidi = await shopper("Chidi");
    const box = await product("Stress-Relief Box 2", { stock: 0 });
    const journal = await product("Gratitude Journal 2");
    await saveWish(t.db, bisi.id, box);
    await saveWish(t.db, chidi.id, journal);

    // Chidi stops them from his list's page
    const page = await drawn(await t.page("/wishlist", { as: chidi }));
    expect(page).toContain("We email you when something here costs less.");
    const stopped = await t.page("/wishlist", { method: "POST", as: chidi, body: new URLSearchParams({ intent: "price-mails", on: "0" }) });
    expect(stopped.status).toBe(200);
    const after = await drawn(stopped);
    expect(after).toContain("We will not email you about prices any more.");
    expect(after).toContain("Email me when something here costs less");

    const sale = new Date();
    await change(box, { discountKobo: 300_000 }, sale);
    await change(journal, { discountKobo: 300_000 }, sale);
    expect(await tellPriceDrops(t.db, t.env, later(sale, PRICE_SETTLE_MS + 1))).toBe(0);
    expect(await mailsTo(bisi.email)).toEqual([]);
    expect(await mailsTo(chidi.email)).toEqual([]);

    // back in stock, and its price has held: Bisi hears of it
    const restock = later(sale, 3_600_000);
    await change(box, { stock: 5 }, restock);
    expect(await tellPriceDrops(t.db, t.env, later(restock, PRICE_SETTLE_MS + 1))).toBe(1);
    expect((await mailsTo(bisi.email)).map((m) => m.subject)).toEqual(["Stress-Relief Box 2 is now ₦3,000 (was ₦4,500)"]);
    expect(await mailsTo(chidi.email)).toEqual([]);

    // turned on again, the drop he has not been told of is
    await t.page("/wishlist", { method: "POST", as: chidi, body: new URLSearchParams({ intent: "price-mails", on: "1" }) });
    expect(await tellPriceDrops(t.db, t.env, later(restock, PRICE_SETTLE_MS + 2))).toBe(1);
    expect((await mailsTo(chidi.email)).map((m) => m.subject)).toEqual(["Gratitude Journal 2 is now ₦3,000 (was ₦4,500)"]);
  });
});
