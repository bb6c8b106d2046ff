import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, contactMessages, deliveryRates, newsletterSubscribers, products, reviews } from "../../db/schema";
import { createAdminUser, createCartItem, createDeliveryRate, createProduct, createPurchase, createUser } from "../factories";
import { NUL_TEXT_MESSAGE } from "../../lib/nul-text";
import { createPagesContext, type PagesContext } from "../support/pages-app";

// The screens write through their pages' actions (docs/decisions/0011-one-way-to-write.md): the same
// services as the REST handlers, the role checked on the server, the public caches emptied by an
// admin's write or a review as the API's writes empty them, and forms that work before the script loads.
let t: PagesContext;
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createPagesContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
});

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});
const cacheOf = async (path: string) => (await t.page(path)).headers.get("x-cache");
/** the anonymous copy of `path` is in the public cache */
async function cached(path: string) {
  await t.page(path);
  expect(await cacheOf(path)).toBe("hit");
}
/** The /editproduct/{id} form as its page sends it, for a product loaded with 8 in stock. */
const editForm = (product: { description: string; categoryId: string }, fields: Record<string, string>) =>
  form({
    discount: "",
    description: product.description,
    categoryId: product.categoryId,
    color: "",
    size: "",
    trackStock: "true",
    stock: "8",
    stockAsLoaded: "true:8",
    ...fields,
  });
/** what a fetcher's (or a script-driven form's) data request was redirected to: React Router answers 202 with the target inside */
async function dataRedirect(res: Response) {
  expect(res.status).toBe(202);
  return (await res.text()).match(/"redirect","([^"]*)"/)?.[1];
}

describe("an admin's write through a screen's action empties the public caches, as the API's do", () => {
  it("/editproduct/{id}: the new price is on the next anonymous product page and API read", async () => {
    const product = await createProduct(t.db, { title: "Oat bath soak", priceKobo: 800_000, stock: 8 });
    const page = `/productdetails/${product.id}`;
    const api = `/api/products/${product.id}`;
    await cached(page);
    await cached(api);
    // the form as the browser sends it without the script: a document post, answered with a redirect
    const saved = await t.page(`/editproduct/${product.id}`, {
      ...editForm(product, { title: "Oat bath soak", price: "9900" }),
      as: admin,
    });
    expect([saved.status, saved.headers.get("location")]).toEqual([302, "/producttable"]);
    expect(await cacheOf(page)).toBe("miss");
    const after = await t.page(api);
    expect(after.headers.get("x-cache")).toBe("miss");
    expect(await after.json()).toMatchObject({ price: 9900, stock: 8, trackStock: true });
  });

  it("a stock left as it was loaded is not written back over units a checkout took meanwhile", async () => {
    const product = await createProduct(t.db, { priceKobo: 500_000, stock: 8 });
    // a checkout took 3 after the admin opened the form with 8
    await t.db.update(products).set({ stock: 5 }).where(eq(products.id, product.id));
    const fields = { title: "Renamed candle", price: "5000" };
    expect((await t.page(`/editproduct/${product.id}`, { ...editForm(product, fields), as: admin })).status).toBe(302);
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect([row!.title, row!.stock]).toEqual(["Renamed candle", 5]);
    // a figure the admin did change is written
    await t.page(`/editproduct/${product.id}`, { ...editForm(product, { ...fields, stock: "12" }), as: admin });
    const [changed] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(changed!.stock).toBe(12);
  });

  it("the tables' Delete (a fetcher's data request) and the LGA forms empty them too", async () => {
    const product = await createProduct(t.db);
    await cached(`/api/products/${product.id}`);
    const deleted = await t.page("/producttable.data", { ...form({ id: product.id }), as: admin });
    expect(deleted.status).toBe(200);
    expect(await t.page(`/api/products/${product.id}`).then((r) => r.status)).toBe(404);

    await cached("/api/deliveryrates");
    const created = await t.page("/createlga.data", { ...form({ lga: "Ojodu", deliveryCharge: "1500" }), as: admin });
    expect(await dataRedirect(created)).toBe("/lga");
    const rates = await t.page("/api/deliveryrates");
    expect(rates.headers.get("x-cache")).toBe("miss");
    expect(((await rates.json()) as { lga: string }[]).map((r) => r.lga)).toContain("Ojodu");
  });

  it("a refused write empties nothing and answers the API's error body with its status", async () => {
    const rate = await createDeliveryRate(t.db, { lga: "Ketu" });
    await cached("/api/deliveryrates");
    const refused = await t.page(`/editlga/${rate.id}`, { ...form({ lga: "Ketu", deliveryCharge: "150" }), as: admin });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Delivery Charge must be in steps of ₦100");
    expect(await cacheOf("/api/deliveryrates")).toBe("hit");
  });
});

