// docs/product.md "Gift orders" ("Sent before") and "Manual orders": a signed-in shopper's checkout
// offers the people she sent paid gifts to from her account, latest first, one each; choosing one
// draws the page with that recipient's name, number, email and address filled in and her area
// priced, never last time's message. Only her own orders: another shopper's recipient is never
// listed nor filled in. The order desk offers the customer's recipients (by her number or email,
// guest orders too) under the customer found, and one tap fills the gift in.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { purchases } from "../../db/schema";
import { SENT_BEFORE_MAX } from "../../modules/orders/past-recipients.server";
import { updateSettings } from "../../modules/settings/service.server";
import { createAdminUser, createCartItem, createDeliveryRate, createProduct, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
let owner: { id: string; role: "admin" };
let productId: string;
beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  owner = { id: (await createAdminUser(t.db)).id, role: "admin" };
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
  await createDeliveryRate(t.db, { lga: "Yaba", chargeKobo: 200_000 });
  await updateSettings(t.db, {
    transferEnabled: true,
    bankName: "GTBank",
    accountName: "Alafia Self-Care Ltd",
    accountNumber: "0123456789",
  });
  productId = (await createProduct(t.db, { title: "Calm Cards", priceKobo: 500_000, discountKobo: 0, stock: null })).id;
});

type Shopper = { id: string; role: "customer" };
type Recipient = { recipientName: string; recipientPhone: string; recipientEmail?: string; lga: string; street: string; city: string };

/** A gift order placed through the API (a transfer, by `who` or a guest), recorded as paid by the owner unless `paid` is false. */
async function placeGift(who: Shopper | undefined, body: Record<string, unknown>, paid: boolean): Promise<string> {
  const res = await t.request("/api/purchases/create", { method: "POST", as: who, json: { paymentMethod: "transfer", ...body } });
  const { purchase, msg, fields } = await res.json();
  expect(res.status, `${msg} ${JSON.stringify(fields)}`).toBe(201);
  if (paid) {
    const [row] = await t.db.select().from(purchases).where(eq(purchases.id, purchase.id));
    const recorded = await t.request(`/api/purchases/${purchase.id}/payment`, {
      method: "POST",
      as: owner,
      json: { method: "transfer", amount: row!.totalKobo / 100, reference: "GTB" },
    });
    expect(recorded.status).toBe(200);
  }
  return purchase.id;
}

/** Her gift order from her account's cart. */
async function giftFrom(who: Shopper, to: Recipient, { paid = true, isGift = true } = {}) {
  await createCartItem(t.db, who.id, productId, 1);
  return placeGift(who, { phone: "0803 555 0142", isGift, giftMessage: "Happy birthday!", ...to }, paid);
}

const shopper = async (): Promise<Shopper> => ({ id: (await createUser(t.db)).id, role: "customer" });
const checkout = async (who: Shopper | undefined, query = "") => {
  const res = await t.page(`/checkout${query}`, { as: who });
  expect(res.status).toBe(200);
  return (await res.text()).replace(/<!-- -->/g, "");
};
const inputValue = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? "";
const giftSwitchOn = (html: string) => /<input[^>]*id="gift-switch"[^>]*checked=""/.test(html);
/** The "Sent before" links, in order: each one's name and the order it comes from. */
const sentBefore = (html: string) =>
  [...html.matchAll(/href="\/checkout\?gift=1&amp;to=([^&"]+)&amp;method=standard"[^>]*><strong>([^<]+)<\/strong>/g)].map((m) => ({
    to: m[1],
    name: m[2],
  }));

const FUNKE = { recipientName: "Funke Bello", recipientPhone: "0803 111 2222", recipientEmail: "funke@example.ng", lga: "Ikeja" };

