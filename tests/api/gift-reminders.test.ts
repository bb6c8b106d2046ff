// "Remind me next year" (docs/product.md "Gift orders"): a gift's buyer asks at checkout; a week
// before the gift's day comes round again she gets one mail (and the WhatsApp message when she chose
// WhatsApp for the order), if the gift was paid and not cancelled; once, however many servers pass.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, paymentAttempts, purchases } from "../../db/schema";
import { lagosNow } from "../../lib/lagos-calendar";
import { changePurchaseStatus } from "../../modules/orders/admin.server";
import { returningGuestDefaults } from "../../modules/orders/checkout-form.server";
import { sendGiftReminders } from "../../modules/orders/gift-reminders.server";
import { giftReminderDays } from "../../modules/orders/gift-rules";
import { orderCompletePath } from "../../modules/orders/order-links.server";
import { getPurchaseByReference } from "../../modules/orders/views.server";
import { createAdminUser, createDeliveryRate, createProduct, createPurchase, createUser } from "../factories";
import { payGuestOrder, placeGuestOrder } from "../support/guest-order";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
let lga: string;
let admin: { id: string; firstName: string; lastName: string };
beforeAll(async () => {
  t = await createPagesContext();
  lga = (await createDeliveryRate(t.db, { lga: `Area ${crypto.randomUUID().slice(0, 6)}`, chargeKobo: 150_000 })).lga;
  admin = await createAdminUser(t.db);
});

/** A Lagos wall-clock time as an instant. */
const lagos = (local: string) => new Date(`${local}:00+01:00`);
const gift = { isGift: true, recipientName: "Funke Bello", recipientPhone: "0809 111 2233" };

/** A guest's gift of a Calm Box placed at `now`, paid unless told otherwise. */
async function giftOrder(now: Date, extra: Record<string, unknown> = {}, { pay = true } = {}) {
  const box = await createProduct(t.db, { title: "Calm Box", stock: 100 });
  const placed = await placeGuestOrder(t.db, t.env, { lga, productIds: [box.id], now, extra: { ...gift, ...extra } });
  if (pay) await payGuestOrder(t.db, t.env, placed.row);
  return placed.row;
}
const reminderOf = async (purchaseId: string) =>
  (
    await t.db
      .select({ remindOn: purchases.giftRemindOn, sentAt: purchases.giftRemindedAt })
      .from(purchases)
      .where(eq(purchases.id, purchaseId))
  )[0]!;
const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const remindersTo = async (email: string) => (await mailsTo(email)).filter((m) => m.kind === "gift_reminder");

