// docs/product.md "Wish lists", "Send it to her": she may keep on her list where friends can send
// her a gift. A friend who came from her list chooses "Send it to <her name>" at checkout and never
// sees the address: the order takes it from the list, priced by her area; every view of the order
// the buyer gets (its page, its mails, the API, My orders, her next checkout) shows her first name
// and area only. The team sees the whole address.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, purchases, wishLists } from "../../db/schema";
import { changePurchaseStatus } from "../../modules/orders/admin.server";
import { updateSettings } from "../../modules/settings/service.server";
import { saveWish } from "../../modules/wish-lists/service.server";
import { WISH_FOR_COOKIE } from "../../modules/wish-lists/shopping-for.server";
import { createAdminUser, createCartItem, createDeliveryRate, createProduct, createUser } from "../factories";
import { orderCompletePath } from "../../modules/orders/order-links.server";
import { payGuestOrder } from "../support/guest-order";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
  // the owner shows buyers the whole address of the gifts they send: never this one
  await updateSettings(t.db, { giftAddressForBuyer: "full" });
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
  await createDeliveryRate(t.db, { lga: "Surulere", chargeKobo: 250_000 });
});

const drawn = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");
const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});
const cookies = (...pairs: string[]) => ({ Cookie: pairs.join("; ") });

// where Tolu's gifts go: nothing of it may reach whoever buys her one
const hers = { phone: "0809 111 2233", lga: "Surulere", street: "7 Bode Thomas Street", city: "Yaba" };
const secrets = ["Bode Thomas", "Yaba", "809 111 2233", "8091112233", "Adeyemi"];
const leaks = (text: string, email: string) => [...secrets, email].filter((s) => text.includes(s));

/** Tolu (Adeyemi) with the Calm Cards on her list, and its link's secret. */
async function toluWithList() {
  const user = await createUser(t.db, { firstName: "Tolu", lastName: "Adeyemi" });
  const tolu = { id: user.id, email: user.email, role: "customer" as const };
  const cards = (await createProduct(t.db, { title: "Calm Cards", priceKobo: 450_000, discountKobo: 0, stock: 10 })).id;
  await saveWish(t.db, tolu.id, cards);
  const [list] = await t.db.select({ token: wishLists.shareToken }).from(wishLists).where(eq(wishLists.userId, tolu.id));
  return { tolu, cards, token: list!.token };
}

