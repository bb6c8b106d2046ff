import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, paymentAttempts, purchases, users } from "../../db/schema";
import { orderViewToken } from "../../modules/orders/order-links.server";
import { createProduct, createPurchase, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

// docs/product.md "Guest checkout": a guest who did not tick 'Save my details' at the checkout saves
// them from her paid order's page (its link): the account is made from the order, with it inside,
// and a link to set the password is mailed, as the tick would have done.
let t: PagesContext;
beforeAll(async () => {
  t = await createPagesContext();
});

/** a guest's order as its page finds it (by its payment reference), paid unless told otherwise */
async function guestOrder(email: string, overrides: Partial<typeof purchases.$inferInsert> = {}) {
  const someone = await createUser(t.db);
  const order = await createPurchase(t.db, someone, [{ product: await createProduct(t.db, { stock: 5 }), quantity: 1 }], {
    userId: null,
    firstName: "Zainab",
    lastName: "Lawal",
    email,
    phone: "+2348091234567",
    street: "7 Opebi Road",
    lga: "Ikeja",
    ...overrides,
  });
  await t.db
    .insert(paymentAttempts)
    .values({ purchaseId: order.id, reference: order.reference, provider: "sandbox", amountKobo: order.totalKobo });
  return order;
}
const drawn = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "").replace(/<script\b[\s\S]*?<\/script>/g, "");
const pageOf = (order: { reference: string; id: string }, token = orderViewToken(t.env, order.id)) =>
  t.page(`/checkout/complete?reference=${order.reference}&t=${token}`).then(drawn);
const save = (order: { reference: string; id: string }, fields: Record<string, string>) =>
  t.page(`/checkout/complete?reference=${order.reference}&t=${orderViewToken(t.env, order.id)}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "save-details", purchaseId: order.id, ...fields }).toString(),
  });
const mailsTo = async (to: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).map((m) => m.kind);

describe("'Save my details' on a paid guest order's page", () => {
  it("makes her account from the order, puts the order in it and mails a link to set the password, once", async () => {
    const email = "zainab.lawal@example.ng";
    const order = await guestOrder(email);
    const page = await pageOf(order);
    expect(page).toContain("Save your details for next time");
    expect(page).toMatch(
      /<form[^>]*method="post"[^>]*>(?:(?!<\/form>).)*name="intent" value="save-details"(?:(?!<\/form>).)*Save my details<\/button><\/form>/s,
    );

    const res = await save(order, { t: orderViewToken(t.env, order.id) });
    expect(res.status).toBe(200);
    expect(await drawn(res)).toContain(`Your details are saved. We have mailed ${email} a link to set your password: it works for 7 days.`);
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({
      firstName: "Zainab",
      lastName: "Lawal",
      phone: "+2348091234567",
      address: "7 Opebi Road",
      lga: "Ikeja",
    });
    expect((await t.db.select().from(purchases).where(eq(purchases.id, order.id)))[0]!.userId).toBe(account!.id);
    expect(await mailsTo(email)).toEqual(["account_ready"]);

    // asked again (a second tap, an old tab): told, nothing more made or mailed
    const again = await save(order, { t: orderViewToken(t.env, order.id) });
    expect(await drawn(again)).toContain(`There is already an account for ${email}. Log in to see your orders in it.`);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(await mailsTo(email)).toEqual(["account_ready"]);
    // and the page no longer offers it
    expect(await pageOf(order)).not.toContain("Save your details for next time");
  });

  it("keeps a gift's address off her account: it is the recipient's", async () => {
    const email = "halima.gift@example.ng";
    const gift = await guestOrder(email, { isGift: true, recipientName: "Mama Halima", recipientPhone: "+2348031112222" });
    expect((await save(gift, { t: orderViewToken(t.env, gift.id) })).status).toBe(200);
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ firstName: "Zainab", phone: "+2348091234567", address: null, lga: null });
  });

  it("a pick-up's offer names no address, and the account keeps none: the address on the order is the shop's", async () => {
    const email = "ngozi.pickup@example.ng";
    const pickup = await guestOrder(email, {
      deliveryMethod: "pickup",
      street: "",
      city: "",
      lga: null,
      address: "12 Admiralty Way, Lekki Phase 1, Lagos",
    });
    const page = await pageOf(pickup);
    expect(page).toContain(
      `We will make an account for <span class="break-all font-semibold text-ink">${email}</span> with your name, phone, with this order in it`,
    );
    expect((await save(pickup, { t: orderViewToken(t.env, pickup.id) })).status).toBe(200);
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ firstName: "Zainab", phone: "+2348091234567", address: null, lga: null });
    // a delivery's offer says the address is kept
    expect(await pageOf(await guestOrder("ada.door@example.ng"))).toContain("with your name, phone and address, with this order in it");
  });

  it("is not offered, and not done, without the order's link, before it is paid, or when the email has an account", async () => {
    const order = await guestOrder("amaka.eze@example.ng");
    // another order's link: the 404 of an order that does not exist
    const other = await guestOrder("someone.else@example.ng");
    const forged = await save(order, { t: orderViewToken(t.env, other.id) });
    expect(forged.status).toBe(404);
    expect((await save(order, {})).status).toBe(404);
    expect(await t.db.select().from(users).where(eq(users.email, "amaka.eze@example.ng"))).toHaveLength(0);

    // a transfer still to pay: nothing to save yet
    const waiting = await guestOrder("bisi.ade@example.ng", {
      status: "pending",
      paidAt: null,
      paymentMethod: "transfer",
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect(await pageOf(waiting)).not.toContain("Save your details for next time");
    const early = await save(waiting, { t: orderViewToken(t.env, waiting.id) });
    expect(early.status).toBe(409);
    expect(await drawn(early)).toContain("Your details can be saved once the order is paid.");

    // an account already has the email: not offered
    const member = await createUser(t.db, { email: "kemi.member@example.ng" });
    const hers = await guestOrder(member.email);
    expect(await pageOf(hers)).not.toContain("Save your details for next time");
  });
});
