// docs/product.md "Wish lists": a signed-in shopper saves a product from its page (once, however
// often she taps), keeps her list on /wishlist and shares its link; whoever holds the link sees her
// first name and the products, nothing else of hers, and a new link ends the old. Her list holds at
// most WISH_LIST_MAX products however many saves arrive at once. A page kept for visitors without a
// session never says what is on anyone's list.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, products, users, wishItems } from "../../db/schema";
import { saveWish, WISH_LIST_MAX } from "../../modules/wish-lists/service.server";
import { createAdminUser, createCartItem, createProduct, createUser, DEFAULT_PASSWORD } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
beforeAll(async () => {
  // the page cache on, as in production: a product page kept for visitors must not carry her list
  t = await createPagesContext({ CACHE_TTL_MS: "1000" });
});

type Shopper = { id: string; role: "customer" };
const shopper = async (fields: Parameters<typeof createUser>[1] = {}): Promise<Shopper> => ({
  id: (await createUser(t.db, fields)).id,
  role: "customer",
});
const drawn = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");
const product = async (title: string, fields: Partial<typeof products.$inferInsert> = {}) =>
  (await createProduct(t.db, { title, priceKobo: 650_000, discountKobo: 0, stock: 10, ...fields })).id;

const post = (who: Shopper | undefined, fields: Record<string, string>, path = "/wishlist") =>
  t.page(path, { method: "POST", as: who, body: new URLSearchParams(fields) });

/** The wish button of a product's page: its words and whether it is pressed (null: the log-in link). */
function wishButton(html: string) {
  const found = /<(a|button)([^>]*data-testid="wish-button"[^>]*)>(.*?)<\/\1>/.exec(html);
  if (!found) return null;
  const attrs = found[2]!;
  const href = /href="([^"]*)"/.exec(attrs)?.[1]?.replace(/&amp;/g, "&") ?? null;
  const pressed = /aria-pressed="(true|false)"/.exec(attrs)?.[1];
  return { href, words: found[3]!.replace(/<[^>]+>/g, "").trim(), pressed: pressed === undefined ? null : pressed === "true" };
}
/** The titles listed on a wish list's page, in order. */
const listed = (html: string) => [...html.matchAll(/data-testid="wish-item"[\s\S]*?<h2[^>]*><a[^>]*>([^<]+)<\/a><\/h2>/g)].map((m) => m[1]);
const linkOf = (html: string) => /data-testid="wish-link"[^>]*>([^<]+)</.exec(html)?.[1] ?? null;
const pathOf = (link: string) => new URL(link).pathname;