describe("the back office's actions check the admin role on the server", () => {
  it("a customer gets a 403 and a visitor is sent to /admin; nothing is written", async () => {
    const rate = await createDeliveryRate(t.db, { lga: "Isolo" });
    const shopper = await createUser(t.db);
    const asShopper = await t.page("/lga", { ...form({ id: rate.id }), as: { id: shopper.id, role: "customer" } });
    expect(asShopper.status).toBe(403);
    const anonymous = await t.page("/lga", form({ id: rate.id }));
    expect([anonymous.status, anonymous.headers.get("location")]).toEqual([302, "/admin?redirectTo=%2Flga"]);
    expect((await t.db.select().from(deliveryRates).where(eq(deliveryRates.id, rate.id))).length).toBe(1);
  });

  it("a post from another site is refused before any action runs (the Origin check covers page posts)", async () => {
    const rate = await createDeliveryRate(t.db, { lga: "Agege" });
    const res = await t.page("/lga", { ...form({ id: rate.id }), as: admin, headers: { Origin: "https://evil.example" } } as never);
    expect(res.status).toBe(403);
    expect((await t.db.select().from(deliveryRates).where(eq(deliveryRates.id, rate.id))).length).toBe(1);
  });
});

describe("a review through the product page or /review empties the caches, as POST /api/reviews does", () => {
  it("the product page's form (a fetcher) and /review's", async () => {
    const product = await createProduct(t.db);
    const buyer = await createUser(t.db);
    await createPurchase(t.db, buyer, [{ product, quantity: 1 }], { status: "delivered" });
    const as = { id: buyer.id, role: "customer" as const };
    const api = `/api/products/${product.id}`;

    await cached(api);
    const onPage = await t.page(`/productdetails/${product.id}.data`, { ...form({ rating: "5", comment: "Lovely" }), as });
    expect(onPage.status).toBe(200);
    expect(await t.page(api).then((r) => r.headers.get("x-cache"))).toBe("miss");

    await cached(api);
    const standalone = await t.page("/review.data", { ...form({ productId: product.id, rating: "4", comment: "Calm" }), as });
    expect(standalone.status).toBe(200);
    expect(await t.page(api).then((r) => r.headers.get("x-cache"))).toBe("miss");
    // one review per buyer and product: the second one replaced the first
    const stored = await t.db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(stored.map((r) => [r.rating, r.comment])).toEqual([[4, "Calm"]]);
  });

  it("someone who did not buy it is told so, and nothing is emptied", async () => {
    const product = await createProduct(t.db);
    const shopper = await createUser(t.db);
    await cached(`/api/products/${product.id}`);
    const res = await t.page(`/productdetails/${product.id}`, {
      ...form({ rating: "5", comment: "Lovely" }),
      as: { id: shopper.id, role: "customer" },
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("You need to purchase this product to review it.");
    expect(await cacheOf(`/api/products/${product.id}`)).toBe("hit");
  });
});

describe("the storefront's forms post to actions that work before the script loads", () => {
  it("/review sent before the script runs and refused is drawn again with the product she chose and her words", async () => {
    const [journal, cards] = [await createProduct(t.db, { title: "Calm Journal" }), await createProduct(t.db, { title: "Kind Cards" })];
    const buyer = await createUser(t.db);
    await createPurchase(
      t.db,
      buyer,
      [
        { product: journal, quantity: 1 },
        { product: cards, quantity: 1 },
      ],
      { status: "delivered" },
    );
    const as = { id: buyer.id, role: "customer" as const };
    // no stars: refused, with the rating's message; the cards, the comment and nothing else kept
    const refused = await t.page("/review", { ...form({ productId: cards.id, comment: "Sturdy & kind" }), as });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Choose a rating from 1 to 5");
    expect(html).toMatch(new RegExp(`<option value="${cards.id}" selected="">Kind Cards</option>`));
    expect(html).not.toMatch(new RegExp(`<option value="${journal.id}" selected=""`));
    expect(html).toMatch(/<textarea[^>]*>Sturdy &amp; kind<\/textarea>/);
    // a control character in her words: refused for it, and her words come back without it
    const controlled = await t.page("/review", { ...form({ productId: cards.id, rating: "4", comment: "Sturdy\u0000 and kind" }), as });
    expect(controlled.status).toBe(400);
    const again = await controlled.text();
    expect(again).toContain(NUL_TEXT_MESSAGE);
    expect(again).toMatch(new RegExp(`<option value="${cards.id}" selected="">Kind Cards</option>`));
    expect(again).toMatch(/<textarea[^>]*>Sturdy and kind<\/textarea>/);
    // and her four stars
    const starsChecked = again.match(/<input[^>]*name="rating"[^>]*checked=""[^>]*>/g) ?? [];
    expect(starsChecked).toHaveLength(1);
    expect(starsChecked[0]).toContain('value="4"');
    expect((await t.db.select().from(reviews).where(eq(reviews.userId, buyer.id))).length).toBe(0);
  });

  it("/contact sent before the script runs and refused is drawn again with her name, email and message", async () => {
    const refused = await t.page("/contact", {
      ...form({ name: "Ngozi Eze", email: "ngozi@", message: "Do you gift-wrap the 2027 planner & deliver to Ajah?" }),
      ip: "10.9.0.4",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Ngozi Eze"/);
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="ngozi@"/);
    expect(html).toMatch(/<textarea[^>]*>Do you gift-wrap the 2027 planner &amp; deliver to Ajah\?<\/textarea>/);
    expect((await t.db.select().from(contactMessages).where(eq(contactMessages.name, "Ngozi Eze"))).length).toBe(0);
  });

  it("contact and newsletter are stored and answered on the page, under the API's rate rules", async () => {
    const contact = await t.page("/contact", {
      ...form({ name: "Ngozi Eze", email: "ngozi@example.ng", message: "Gift wrapping?" }),
      ip: "10.9.0.1",
    });
    expect(contact.status).toBe(200);
    expect(await contact.text()).toContain("Your message has been sent");
    expect((await t.db.select().from(contactMessages).where(eq(contactMessages.email, "ngozi@example.ng"))).length).toBe(1);

    const signUp = await t.page("/newsletter", {
      ...form({ email: "Bola@Example.ng", source: "popup", firstName: "Bola" }),
      ip: "10.9.0.2",
    });
    expect(await signUp.text()).toContain("Thank you for subscribing!");
    const [row] = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "bola@example.ng"));
    expect([row?.source, row?.firstName]).toEqual(["popup", "Bola"]);

    const bad = await t.page("/newsletter.data", { ...form({ email: "not-an-email", source: "footer" }), ip: "10.9.0.2" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter a valid email address");

    // the 31st sign-up from one address within the hour is refused, as POST /api/newsletter refuses it
    let last: Response | undefined;
    for (let i = 0; i <= 30; i++) last = await t.page("/newsletter.data", { ...form({ email: `n${i}@example.ng` }), ip: "10.9.0.3" });
    expect(last!.status).toBe(429);
    expect(last!.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("the signed-in cart: add from the product page, change a quantity, remove; a guest's line goes to her cart's cookie", async () => {
    const shopper = await createUser(t.db);
    const as = { id: shopper.id, role: "customer" as const };
    const product = await createProduct(t.db, { stock: 3 });
    const added = await t.page("/cart", { ...form({ intent: "add", productId: product.id, quantity: "2" }), as });
    expect([added.status, added.headers.get("location")]).toEqual([302, "/cart"]);
    const [line] = await t.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id));
    expect(line!.quantity).toBe(2);

    const tooMany = await t.page("/cart.data", { ...form({ lineId: line!.id, quantity: "4" }), as });
    expect(tooMany.status).toBe(409);
    expect(await tooMany.text()).toContain("Only 3 left");
    expect((await t.page("/cart.data", { ...form({ lineId: line!.id, quantity: "3" }), as })).status).toBe(200);
    expect((await t.db.select().from(cartItems).where(eq(cartItems.id, line!.id)))[0]!.quantity).toBe(3);

    // another shopper's line is not hers to change (the service's 403, as PUT and DELETE /api/cart/{id} answer)
    const other = await createUser(t.db);
    const theirs = await createCartItem(t.db, other.id, product.id, 1);
    expect((await t.page("/cart.data", { ...form({ intent: "remove", lineId: theirs.id }), as })).status).toBe(403);
    expect((await t.page("/cart.data", { ...form({ intent: "remove", lineId: line!.id }), as })).status).toBe(200);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, shopper.id))).toEqual([]);

    // a guest without the page's script: the line goes into her cart's cookie, and she lands on /cart
    const guest = await t.page("/cart", form({ intent: "add", productId: product.id, quantity: "2" }));
    expect([guest.status, guest.headers.get("location")]).toEqual([302, "/cart"]);
    const cookie = guest.headers.get("set-cookie")!;
    // marked as the server's (~): her browser takes these lines as her cart once its script runs
    expect(cookie).toMatch(new RegExp(`^guest_cart=~${product.id}\\*2; Path=/; Max-Age=2592000; SameSite=Lax$`));
    // a second add adds up, within the shop's quantity limit (10 by default)
    const again = await t.page("/cart", {
      ...form({ intent: "add", productId: product.id, quantity: "9" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie.split(";")[0]! },
    });
    expect(again.headers.get("set-cookie")).toMatch(new RegExp(`^guest_cart=~${product.id}\\*10;`));
    expect((await t.page("/cart", form({ intent: "add", productId: crypto.randomUUID(), quantity: "1" }))).status).toBe(404);

    // her cart's steppers and delete before the script runs: the line (its id is the product's) changes in the cookie
    const second = await createProduct(t.db, { stock: 5 });
    const two = `guest_cart=${encodeURIComponent(`${product.id}*2|${second.id}*1`)}`;
    const guestPost = (fields: Record<string, string>, cookieHeader: string) =>
      t.page("/cart", { ...form(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieHeader } });
    const lowered = await guestPost({ lineId: product.id, quantity: "1" }, two);
    expect([lowered.status, lowered.headers.get("location")]).toEqual([302, "/cart"]);
    expect(decodeURIComponent(lowered.headers.get("set-cookie")!.split(";")[0]!)).toBe(`guest_cart=~${product.id}*1|${second.id}*1`);
    const removed = await guestPost({ intent: "remove", lineId: second.id }, two);
    expect(decodeURIComponent(removed.headers.get("set-cookie")!.split(";")[0]!)).toBe(`guest_cart=~${product.id}*2`);
    // her last line removed: an empty cart the server wrote (not a deleted cookie, which her browser would refill)
    const emptied = await guestPost({ intent: "remove", lineId: product.id }, `guest_cart=${product.id}*2`);
    expect(emptied.headers.get("set-cookie")).toMatch(/^guest_cart=~; Path=\/; Max-Age=2592000;/);
    // a bad quantity is the form's 400, and the cookie is left as it was
    const bad = await guestPost({ lineId: product.id, quantity: "0" }, two);
    expect([bad.status, bad.headers.get("set-cookie")]).toEqual([400, null]);
  });

  it("a guest's /cart is drawn from her cart's cookie: her lines and their prices at first paint, and without the script", async () => {
    const journal = await createProduct(t.db, { title: "Gratitude Journal", priceKobo: 650_000, stock: 5 });
    const cards = await createProduct(t.db, { title: "Self-Care Cards", priceKobo: 450_000, stock: 5 });
    const page = await t.page("/cart", { headers: { Cookie: `guest_cart=${encodeURIComponent(`${journal.id}*2|${cards.id}*1`)}` } });
    expect(page.status).toBe(200);
    // hers alone: never in a shared cache
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).not.toContain("Loading your cart...");
    expect(html).toContain("Gratitude Journal");
    expect(html).toContain("Self-Care Cards");
    // 2 × ₦6,500 + ₦4,500, priced by the server as the checkout will price it
    expect(html).toContain("₦13,000");
    expect(html).toContain("₦17,500");
    expect(html).toMatch(/href="\/checkout"[^>]*>Proceed to payment/);
    // a cart the server emptied (its steppers without the script): empty at once
    expect(await (await t.page("/cart", { headers: { Cookie: "guest_cart=~" } })).text()).toContain("Your cart is empty.");
    // no cookie: her browser's cart, if any, is asked for once the script runs
    expect(await (await t.page("/cart")).text()).toContain("Loading your cart...");
  });
});