describe("Sent before: a gift to someone she sent one before", () => {
  it("lists her gifts' recipients (paid, or not cancelled), latest first, one each; fills one in with her area priced", async () => {
    const ada = await shopper();
    await giftFrom(ada, { ...FUNKE, street: "3 Opebi Road", city: "Ikeja" });
    await giftFrom(ada, {
      recipientName: "Ngozi Eze",
      recipientPhone: "0809 333 4444",
      lga: "Yaba",
      street: "9 Herbert Macaulay Way",
      city: "Yaba",
    });
    // Funke moved: the latest order to her number is the one offered
    const latest = await giftFrom(ada, { ...FUNKE, recipientPhone: "+2348031112222", street: "12 Allen Avenue", city: "Ikeja" });
    // cancelled before it was paid, or not a gift: not offered; one waiting for its payment is
    const dropped = await giftFrom(
      ada,
      { recipientName: "Lapsed Person", recipientPhone: "0805 000 1111", lga: "Yaba", street: "1 Adeniran Road", city: "Yaba" },
      { paid: false },
    );
    const cancelled = await t.request(`/api/purchases/${dropped}/status`, { method: "PATCH", as: owner, json: { status: "cancelled" } });
    expect(cancelled.status).toBe(200);
    await giftFrom(
      ada,
      { recipientName: "", recipientPhone: "", lga: "Yaba", street: "5 Her Own Street", city: "Yaba" },
      { isGift: false },
    );
    const waiting = await giftFrom(
      ada,
      { recipientName: "Waiting Person", recipientPhone: "0805 000 2222", lga: "Yaba", street: "2 Adeniran Road", city: "Yaba" },
      { paid: false },
    );

    const page = await checkout(ada);
    expect(page).toContain("Sent before");
    const offered = sentBefore(page);
    expect(offered.map((o) => o.name)).toEqual(["Waiting Person", "Funke Bello", "Ngozi Eze"]);
    expect(offered[0]!.to).toBe(waiting);
    expect(offered[1]!.to).toBe(latest);
    await createCartItem(t.db, ada.id, productId, 1);
    // nothing is filled in until she chooses
    expect(inputValue(page, "recipientName")).toBe("");

    const chosen = await checkout(ada, `?gift=1&to=${latest}&method=standard`);
    expect(giftSwitchOn(chosen)).toBe(true);
    expect(inputValue(chosen, "recipientName")).toBe("Funke Bello");
    expect(inputValue(chosen, "recipientPhone")).toBe("+234 803 111 2222");
    expect(inputValue(chosen, "recipientEmail")).toBe("funke@example.ng");
    expect(inputValue(chosen, "street")).toBe("12 Allen Avenue");
    expect(inputValue(chosen, "city")).toBe("Ikeja");
    expect(chosen).toMatch(/<option value="Ikeja" selected="">/);
    // priced for her area: ₦5,000 + VAT ₦375 + Ikeja's ₦1,500
    expect(chosen).toContain("Delivery ₦1,500");
    expect(chosen).toContain("Total ₦6,875");
    expect(chosen).toMatch(/aria-current="true"[^>]*><strong>Funke Bello<\/strong>/);
    // a new gift: last time's message is not written again
    expect(chosen).toMatch(/<textarea[^>]*name="giftMessage"[^>]*><\/textarea>/);
  });

  it("the form it fills in places the gift to her, by the one checkout", async () => {
    const bola = await shopper();
    const first = await giftFrom(bola, { ...FUNKE, street: "3 Opebi Road", city: "Ikeja" });
    await createCartItem(t.db, bola.id, productId, 1);
    const chosen = await checkout(bola, `?gift=1&to=${first}&method=standard`);
    const fields = new URLSearchParams({
      attempt: `sent-before-${first}`,
      lga: "Ikeja",
      phone: "0803 555 0142",
      street: inputValue(chosen, "street"),
      city: inputValue(chosen, "city"),
      deliveryMethod: "standard",
      paymentMethod: "transfer",
      isGift: "on",
      recipientName: inputValue(chosen, "recipientName"),
      recipientPhone: inputValue(chosen, "recipientPhone"),
      recipientEmail: inputValue(chosen, "recipientEmail"),
      giftMessage: "Again, with love",
    });
    const placed = await t.page("/checkout", {
      method: "POST",
      as: bola,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: fields.toString(),
    });
    expect(placed.status).toBeLessThan(400);
    const rows = await t.db.select().from(purchases).where(eq(purchases.userId, bola.id));
    expect(rows).toHaveLength(2);
    const again = rows.find((r) => r.id !== first)!;
    expect(again).toMatchObject({
      isGift: true,
      recipientName: "Funke Bello",
      recipientPhone: "+2348031112222",
      recipientEmail: "funke@example.ng",
      street: "3 Opebi Road",
      lga: "Ikeja",
      giftMessage: "Again, with love",
    });
  });

  it("never lists nor fills in another shopper's recipient; a guest has none", async () => {
    const chika = await shopper();
    const dayo = await shopper();
    const hers = await giftFrom(chika, {
      recipientName: "Secret Friend",
      recipientPhone: "0806 777 8888",
      lga: "Yaba",
      street: "4 Private Close",
      city: "Yaba",
    });
    await createCartItem(t.db, dayo.id, productId, 1);

    const other = await checkout(dayo, `?gift=1&to=${hers}`);
    expect(other).not.toContain("Secret Friend");
    expect(other).not.toContain("4 Private Close");
    expect(other).not.toContain("Sent before");
    expect(inputValue(other, "recipientName")).toBe("");

    const guest = await checkout(undefined, `?gift=1&to=${hers}`);
    expect(guest).not.toContain("Secret Friend");
    expect(guest).not.toContain("Sent before");
    // a made-up or overlong id is not an error: the page is drawn as without it
    expect(await checkout(chika, "?gift=1&to=not-an-order")).not.toMatch(/value="Secret Friend"/);
    expect((await t.page(`/checkout?gift=1&to=${"x".repeat(500)}`, { as: chika })).status).toBeLessThan(500);
  });

  it(`offers at most ${SENT_BEFORE_MAX}, the latest`, async () => {
    const efe = await shopper();
    const names = ["Amaka Obi", "Bisi Lawal", "Chioma Nwosu", "Dupe Ajayi", "Ebere Okafor", "Folake Ade", "Gloria Udoh"];
    expect(names).toHaveLength(SENT_BEFORE_MAX + 1);
    for (const [i, name] of names.entries())
      await giftFrom(efe, {
        recipientName: name,
        recipientPhone: `0803 555 01${10 + i}`,
        lga: "Yaba",
        street: `${i + 1} Adeola Odeku Street`,
        city: "Yaba",
      });
    const offered = sentBefore(await checkout(efe)).map((o) => o.name);
    expect(offered).toEqual(names.slice(1).reverse());
  });
});

