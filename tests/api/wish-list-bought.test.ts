// docs/product.md "Wish lists", "Bought from her list": a friend who opened a shared list and has
// something of it in her cart is offered, at checkout, to mark it bought there (ticked for her). Her
// order keeps whose list it was; whoever opens the list then sees what was bought, she never does,
// and an order cancelled buys nothing. Her own list, a link that opens none, or the box unticked
// mark nothing; the list's link is forgotten once an order is placed.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { and } from "drizzle-orm";
import { mailOutbox, products, purchases, wishLists } from "../../db/schema";
import { mailListNews, PRICE_SETTLE_MS } from "../../modules/wish-lists/list-mails.server";
import { changePurchaseStatus } from "../../modules/orders/admin.server";
import { saveWish } from "../../modules/wish-lists/service.server";
import { listNewsOf } from "../../modules/wish-lists/bought.server";
import { WISH_FOR_COOKIE } from "../../modules/wish-lists/shopping-for.server";
import { createAdminUser, createCartItem, createDeliveryRate, createProduct, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
});

const drawn = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");
const product = async (title: string) => (await createProduct(t.db, { title, priceKobo: 450_000, discountKobo: 0, stock: 10 })).id;
const shopper = async (firstName: string, lastName = "Adeyemi") => {
  const user = await createUser(t.db, { firstName, lastName });
  return { id: user.id, email: user.email, role: "customer" as const };
};

/** Tolu's list with `titles` on it, and its link's secret. */
async function listOf(titles: string[]) {
  const tolu = await shopper("Tolu");
  const ids = [];
  for (const title of titles) {
    const id = await product(title);
    await saveWish(t.db, tolu.id, id);
    ids.push(id);
  }
  const [list] = await t.db.select({ token: wishLists.shareToken }).from(wishLists).where(eq(wishLists.userId, tolu.id));
  return { tolu, ids, token: list!.token };
}

/** The marks a list's page shows, by product title. */
function marks(html: string) {
  const items = html.split('data-testid="wish-item"').slice(1);
  return Object.fromEntries(
    items.map((item) => [
      /<h2[^>]*><a[^>]*>([^<]+)<\/a><\/h2>/.exec(item)![1],
      /data-testid="bought-mark"[^>]*>(?:<svg[\s\S]*?<\/svg>)?\s*([^<]+)</.exec(item)?.[1]?.trim() ?? null,
    ]),
  );
}

const address = { phone: "0803 555 0142", street: "12 Allen Avenue", city: "Ikeja", lga: "Ikeja" };
const cookies = (...pairs: string[]) => ({ Cookie: pairs.join("; ") });

/** A guest's checkout form posted from her browser: her cart cookie and the list's, and the fields. */
const checkout = (cart: string, token: string | null, fields: Record<string, string> = {}) =>
  t.page("/checkout", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...cookies(`guest_cart=${cart}`, ...(token ? [`${WISH_FOR_COOKIE}=${token}`] : [])),
    },
    body: new URLSearchParams({
      attempt: crypto.randomUUID(),
      name: "Bisi Okafor",
      email: `bisi.${crypto.randomUUID().slice(0, 8)}@example.ng`,
      ...address,
      ...fields,
    }).toString(),
  });
const latestOrder = async (email?: string) =>
  (
    await t.db
      .select()
      .from(purchases)
      .where(email ? eq(purchases.email, email) : undefined)
  ).at(-1)!;