describe("Saving to a wish list", () => {
  it("saves from the product's page once however often she taps, lists latest first, and takes one off", async () => {
    const ada = await shopper();
    const journal = await product("Gratitude Journal");
    const cards = await product("Calm Cards", { priceKobo: 450_000, discountKobo: 400_000 });

    const visitor = wishButton(await drawn(await t.page(`/productdetails/${journal}`)));
    expect(visitor).toEqual({
      href: `/login?redirectTo=${encodeURIComponent(`/productdetails/${journal}?save=1`)}`,
      words: "Save to my wish list",
      pressed: null,
    });
    expect(wishButton(await drawn(await t.page(`/productdetails/${journal}`, { as: ada })))).toMatchObject({
      pressed: false,
      words: "Save to my wish list",
    });

    const first = await post(ada, { intent: "add", productId: journal });
    expect(first.status).toBe(200);
    expect(await drawn(first)).toContain("Saved Gratitude Journal to your wish list.");
    expect(await drawn(await post(ada, { intent: "add", productId: journal }))).toContain(
      "Gratitude Journal is already on your wish list.",
    );
    expect(wishButton(await drawn(await t.page(`/productdetails/${journal}`, { as: ada })))).toMatchObject({
      pressed: true,
      words: "On your wish list",
    });
    await post(ada, { intent: "add", productId: cards });

    const page = await drawn(await t.page("/wishlist", { as: ada }));
    expect(listed(page)).toEqual(["Calm Cards", "Gratitude Journal"]);
    // the price she would pay: the sale price with the full one struck through
    expect(page).toMatch(/₦4,000<\/span><s[^>]*><span class="sr-only">was <\/span>₦4,500<\/s>/);
    expect(page).toContain("2 of 50 saved.");
    expect(linkOf(page)).toMatch(/^http:\/\/localhost:3000\/wishlist\/[A-Za-z0-9_-]{32}$/);

    const removed = await drawn(await post(ada, { intent: "remove", productId: journal }));
    expect(removed).toContain("Removed Gratitude Journal from your wish list.");
    expect(listed(removed)).toEqual(["Calm Cards"]);
    expect(wishButton(await drawn(await t.page(`/productdetails/${journal}`, { as: ada })))).toMatchObject({ pressed: false });
  });

  it("asks a visitor to log in, refuses what names no product, and never shows one shopper's list on another's page", async () => {
    const ada = await shopper();
    const bisi = await shopper();
    const journal = await product("Sleep Journal");

    const anonymous = await post(undefined, { intent: "add", productId: journal });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/login?redirectTo=%2Fwishlist");

    const bad = await post(ada, { intent: "add", productId: "not-an-id" });
    expect(bad.status).toBe(400);
    expect(await drawn(bad)).toContain("Choose a product");
    const gone = await post(ada, { intent: "add", productId: crypto.randomUUID() });
    expect(gone.status).toBe(404);
    expect((await post(ada, { intent: "share" })).status).toBe(400);
    expect((await post(ada, { intent: "new-link" })).status).toBe(409);

    expect((await post(ada, { intent: "add", productId: journal })).status).toBe(200);
    // Bisi's remove is of her own list: Ada's keeps it
    await post(bisi, { intent: "remove", productId: journal });
    expect(listed(await drawn(await t.page("/wishlist", { as: ada })))).toEqual(["Sleep Journal"]);
    expect(wishButton(await drawn(await t.page(`/productdetails/${journal}`, { as: bisi })))).toMatchObject({ pressed: false });
    // a visitor's page, kept for every visitor without a session, is the log-in link, twice
    for (let i = 0; i < 2; i++) expect(wishButton(await drawn(await t.page(`/productdetails/${journal}`)))?.pressed).toBeNull();
    expect(listed(await drawn(await t.page("/wishlist", { as: bisi })))).toEqual([]);
    expect(await drawn(await t.page("/wishlist", { as: bisi }))).toContain("Nothing saved yet.");
  });

  it("saves a visitor's tap as she logs in (through sign-up too), and takes her on to the product", async () => {
    const journal = await product("Morning Pages Journal");
    const destination = `/productdetails/${journal}?save=1`;
    const logIn = (email: string, redirectTo: string) =>
      t.page("/login", { method: "POST", body: new URLSearchParams({ email, password: DEFAULT_PASSWORD, redirectTo }) });
    const listOf = async (who: Shopper) => listed(await drawn(await t.page("/wishlist", { as: who })));

    // the log-in page says why she is there; sign-up carries the wish on to the log-in
    expect(await drawn(await t.page(`/login?redirectTo=${encodeURIComponent(destination)}`))).toContain(
      "Log in to save it to your wish list.",
    );
    const fields = { firstName: "Kemi", lastName: "Bello", phone: "08031234567", address: "5 Allen Avenue", lga: "Ikeja" };
    const email = `kemi.${crypto.randomUUID().slice(0, 8)}@example.ng`;
    const signedUp = await t.page("/register", {
      method: "POST",
      body: new URLSearchParams({ ...fields, email, password: DEFAULT_PASSWORD, redirectTo: destination }),
    });
    expect(signedUp.headers.get("Location")).toBe(`/login?registered=1&redirectTo=${encodeURIComponent(destination)}`);

    const loggedIn = await logIn(email, destination);
    expect(loggedIn.status).toBe(302);
    expect(loggedIn.headers.get("Location")).toBe(`/productdetails/${journal}`);
    expect(loggedIn.headers.get("Set-Cookie")).toContain("HttpOnly");
    const [kemi] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const her = { id: kemi!.id, role: "customer" as const };
    expect(await listOf(her)).toEqual(["Morning Pages Journal"]);
    // already signed in (another tab): on to the product, nothing saved by opening an address
    const other = await product("Evening Journal");
    const opened = await t.page(`/login?redirectTo=${encodeURIComponent(`/productdetails/${other}?save=1`)}`, { as: her });
    expect(opened.headers.get("Location")).toBe(`/productdetails/${other}`);
    expect(await listOf(her)).toEqual(["Morning Pages Journal"]);

    // what cannot be saved (a product gone, a full list) is left, and the log-in goes on
    const ada = await createUser(t.db);
    const gone = crypto.randomUUID();
    const refused = await logIn(ada.email, `/productdetails/${gone}?save=1`);
    expect(refused.headers.get("Location")).toBe(`/productdetails/${gone}`);
    expect(refused.headers.get("Set-Cookie")).toContain("HttpOnly");
    const full = { id: ada.id, role: "customer" as const };
    for (let i = 0; i < WISH_LIST_MAX; i++) await saveWish(t.db, ada.id, await product(`Full ${i}`));
    expect((await logIn(ada.email, destination)).headers.get("Location")).toBe(`/productdetails/${journal}`);
    expect(await listOf(full)).not.toContain("Morning Pages Journal");
    // any other destination is only a destination
    expect((await logIn(email, `/products?save=1`)).headers.get("Location")).toBe("/products?save=1");
  });

  it(`holds at most ${WISH_LIST_MAX} products however many saves arrive at once`, async () => {
    const ada = await shopper();
    const ids: string[] = [];
    for (let i = 0; i < WISH_LIST_MAX + 3; i++) ids.push(await product(`Card ${i}`));
    for (const id of ids.slice(0, WISH_LIST_MAX - 2)) await saveWish(t.db, ada.id, id);
    const answers = await Promise.all(ids.slice(WISH_LIST_MAX - 2).map((productId) => post(ada, { intent: "add", productId })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409, 409, 409]);
    expect(await drawn(answers.find((a) => a.status === 409)!)).toContain(
      `Your wish list holds ${WISH_LIST_MAX} products. Remove one to save another.`,
    );
    const [held] = await t.db.select({ n: count() }).from(wishItems).where(eq(wishItems.userId, ada.id));
    expect(held?.n).toBe(WISH_LIST_MAX);
  });
});