describe("Send it to her", () => {
  it("keeps an address on her own list, refusing what is not one and losing nothing typed", async () => {
    const { tolu } = await toluWithList();
    const page = await drawn(await t.page("/wishlist", { as: tolu }));
    expect(page).toContain("Gifts sent to you");
    expect(page).toContain("Add an address for gifts");

    // a wrong number, an area the shop does not deliver to, a link for a street: 400s, nothing kept, what she typed drawn again
    const badPhone = await t.page("/wishlist", { as: tolu, ...form({ intent: "address", ...hers, phone: "12" }) });
    expect(badPhone.status).toBe(400);
    const redrawn = await drawn(badPhone);
    expect(redrawn).toContain("Enter a Nigerian phone number");
    expect(/<input[^>]*name="street"[^>]*>/.exec(redrawn)![0]).toContain('value="7 Bode Thomas Street"');
    const badArea = await t.page("/wishlist", { as: tolu, ...form({ intent: "address", ...hers, lga: "Abuja" }) });
    expect(badArea.status).toBe(400);
    expect(await drawn(badArea)).toContain("Choose one of our delivery areas");
    const link = await t.page("/wishlist", { as: tolu, ...form({ intent: "address", ...hers, street: "see https://evil.example" }) });
    expect(link.status).toBe(400);
    expect(await drawn(link)).toContain("Street cannot contain a web address");
    const blank = await t.page("/wishlist", { as: tolu, ...form({ intent: "address", ...hers, city: " " }) });
    expect(blank.status).toBe(400);
    expect(await drawn(blank)).toContain("City is required");
    const [untouched] = await t.db.select().from(wishLists).where(eq(wishLists.userId, tolu.id));
    expect(untouched!.giftStreet).toBeNull();

    // kept: her area and number shown to her, the number as she reads it
    const saved = await t.page("/wishlist", { as: tolu, ...form({ intent: "address", ...hers, lga: "surulere" }) });
    expect(saved.status).toBe(200);
    expect(await drawn(saved)).toContain("Friends who open your list can now send gifts straight to you.");
    const [kept] = await t.db.select().from(wishLists).where(eq(wishLists.userId, tolu.id));
    expect(kept).toMatchObject({ giftPhone: "+2348091112233", giftLga: "Surulere", giftStreet: hers.street, giftCity: hers.city });
    const shown = await drawn(await t.page("/wishlist", { as: tolu }));
    expect(shown).toContain("send a gift straight to your address in <strong>Surulere</strong>; the rider calls +234 809 111 2233");

    // someone with no list yet has nowhere to keep it
    const none = await createUser(t.db, { firstName: "Kemi" });
    const early = await t.page("/wishlist", { as: { id: none.id, role: "customer" }, ...form({ intent: "address", ...hers }) });
    expect(early.status).toBe(409);
    expect(await drawn(early)).toContain("Save a product to your wish list first.");
  });

  it("sends a friend's gift to her address, which the friend never sees anywhere, and the team does", async () => {
    const { tolu, cards, token } = await toluWithList();
    await t.page("/wishlist", { as: tolu, ...form({ intent: "address", ...hers }) });
    const friend = cookies(`guest_cart=${cards}*1`, `${WISH_FOR_COOKIE}=${token}`);

    // her shared list tells friends they can send to her
    expect(await drawn(await t.page(`/wishlist/${token}`))).toContain("choose “Send it to Tolu”");

    // the checkout offers it; chosen, the page prices her area and asks nothing of an address
    const offered = await drawn(await t.page("/checkout", { headers: friend }));
    expect(offered).toContain("Send it to Tolu");
    expect(offered).toContain('href="/checkout?gift=1&amp;to=list&amp;method=standard"');
    const res = await t.page("/checkout?gift=1&to=list&method=standard", { headers: friend });
    const chosen = await drawn(res);
    expect(chosen).toContain("Delivery to Tolu in Surulere");
    expect(chosen).toContain("Delivery ₦2,500");
    expect(chosen).toContain("Going to Tolu's address.");
    expect(chosen).toContain('placeholder="Happy birthday, Tolu! Take a moment for you."');
    expect(/<input[^>]*name="deliverToList"[^>]*>/.exec(chosen)![0]).toContain(`value="${token}"`);
    for (const field of ["street", "city", "lga", "recipientName", "recipientPhone"])
      expect(chosen).not.toMatch(new RegExp(`name="${field}"`));
    expect(leaks(chosen, tolu.email)).toEqual([]);

    // she orders it paid online: her name, email and phone, the list's link, a message; no address
    const email = `bisi.${crypto.randomUUID().slice(0, 8)}@example.ng`;
    const placed = await t.page("/checkout?gift=1&to=list&method=standard", {
      ...form({
        attempt: crypto.randomUUID(),
        name: "Bisi Okafor",
        email,
        phone: "0803 555 0142",
        isGift: "on",
        deliverToList: token,
        forWishList: token,
        giftMessage: "Happy birthday, Tolu!",
        paymentMethod: "online",
      }),
      headers: { ...form({}).headers, ...friend },
    });
    expect(placed.status).toBe(302);
    expect(placed.headers.get("location")).toMatch(/^\/pay\/sandbox\//);
    // paying online, her browser keeps the list's link until it is paid (a failed try finds it again)
    expect(placed.headers.get("set-cookie") ?? "").not.toContain(WISH_FOR_COOKIE);
    const [order] = await t.db.select().from(purchases).where(eq(purchases.email, email));
    expect(order).toMatchObject({
      isGift: true,
      addressPrivate: true,
      recipientName: "Tolu",
      recipientPhone: "+2348091112233",
      recipientEmail: tolu.email,
      street: hers.street,
      city: hers.city,
      lga: "Surulere",
      deliveryKobo: 250_000,
      giftMessage: "Happy birthday, Tolu!",
      forWishListOf: tolu.id,
    });

    // unpaid, its page leaves the link alone
    expect((await t.page(orderCompletePath(t.env, order!), { headers: friend })).headers.get("set-cookie") ?? "").not.toContain(
      WISH_FOR_COOKIE,
    );
    // paid, sent and delivered: every mail and page of hers names Tolu and Surulere, never where
    await payGuestOrder(t.db, t.env, order!);
    await changePurchaseStatus(t.db, order!.id, { status: "processing" }, admin.id, t.env);
    await changePurchaseStatus(t.db, order!.id, { status: "shipped" }, admin.id, t.env);
    await changePurchaseStatus(t.db, order!.id, { status: "delivered" }, admin.id, t.env);
    // Tolu hears a gift is on its way (not what, nor where it came from but the friend's name)
    const [onItsWay] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, tolu.email));
    expect(onItsWay).toMatchObject({ kind: "gift_on_its_way", subject: "A gift from Bisi Okafor is on its way to you" });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails.map((m) => m.kind)).toContain("order_confirmation");
    for (const m of mails) expect(leaks(`${m.subject}\n${m.text}`, tolu.email)).toEqual([]);
    const receipt = mails.find((m) => m.kind === "order_confirmation")!.text;
    expect(receipt).toContain("Gift for: Tolu\n");
    expect(receipt).toContain("Delivery to: the address on her wish list (Surulere)");
    // paid, its page ends the list's link in her browser: her next order is her own
    const paidPage = await t.page(orderCompletePath(t.env, order!), { headers: friend });
    expect(paidPage.headers.get("set-cookie")).toContain(`${WISH_FOR_COOKIE}=; Max-Age=0`);
    const orderPage = await drawn(paidPage);
    expect(orderPage).toContain("Gift for Tolu");
    expect(orderPage).toContain("Delivered to the address on her wish list, in Surulere");
    expect(leaks(orderPage, tolu.email)).toEqual([]);

    // the team's view: the whole address, and a word that the buyer never sees it
    const team = await drawn(await t.page(`/viewpurchase/${order!.id}`, { as: admin }));
    expect(team).toContain(hers.street);
    expect(team).toContain("Sent to the address on the recipient's wish list: the buyer never sees it.");
    const shopMail = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order_new_admin"))).find((m) =>
      m.text.includes(email),
    );
    expect(shopMail!.text).toContain(`Delivery address: ${hers.street}, ${hers.city}, Lagos (Surulere)`);
  });

  it("keeps it from a signed-in friend's API answers, her orders and her next checkout", async () => {
    const { tolu, cards, token } = await toluWithList();
    await t.page("/wishlist", { as: tolu, ...form({ intent: "address", ...hers }) });
    const ngozi = await createUser(t.db, { firstName: "Ngozi", lastName: "Eze" });
    const her = { id: ngozi.id, role: "customer" as const };
    await createCartItem(t.db, ngozi.id, cards, 1);

    const created = await t.request("/api/purchases/create", {
      method: "POST",
      as: her,
      json: { phone: "0803 555 0199", isGift: true, deliverToList: token, paymentMethod: "pay_link" },
    });
    expect(created.status).toBe(201);
    const answer = await created.text();
    expect(leaks(answer, tolu.email)).toEqual([]);
    const id = (JSON.parse(answer) as { purchase: { id: string } }).purchase.id;
    const [row] = await t.db.select().from(purchases).where(eq(purchases.id, id));
    expect(row).toMatchObject({ addressPrivate: true, street: hers.street, lga: "Surulere", forWishListOf: null });

    const own = await t.request(`/api/purchases/${id}`, { as: her });
    expect(own.status).toBe(200);
    const view = await own.json();
    expect(view).toMatchObject({
      street: "",
      city: "",
      address: "",
      lga: "Surulere",
      gift: { recipientName: "Tolu", recipientPhone: null },
    });
    expect(leaks(JSON.stringify(view), tolu.email)).toEqual([]);
    expect(await (await t.request(`/api/purchases/${id}`, { as: admin })).json()).toMatchObject({ street: hers.street });
    const mine = await t.request("/api/purchases/mine", { as: her });
    expect(mine.status).toBe(200);
    expect(leaks(await mine.text(), tolu.email)).toEqual([]);
    const myOrders = await drawn(await t.page("/profile", { as: her }));
    expect(myOrders).toContain("Gift for Tolu");
    expect(leaks(myOrders, tolu.email)).toEqual([]);
    for (const m of await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, ngozi.email)))
      expect(leaks(`${m.subject}\n${m.text}`, tolu.email)).toEqual([]);

    // her next checkout: no "Sent before" to Tolu, and neither her street nor her number typed in
    await createCartItem(t.db, ngozi.id, cards, 1);
    const next = await drawn(await t.page("/checkout?gift=1", { as: her }));
    expect(next).not.toContain("Sent before");
    expect(leaks(next, tolu.email)).toEqual([]);
    expect(leaks(await drawn(await t.page("/checkout", { as: her })), tolu.email)).toEqual([]);
  });

  it("brings a friend whose card payment did not go through back to sending it to her", async () => {
    const { tolu, cards, token } = await toluWithList();
    await t.page("/wishlist", { as: tolu, ...form({ intent: "address", ...hers }) });
    const friend = cookies(`guest_cart=${cards}*1`, `${WISH_FOR_COOKIE}=${token}`);
    const email = `bisi.${crypto.randomUUID().slice(0, 8)}@example.ng`;
    const placed = await t.page("/checkout?gift=1&to=list&method=standard", {
      ...form({ attempt: crypto.randomUUID(), name: "Bisi Okafor", email, phone: "0803 555 0142", isGift: "on", deliverToList: token }),
      headers: { ...form({}).headers, ...friend },
    });
    expect(placed.status).toBe(302);
    const [order] = await t.db.select().from(purchases).where(eq(purchases.email, email));
    // the payment given up: her order's page sends her back to the checkout, sending it to Tolu again
    await changePurchaseStatus(t.db, order!.id, { status: "cancelled" }, admin.id, t.env);
    const back = await t.page(orderCompletePath(t.env, order!), { headers: friend });
    expect(back.status).toBe(302);
    const again = back.headers.get("location")!;
    expect(again).toBe("/checkout?payment=cancelled&gift=1&to=list&lga=Surulere&method=standard");
    const page = await drawn(await t.page(again, { headers: friend }));
    expect(page).toContain("Payment cancelled.");
    expect(page).toContain("Going to Tolu's address.");
    expect(leaks(page, tolu.email)).toEqual([]);
  });

  it("refuses to send to a list with no address, her own list, or a link that is none", async () => {
    const { tolu, cards, token } = await toluWithList();
    const post = (fields: Record<string, string>) =>
      t.request("/api/purchases/create", {
        method: "POST",
        json: {
          name: "Bisi Okafor",
          email: `bisi.${crypto.randomUUID().slice(0, 8)}@example.ng`,
          phone: "0803 555 0142",
          isGift: true,
          lines: [{ productId: cards, quantity: 1 }],
          paymentMethod: "pay_link",
          ...fields,
        },
      });
    const before = (await t.db.select().from(purchases)).length;

    // no address kept: a 400 that says so, no order; the checkout offers nothing to choose
    const none = await post({ deliverToList: token });
    expect(none.status).toBe(400);
    expect((await none.json()).msg).toContain("That wish list has no address to send to any more");
    const friend = cookies(`guest_cart=${cards}*1`, `${WISH_FOR_COOKIE}=${token}`);
    expect(await drawn(await t.page("/checkout", { headers: friend }))).not.toContain("Send it to Tolu");
    expect(await drawn(await t.page(`/wishlist/${token}`))).toContain("choose “This is a gift”");

    // kept, then taken off again: the same
    await t.page("/wishlist", { as: tolu, ...form({ intent: "address", ...hers }) });
    expect(await drawn(await t.page("/checkout", { headers: friend }))).toContain("Send it to Tolu");
    const off = await t.page("/wishlist", { as: tolu, ...form({ intent: "no-address" }) });
    expect(await drawn(off)).toContain("Friends can no longer send gifts to your address from your list.");
    expect((await post({ deliverToList: token })).status).toBe(400);
    // the page asked for her address after it went: it prices nothing of hers, and asks for an address
    const stale = await drawn(await t.page("/checkout?gift=1&to=list&method=standard", { headers: friend }));
    expect(stale).not.toContain("deliverToList");
    expect(stale).toMatch(/name="street"/);

    // her own list is not a friend's; a link that opens no list, or is not a link at all
    await t.page("/wishlist", { as: tolu, ...form({ intent: "address", ...hers }) });
    await createCartItem(t.db, tolu.id, cards, 1);
    const own = await t.request("/api/purchases/create", {
      method: "POST",
      as: tolu,
      json: { phone: "0803 555 0142", isGift: true, deliverToList: token },
    });
    expect(own.status).toBe(400);
    expect((await post({ deliverToList: "x".repeat(32) })).status).toBe(400);
    const long = await post({ deliverToList: "y".repeat(65) });
    expect(long.status).toBe(400);
    expect((await long.json()).fields).toHaveProperty("deliverToList");
    expect((await t.db.select().from(purchases)).length).toBe(before);
  });
});