describe("the order desk: her gifts went to", () => {
  /** A guest's paid gift order, by her number and email. */
  const guestGift = (phone: string, email: string, to: Recipient) =>
    placeGift(undefined, { name: "Kike Adewale", email, phone, isGift: true, lines: [{ productId, quantity: 1 }], ...to }, true);
  const desk = async (fields: Record<string, string>) => {
    const res = await t.page("/neworder", {
      method: "POST",
      as: owner,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    expect(res.status).toBeLessThan(500);
    return (await res.text()).replace(/<!-- -->/g, "");
  };
  const checkbox = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*checked=""`).test(html);

  it("lists whom her paid gifts went to once she is found, and a tap fills the gift in, priced for that area", async () => {
    const phone = "0805 222 3344";
    const mum = await guestGift(phone, "kike@example.ng", {
      recipientName: "Mama Adewale",
      recipientPhone: "0806 123 4567",
      lga: "Yaba",
      street: "21 Commercial Avenue",
      city: "Sabo Yaba",
    });
    // by her email only: still hers
    await guestGift("0807 999 0000", "kike@example.ng", {
      recipientName: "Tunde Adewale",
      recipientPhone: "0808 765 4321",
      lga: "Ikeja",
      street: "2 Oba Akran Avenue",
      city: "Ikeja",
    });
    // another customer's gift never shows
    await guestGift("0809 555 6666", "someone.else@example.ng", {
      recipientName: "Not Hers",
      recipientPhone: "0803 222 1111",
      lga: "Ikeja",
      street: "1 Private Road",
      city: "Ikeja",
    });

    const attempt = crypto.randomUUID();
    const found = await desk({ attempt, lookup: "08052223344", intent: "find" });
    expect(found).toContain("Her gifts went to");
    expect(found).toMatch(new RegExp(`value="recipient:${mum}"[^>]*><strong>Mama Adewale</strong>`));
    expect(found).toContain("Tunde Adewale");
    expect(found).not.toContain("Not Hers");
    expect(inputValue(found, "email")).toBe("kike@example.ng");

    const filled = await desk({
      attempt,
      lookup: "08052223344",
      found: "08052223344",
      name: inputValue(found, "name"),
      phone: inputValue(found, "phone"),
      email: "kike@example.ng",
      [`qty.${productId}`]: "1",
      intent: `recipient:${mum}`,
    });
    expect(checkbox(filled, "isGift")).toBe(true);
    expect(inputValue(filled, "recipientName")).toBe("Mama Adewale");
    expect(inputValue(filled, "recipientPhone")).toBe("+234 806 123 4567");
    expect(inputValue(filled, "street")).toBe("21 Commercial Avenue");
    expect(inputValue(filled, "city")).toBe("Sabo Yaba");
    expect(filled).toMatch(/<option value="Yaba" selected="">/);
    expect(filled).toMatch(new RegExp(`value="recipient:${mum}"[^>]*aria-pressed="true"|aria-pressed="true"[^>]*value="recipient:${mum}"`));

    // recorded from there: the gift goes to her again
    const created = await t.page("/neworder", {
      method: "POST",
      as: owner,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        attempt,
        name: "Kike Adewale",
        phone,
        email: "kike@example.ng",
        street: "21 Commercial Avenue",
        city: "Sabo Yaba",
        lga: "Yaba",
        deliveryMethod: "standard",
        isGift: "on",
        recipientName: "Mama Adewale",
        recipientPhone: "+234 806 123 4567",
        source: "whatsapp",
        settle: "paid",
        paidVia: "transfer",
        [`qty.${productId}`]: "1",
        intent: "create",
      }).toString(),
      redirect: "manual",
    } as never);
    expect(created.status).toBe(302);
    const id = /\/viewpurchase\/([0-9a-f-]{36})/.exec(created.headers.get("location")!)![1]!;
    const [again] = await t.db.select().from(purchases).where(eq(purchases.id, id));
    expect(again).toMatchObject({
      isGift: true,
      recipientName: "Mama Adewale",
      recipientPhone: "+2348061234567",
      lga: "Yaba",
      source: "whatsapp",
    });
  });

  it("a customer not found, or with no paid gifts, has none listed; an id not hers fills nothing in", async () => {
    const nobody = await desk({ attempt: crypto.randomUUID(), lookup: "0701 000 0000", intent: "find" });
    expect(nobody).not.toContain("Her gifts went to");
    const other = await guestGift("0809 444 3333", "other.buyer@example.ng", {
      recipientName: "Private Person",
      recipientPhone: "0803 444 5555",
      lga: "Ikeja",
      street: "8 Quiet Close",
      city: "Ikeja",
    });
    const crafted = await desk({ attempt: crypto.randomUUID(), phone: "0701 000 0000", intent: `recipient:${other}` });
    expect(inputValue(crafted, "recipientName")).toBe("");
    expect(crafted).not.toContain("Private Person");
  });
});