describe("Save for later", () => {
  it("moves her cart's line to her wish list, only hers, and keeps it in the cart when the list is full", async () => {
    const ada = await shopper();
    const bisi = await shopper();
    const mug = await product("Calm Mug");
    const line = await createCartItem(t.db, ada.id, mug, 2);
    const cartLines = async (userId: string) => (await t.db.select().from(cartItems).where(eq(cartItems.userId, userId))).length;

    // a guest has no list; another shopper's line is not found, and stays
    const guest = await post(undefined, { intent: "later", lineId: line.id }, "/cart");
    expect(guest.status).toBe(401);
    expect(await drawn(guest)).toContain("Log in to save it for later.");
    expect((await post(bisi, { intent: "later", lineId: line.id }, "/cart")).status).toBe(404);
    expect(await cartLines(ada.id)).toBe(1);

    const moved = await post(ada, { intent: "later", lineId: line.id }, "/cart");
    expect(moved.status).toBe(200);
    expect(await drawn(moved)).toContain("Saved Calm Mug to your wish list for later.");
    expect(await cartLines(ada.id)).toBe(0);
    expect(listed(await drawn(await t.page("/wishlist", { as: ada })))).toEqual(["Calm Mug"]);

    // a full list: the line stays in her cart
    for (let i = 1; i < WISH_LIST_MAX; i++) await saveWish(t.db, ada.id, await product(`Mug ${i}`));
    const other = await createCartItem(t.db, ada.id, await product("Calm Teapot"), 1);
    const full = await post(ada, { intent: "later", lineId: other.id }, "/cart");
    expect(full.status).toBe(409);
    expect(await cartLines(ada.id)).toBe(1);
  });
});

