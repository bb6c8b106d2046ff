// docs/product.md "Wish lists" ("When it costs less, when it is back"): a product on her list that
// sells for less than the price she saw, once the lower price has held 10 minutes, or that was sold
// out and can be bought again, is mailed to her once, however many servers pass at once, with the
// others of her list in one mail; never to a shopper who stopped these mails. A price that goes up
// again is what she saw, so the next sale is told too; a mistyped sale fixed at once tells no one.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, products, wishItems } from "../../db/schema";
import { mailListNews, PRICE_SETTLE_MS } from "../../modules/wish-lists/list-mails.server";
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
/** The owner (or a sale) changes a product. */
const change = (id: string, fields: Partial<typeof products.$inferInsert>) => t.db.update(products).set(fields).where(eq(products.id, id));
const subjectsTo = async (to: string) =>
  (
    await t.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, "wish_list_news")))
  ).map((m) => m.subject);
const mailTo = async (to: string) =>
  (
    await t.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, "wish_list_news")))
  )[0]!.text;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
const pass = (at: Date) => mailListNews(t.db, t.env, at);
const drawn = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const mails = (who: { id: string; role: "customer" }, on: "0" | "1") =>
  t.page("/wishlist", { method: "POST", as: who, body: new URLSearchParams({ intent: "mails", on }) });

describe("When something on her list costs less", () => {
  it("mails her once the lower price has held, once, every drop of her list in one mail", async () => {
    const ada = await shopper("Ada");
    const cards = await product("Calm Cards 1");
    const candle = await product("Lavender Candle 1", { priceKobo: 800_000 });
    const salts = await product("Bath Salts 1");
    for (const id of [cards, candle, salts]) await saveWish(t.db, ada.id, id);

    const sale = new Date();
    await change(cards, { discountKobo: 400_000 });
    await change(candle, { priceKobo: 650_000 });
    // first seen now: a sale may be a typo about to be fixed
    expect(await pass(sale)).toBe(0);
    expect(await pass(later(sale, PRICE_SETTLE_MS - 1_000))).toBe(0);

    const passes = await Promise.all([1, 2, 3].map(() => pass(later(sale, PRICE_SETTLE_MS + 1_000))));
    expect(passes.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await subjectsTo(ada.email)).toEqual(["2 things on your wish list cost less now"]);
    const text = await mailTo(ada.email);
    expect(text).toContain("Hello Ada,");
    expect(text).toContain(`- Calm Cards 1: now ₦4,000 (was ₦4,500)\n  http://localhost:3000/productdetails/${cards}`);
    expect(text).toContain("- Lavender Candle 1: now ₦6,500 (was ₦8,000)");
    expect(text).not.toContain("Bath Salts 1");
    expect(text).toContain('choose "Stop these emails": http://localhost:3000/wishlist');
    expect(await pass(later(sale, PRICE_SETTLE_MS + 60_000))).toBe(0);

    // the sale ends: what she sees goes back up, and the next sale is told against it
    const ends = later(sale, 3_600_000);
    await change(cards, { discountKobo: 0 });
    expect(await pass(ends)).toBe(0);
    const [seen] = await t.db.select({ kobo: wishItems.seenPriceKobo }).from(wishItems).where(eq(wishItems.productId, cards));
    expect(seen!.kobo).toBe(450_000);
    const again = later(ends, 86_400_000);
    await change(cards, { discountKobo: 420_000 });
    expect(await pass(again)).toBe(0);
    expect(await pass(later(again, PRICE_SETTLE_MS + 1_000))).toBe(1);
    expect((await subjectsTo(ada.email)).at(-1)).toBe("Calm Cards 1 is now ₦4,200 (was ₦4,500)");

    // a mistyped price fixed at once tells no one
    const typo = later(again, 86_400_000);
    await change(salts, { discountKobo: 4_500 });
    expect(await pass(typo)).toBe(0);
    await change(salts, { discountKobo: 0 });
    expect(await pass(later(typo, 60_000))).toBe(0);
    expect(await pass(later(typo, PRICE_SETTLE_MS + 60_000))).toBe(0);
    expect(await subjectsTo(ada.email)).toHaveLength(2);
  });
});

describe("When something on her list is back", () => {
  it("mails her once it can be bought again, at its price then, and never a shopper who stopped these mails", async () => {
    const bisi = await shopper("Bisi");
    const chidi = await shopper("Chidi");
    const box = await product("Stress-Relief Box 2", { stock: 0 });
    const journal = await product("Gratitude Journal 2", { stock: 1 });
    await saveWish(t.db, bisi.id, box);
    await saveWish(t.db, chidi.id, journal);
    const start = new Date();
    expect(await pass(start)).toBe(0);

    // his journal sells out; he stops the mails from his list
    await change(journal, { stock: 0 });
    expect(await pass(later(start, 60_000))).toBe(0);
    expect(await drawn(await t.page("/wishlist", { as: chidi }))).toContain(
      "We email you when something here costs less or is back in stock.",
    );
    // a made-up value is refused and changes nothing
    const bad = await t.page("/wishlist", { method: "POST", as: chidi, body: new URLSearchParams({ intent: "mails", on: "off" }) });
    expect(bad.status).toBe(400);
    expect(await drawn(await t.page("/wishlist", { as: chidi }))).toContain(
      "We email you when something here costs less or is back in stock.",
    );
    const stopped = await mails(chidi, "0");
    expect(stopped.status).toBe(200);
    const page = await drawn(stopped);
    expect(page).toContain("We will not email you about your list any more.");
    expect(page).toContain("Email me about my list");

    // the box is back, on sale: Bisi is told at once, at its price now
    await change(box, { stock: 5, discountKobo: 300_000 });
    await change(journal, { stock: 3 });
    expect(await pass(later(start, 120_000))).toBe(1);
    expect(await subjectsTo(bisi.email)).toEqual(["Stress-Relief Box 2 is back in stock, now ₦3,000 (was ₦4,500)"]);
    // and not again once its lower price has held
    expect(await pass(later(start, PRICE_SETTLE_MS + 180_000))).toBe(0);
    expect(await subjectsTo(chidi.email)).toEqual([]);

    // his mails on again: the journal he has not been told of is
    expect((await mails(chidi, "1")).status).toBe(200);
    expect(await pass(later(start, PRICE_SETTLE_MS + 240_000))).toBe(1);
    expect(await subjectsTo(chidi.email)).toEqual(["Gratitude Journal 2 is back in stock at ₦4,500"]);
  });
});