describe("Bought from her list", () => {
  it("marks on her shared list what a friend buys from it, for her friends only, until the order is cancelled", async () => {
    const { tolu, ids, token } = await listOf(["Calm Cards", "Gratitude Journal"]);
    const [, journal] = ids;

    // a friend opens the link: her browser keeps it for a week; Tolu's own browser keeps nothing
    const opened = await t.page(`/wishlist/${token}`);
    expect(opened.headers.get("set-cookie")).toContain(`${WISH_FOR_COOKIE}=${token}; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax`);
    expect(opened.headers.get("cache-control")).toBe("private, no-store");
    expect(await drawn(opened)).toContain("What you buy is marked bought here, so no one gives her the same thing twice");
    expect((await t.page(`/wishlist/${token}`, { as: tolu })).headers.get("set-cookie")).toBeNull();

    // her checkout offers to mark it, ticked, when the cart holds something of the list
    const page = await drawn(await t.page("/checkout", { headers: cookies(`guest_cart=${journal}*1`, `${WISH_FOR_COOKIE}=${token}`) }));
    expect(page).toContain("From Tolu's wish list");
    expect(page).toContain("Mark the product from it in your cart as bought");
    const offer = /<input[^>]*name="forWishList"[^>]*>/.exec(page)![0];
    expect(offer).toContain(`value="${token}"`);
    expect(offer).toContain('checked=""');
    // nothing of the list in the cart, or no list opened: no offer
    const other = await product("Lavender Candle");
    expect(
      await drawn(await t.page("/checkout", { headers: cookies(`guest_cart=${other}*1`, `${WISH_FOR_COOKIE}=${token}`) })),
    ).not.toContain("wish-list-offer");
    expect(await drawn(await t.page("/checkout", { headers: cookies(`guest_cart=${journal}*1`) }))).not.toContain("wish-list-offer");

    // and a gift from her list is for her: her first name is typed in for the recipient
    expect(/<input[^>]*name="recipientName"[^>]*>/.exec(page)![0]).toContain('value="Tolu"');

    // she asks her sister to pay (the order is placed at once)
    const placed = await checkout(`${journal}*2`, token, { forWishList: token, paymentMethod: "pay_link" });
    expect(placed.status).toBe(302);
    // the list is done with: her next order is her own
    expect(placed.headers.get("set-cookie")).toContain(`${WISH_FOR_COOKIE}=; Max-Age=0`);
    const order = await latestOrder();
    expect(order.forWishListOf).toBe(tolu.id);
    // her order's page: what she got from the list, and a WhatsApp message to tell the others
    const orderPage = await drawn(await t.page(placed.headers.get("location")!));
    expect(orderPage).toContain("Marked bought on Tolu's wish list");
    expect(orderPage).toContain("Tell the others on WhatsApp");
    const message = `From Tolu's wish list, I'm getting: Gratitude Journal. Pick something else from it: http://localhost:3000/wishlist/${token}`;
    expect(orderPage).toContain(`https://wa.me/?text=${encodeURIComponent(message)}`);

    // anyone holding the link sees it bought (two of it); Tolu sees no mark, on the link or her own list
    expect(marks(await drawn(await t.page(`/wishlist/${token}`)))).toEqual({ "Calm Cards": null, "Gratitude Journal": "2 bought already" });
    // what is still to give comes first (her own view: latest saved first)
    expect(Object.keys(marks(await drawn(await t.page(`/wishlist/${token}`))))).toEqual(["Calm Cards", "Gratitude Journal"]);
    expect(Object.keys(marks(await drawn(await t.page(`/wishlist/${token}`, { as: tolu }))))).toEqual(["Gratitude Journal", "Calm Cards"]);
    const hers = await drawn(await t.page(`/wishlist/${token}`, { as: tolu }));
    expect(marks(hers)).toEqual({ "Calm Cards": null, "Gratitude Journal": null });
    expect(hers).not.toContain("marked bought");
    expect(await drawn(await t.page("/wishlist", { as: tolu }))).not.toContain("bought-mark");

    // the team sees whose list it was; the buyer's own view of the order does not carry it
    expect(await drawn(await t.page(`/viewpurchase/${order.id}`, { as: admin }))).toContain(
      "Bought from <strong>Tolu Adeyemi</strong>'s wish list",
    );

    // cancelled, it buys nothing: the mark goes
    await changePurchaseStatus(t.db, order.id, { status: "cancelled" }, admin.id, t.env);
    expect(marks(await drawn(await t.page(`/wishlist/${token}`)))).toEqual({ "Calm Cards": null, "Gratitude Journal": null });
    expect(await drawn(await t.page(placed.headers.get("location")!))).not.toContain("list-news");
    expect(await listNewsOf(t.db, order.id)).toBeNull();
  });

  it("marks one bought as a friend's, and nothing when unticked, by a link that opens no list, or on her own list", async () => {
    const { tolu, ids, token } = await listOf(["Stress-Relief Box"]);
    const [box] = ids;

    expect((await checkout(`${box}*1`, token, { email: "one@example.ng", forWishList: token })).status).toBe(302);
    expect(marks(await drawn(await t.page(`/wishlist/${token}`)))).toEqual({ "Stress-Relief Box": "Bought by a friend" });

    // the box unticked posts no link
    expect((await checkout(`${box}*1`, token, { email: "unticked@example.ng" })).status).toBe(302);
    expect((await latestOrder("unticked@example.ng")).forWishListOf).toBeNull();
    // a link made new since, or never a list's: the order goes through, marking nothing
    expect((await checkout(`${box}*1`, null, { email: "stale@example.ng", forWishList: "x".repeat(32) })).status).toBe(302);
    expect((await latestOrder("stale@example.ng")).forWishListOf).toBeNull();
    // not a link at all: a 400 naming the field, no order
    const bad = await checkout(`${box}*1`, null, { email: "bad@example.ng", forWishList: "y".repeat(65) });
    expect(bad.status).toBe(400);
    expect(await drawn(bad)).toContain("That is not a wish list's link");
    expect(await t.db.select().from(purchases).where(eq(purchases.email, "bad@example.ng"))).toEqual([]);

    // Tolu buying from her own list (the API, signed in): her checkout offers nothing, and her post marks nothing
    await createCartItem(t.db, tolu.id, box!, 1);
    expect(await drawn(await t.page("/checkout", { as: tolu, headers: cookies(`${WISH_FOR_COOKIE}=${token}`) }))).not.toContain(
      "wish-list-offer",
    );
    const own = await t.request("/api/purchases/create", { method: "POST", as: tolu, json: { ...address, forWishList: token } });
    expect(own.status).toBe(201);
    const [mine] = await t.db.select().from(purchases).where(eq(purchases.userId, tolu.id));
    expect(mine!.forWishListOf).toBeNull();

    // a signed-in friend through the API, with the link: marked; her own view of the order names no one, the team's does
    const ngozi = await shopper("Ngozi", "Eze");
    await createCartItem(t.db, ngozi.id, box!, 1);
    const api = await t.request("/api/purchases/create", { method: "POST", as: ngozi, json: { ...address, forWishList: token } });
    expect(api.status).toBe(201);
    const [theirs] = await t.db.select().from(purchases).where(eq(purchases.userId, ngozi.id));
    expect(theirs!.forWishListOf).toBe(tolu.id);
    const hersToSee = await t.request(`/api/purchases/${theirs!.id}`, { as: ngozi });
    expect(hersToSee.status).toBe(200);
    expect(await hersToSee.json()).not.toHaveProperty("wishListOf");
    expect(await (await t.request(`/api/purchases/${theirs!.id}`, { as: admin })).json()).toMatchObject({ wishListOf: "Tolu Adeyemi" });
    expect(marks(await drawn(await t.page(`/wishlist/${token}`)))).toEqual({ "Stress-Relief Box": "2 bought already" });
  });

  it("leaves out of her list's mails what a friend bought for her, until that order is cancelled", async () => {
    const { tolu, ids, token } = await listOf(["Rose Bath Salts"]);
    const [salts] = ids;
    const told = async () =>
      (
        await t.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, tolu.email), eq(mailOutbox.kind, "wish_list_news")))
      ).map((m) => m.subject);

    const friend = await t.request("/api/purchases/create", {
      method: "POST",
      json: {
        ...address,
        name: "Bisi Okafor",
        email: "bisi.salts@example.ng",
        lines: [{ productId: salts, quantity: 1 }],
        forWishList: token,
      },
    });
    expect(friend.status).toBe(201);
    // on sale, and it holds: telling her would spoil the surprise
    const sale = new Date();
    await t.db.update(products).set({ discountKobo: 400_000 }).where(eq(products.id, salts!));
    await mailListNews(t.db, t.env, sale);
    await mailListNews(t.db, t.env, new Date(sale.getTime() + PRICE_SETTLE_MS + 1_000));
    expect(await told()).toEqual([]);

    // the friend's order cancelled: the sale is hers to hear of
    await changePurchaseStatus(t.db, (await latestOrder("bisi.salts@example.ng")).id, { status: "cancelled" }, admin.id, t.env);
    await mailListNews(t.db, t.env, new Date(sale.getTime() + PRICE_SETTLE_MS + 60_000));
    expect(await told()).toEqual(["Rose Bath Salts is now ₦4,000 (was ₦4,500)"]);
  });
});