describe("A shared wish list", () => {
  it("shows her first name and products to whoever holds the link, nothing else of hers; a new link ends the old", async () => {
    const tolu = await shopper({ firstName: "Tolu", lastName: "Adeyemi", email: "tolu.adeyemi@example.ng", phone: "08031234567" });
    const friend = await shopper();
    const candle = await product("Lavender Candle");
    const gone = await product("Colouring Book", { stock: 0 });
    await post(tolu, { intent: "add", productId: candle });
    await post(tolu, { intent: "add", productId: gone });
    const link = linkOf(await drawn(await t.page("/wishlist", { as: tolu })))!;

    const seen = await t.page(pathOf(link));
    expect(seen.status).toBe(200);
    expect(seen.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await drawn(seen);
    expect(html).toContain("<title>Tolu's wish list | Alafia Self-Care</title>");
    expect(html).toMatch(/name="robots" content="noindex/);
    // what WhatsApp's preview of the link shows: her list, what is on it, the first product's picture
    expect(html).toContain(`<meta property="og:title" content="Tolu's wish list"/>`);
    expect(html).toContain(
      `<meta property="og:description" content="Colouring Book, Lavender Candle: what Tolu would love from Alafia Self-Care."/>`,
    );
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="http://localhost:3000/og/products/${gone}\\.jpg\\?v=`));
    expect(listed(html)).toEqual(["Colouring Book", "Lavender Candle"]);
    expect(html).toContain("Sold out for now");
    expect(html).toContain("Buying Tolu a gift?");
    for (const hers of ["Adeyemi", "tolu.adeyemi@example.ng", "08031234567", "0803 123 4567"]) expect(html).not.toContain(hers);
    // each product is bought as from the shop: its Add To Cart posts to the cart; no Remove but on her own
    expect(html).toContain('action="/cart"');
    expect(html).not.toContain("Remove Lavender Candle");
    expect(await drawn(await t.page(pathOf(link), { as: friend }))).not.toContain("Remove Lavender Candle");
    expect(await drawn(await t.page(pathOf(link), { as: tolu }))).toContain("This is your list as others see it.");

    const renewed = await drawn(await post(tolu, { intent: "new-link" }));
    expect(renewed).toContain("Your list has a new link. The old one no longer opens it.");
    const next = linkOf(renewed)!;
    expect(next).not.toBe(link);
    expect((await t.page(pathOf(link))).status).toBe(404);
    expect((await t.page(pathOf(next))).status).toBe(200);
    for (const made of [`/wishlist/${"A".repeat(32)}`, "/wishlist/short", `/wishlist/${"x".repeat(300)}`])
      expect((await t.page(made)).status).toBe(404);

    // a product deleted leaves her list
    await t.db.delete(products).where(eq(products.id, gone));
    expect(listed(await drawn(await t.page(pathOf(next))))).toEqual(["Lavender Candle"]);
  });

  it("tells the shop how many lists hold each product, beside its stock and on its edit screen", async () => {
    const owner = { id: (await createAdminUser(t.db)).id, role: "admin" as const };
    const hamper = await product("Spa Day Hamper", { stock: 4 });
    const sold = await product("Spa Night Hamper", { stock: 0 });
    const shoppers = [await shopper(), await shopper(), await shopper()];
    for (const who of shoppers) await post(who, { intent: "add", productId: hamper });
    await post(shoppers[0], { intent: "add", productId: sold });
    const table = await drawn(await t.page(`/producttable?q=${encodeURIComponent("Spa")}`, { as: owner }));
    expect(table).toContain("4 · on 3 wish lists");
    expect(table).toContain("0 · on 1 wish list");
    const edit = await drawn(await t.page(`/editproduct/${hamper}`, { as: owner }));
    expect(edit).toContain(
      "On 3 shoppers' wish lists: a lower price that holds 10 minutes, or its return when sold out, is mailed to them (unless they have turned those mails off).",
    );
    // the demand is the owner's to see, never a shopper's
    expect((await t.page("/producttable", { as: shoppers[0] })).status).toBe(403);
  });
});