describe("gift reminders", () => {
  it("fall a week before the gift's day next year; the 29th of February's on the 28th", () => {
    expect(giftReminderDays("2026-02-14")).toEqual({ nextYear: "2027-02-14", remindOn: "2027-02-07" });
    expect(giftReminderDays("2028-02-29")).toEqual({ nextYear: "2029-02-28", remindOn: "2029-02-21" });
    expect(giftReminderDays("2026-01-03")).toEqual({ nextYear: "2027-01-03", remindOn: "2026-12-27" });
  });

  it("are kept only for a gift whose buyer asked, on its delivery date or else the day it was ordered", async () => {
    const asked = await giftOrder(lagos("2026-03-08T10:00"), { remindNextYear: true });
    expect(await reminderOf(asked.id)).toEqual({ remindOn: "2027-03-01", sentAt: null });
    // after 11 pm in Lagos it is already the next day there
    const late = await giftOrder(new Date("2026-03-08T23:30:00Z"), { remindNextYear: true });
    expect((await reminderOf(late.id)).remindOn).toBe("2027-03-02");
    expect((await reminderOf((await giftOrder(lagos("2026-03-08T10:00"))).id)).remindOn).toBeNull();
    // not a gift: the tick means nothing
    const self = await giftOrder(lagos("2026-03-08T10:00"), { isGift: false, remindNextYear: true });
    expect((await reminderOf(self.id)).remindOn).toBeNull();
    // her order's page says when, and so does the back office's
    const view = (await getPurchaseByReference(t.db, asked.reference))!;
    expect(view.gift?.remindOn).toBe("2027-03-01");
    const mine = (await (await t.page(orderCompletePath(t.env, asked))).text()).replace(/<!-- -->/g, "");
    expect(mine).toContain("We remind you on Monday 1 March 2027, a week before the day comes round again");
    const back = (await (await t.page(`/viewpurchase/${asked.id}`, { as: { id: admin.id, role: "admin" } })).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(back).toContain("Remind the buyer next year: a mail on Monday 1 March 2027");
  });

  it("a guest back from a payment she cancelled finds the tick as she left it", async () => {
    const left = await giftOrder(lagos("2026-03-08T10:00"), { remindNextYear: true }, { pay: false });
    expect((await returningGuestDefaults(t.db, left.id))?.gift).toMatchObject({ isGift: "on", remindNextYear: "on" });
    const plain = await giftOrder(lagos("2026-03-08T10:00"), {}, { pay: false });
    expect((await returningGuestDefaults(t.db, plain.id))?.gift.remindNextYear).toBeUndefined();
  });

  it("the API takes the tick, and the checkout offers it under the gift's options", async () => {
    const box = await createProduct(t.db, { title: "Journal Set", stock: 20 });
    const email = `ada.${crypto.randomUUID().slice(0, 8)}@example.ng`;
    const res = await t.request("/api/purchases/create", {
      method: "POST",
      json: {
        name: "Ada Obi",
        email,
        phone: "0803 555 0142",
        street: "4 Admiralty Way",
        city: "Lekki",
        lga,
        lines: [{ productId: box.id, quantity: 1 }],
        ...gift,
        remindNextYear: true,
      },
    });
    expect(res.status).toBe(201);
    const [order] = await t.db.select({ id: purchases.id }).from(purchases).where(eq(purchases.email, email));
    expect((await reminderOf(order!.id)).remindOn).toBe(giftReminderDays(lagosNow(new Date()).date).remindOn);
    const page = (await (await t.page("/checkout?gift=1", { headers: { Cookie: `guest_cart=${box.id}*1` } })).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(page).toContain('name="remindNextYear"/><span><strong>Remind me next year</strong>');
    // the order desk speaks of the customer
    const desk = (await (await t.page("/neworder", { as: { id: admin.id, role: "admin" } })).text()).replace(/<!-- -->/g, "");
    expect(desk).toContain("Remind the customer next year");
  });

  it("one mail a week before, once however many servers pass; on WhatsApp too when she chose it", async () => {
    const order = await giftOrder(lagos("2026-05-10T12:00"), { remindNextYear: true, whatsappOptIn: true });
    expect(await sendGiftReminders(t.db, t.env, lagos("2027-05-02T23:00"))).toBe(0);
    const passes = await Promise.all([1, 2, 3].map(() => sendGiftReminders(t.db, t.env, lagos("2027-05-03T08:00"))));
    expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendGiftReminders(t.db, t.env, lagos("2027-05-04T08:00"))).toBe(0);
    const [mail, ...more] = await remindersTo(order.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Funke Bello's day comes round again on Monday 10 May 2027");
    expect(mail!.text).toContain(
      "A year ago you sent Funke Bello a gift from Alafia Self-Care: 1 × Calm Box. You asked us to remind you: the day comes round again on Monday 10 May 2027, a week from today.",
    );
    expect(mail!.text).toContain(`Send something again: ${t.env.PUBLIC_URL}/products`);
    expect(mail!.text).toContain(`Last year's order: ${t.env.PUBLIC_URL}/checkout/complete?reference=${order.reference}&t=`);
    expect(mail!.whatsapp).toMatchObject({
      template: "gift_reminder",
      params: ["Ada", "Funke Bello", "Alafia Self-Care", "Monday 10 May 2027", `${t.env.PUBLIC_URL}/products`],
    });
    expect((await reminderOf(order.id)).sentAt).not.toBeNull();
    expect((await getPurchaseByReference(t.db, order.reference))!.gift?.remindOn).toBeNull();
  });

  it("a gift never paid, or cancelled, is not recalled; a server down past the day sends nothing late", async () => {
    const unpaid = await giftOrder(lagos("2026-06-01T12:00"), { remindNextYear: true }, { pay: false });
    const cancelled = await giftOrder(lagos("2026-06-01T12:00"), { remindNextYear: true });
    await changePurchaseStatus(t.db, cancelled.id, { status: "cancelled" }, admin.id, t.env);
    // due on 25 May while no server ran: sent when one runs again, 3 days before the day, saying so
    const soon = await giftOrder(lagos("2026-06-01T12:00"), { remindNextYear: true });
    const missed = await giftOrder(lagos("2026-05-20T12:00"), { remindNextYear: true });

    expect(await sendGiftReminders(t.db, t.env, lagos("2027-05-29T09:00"))).toBe(1);
    expect(await remindersTo(unpaid.email)).toHaveLength(0);
    expect(await remindersTo(cancelled.email)).toHaveLength(0);
    expect(await remindersTo(missed.email)).toHaveLength(0);
    expect((await remindersTo(soon.email))[0]!.text).toContain("the day comes round again on Tuesday 1 June 2027, in 3 days.");
    for (const gone of [unpaid, cancelled, missed]) expect(await reminderOf(gone.id)).toEqual({ remindOn: null, sentAt: null });
    expect(await sendGiftReminders(t.db, t.env, lagos("2027-06-01T09:00"))).toBe(0);
  });

  it("her order page's 'Don't remind me' gives the reminder up: by the order's link or her account, no one else's", async () => {
    const order = await giftOrder(lagos("2026-08-01T12:00"), { remindNextYear: true });
    const link = orderCompletePath(t.env, order);
    const drawn = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
    const stop = (fields: Record<string, string>, as?: { id: string; role: "customer" }) =>
      t.page(link, {
        method: "POST",
        as,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "stop-reminder", purchaseId: order.id, ...fields }).toString(),
      });
    expect(await drawn(await t.page(link))).toContain("Don&#x27;t remind me next year</button>");

    // a wrong link, or someone else's account, changes nothing
    const forged = await stop({ t: "x".repeat(43) });
    expect(forged.status).toBe(404);
    const stranger = await createUser(t.db);
    expect((await stop({}, { id: stranger.id, role: "customer" })).status).toBe(404);
    expect((await reminderOf(order.id)).remindOn).toBe("2027-07-25");

    const done = await stop({ t: new URL(link, "http://x").searchParams.get("t")! });
    expect(done.status).toBe(200);
    const page = await drawn(done);
    expect(page).toContain("Done: we won&#x27;t remind you about this gift next year.");
    expect(page).not.toContain("We remind you on");
    expect((await reminderOf(order.id)).remindOn).toBeNull();
    expect(await sendGiftReminders(t.db, t.env, lagos("2027-07-25T09:00"))).toBe(0);

    // a signed-in buyer's own order, from her account
    const buyer = await createUser(t.db);
    const box = await createProduct(t.db, { title: "Tea Set", stock: 10 });
    const hers = await createPurchase(t.db, buyer, [{ product: box, quantity: 1 }], {
      isGift: true,
      recipientName: "Ngozi",
      recipientPhone: "+2348091112233",
      giftRemindOn: "2027-07-25",
    });
    // as a checkout would have started its payment (the page verifies it)
    await t.db
      .insert(paymentAttempts)
      .values({ purchaseId: hers.id, reference: hers.reference, provider: "sandbox", amountKobo: hers.totalKobo });
    const mine = await t.page(orderCompletePath(t.env, hers), {
      method: "POST",
      as: { id: buyer.id, role: "customer" },
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "stop-reminder", purchaseId: hers.id }).toString(),
    });
    expect(mine.status).toBe(200);
    expect((await reminderOf(hers.id)).remindOn).toBeNull();
  });
});
