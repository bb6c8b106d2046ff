// "Remind me next year" (docs/product.md "Gift orders"): a gift's buyer asks at checkout; a week
// before the gift's day comes round again she gets one mail (and the WhatsApp message when she chose
// WhatsApp for the order), if the gift was paid and not cancelled; once, however many servers pass.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, paymentAttempts, purchaseEvents, purchases } from "../../db/schema";
import { lagosNow } from "../../lib/lagos-calendar";
import { changePurchaseStatus } from "../../modules/orders/admin.server";
import { returningGuestDefaults } from "../../modules/orders/checkout-form.server";
import { remindEveryYear, sendGiftReminders } from "../../modules/orders/gift-reminders.server";
import { giftDayInYear, giftReminderDays, nextYearlyReminder } from "../../modules/orders/gift-rules";
import { listGiftDays, markGiftDayMessaged } from "../../modules/marketing/gift-days.server";
import { orderCompletePath } from "../../modules/orders/order-links.server";
import { renderTemplate } from "../../modules/whatsapp/templates";
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
  // placed then, as the reminder's rolling on reads the day it was ordered
  await t.db.update(purchases).set({ createdAt: now }).where(eq(purchases.id, placed.row.id));
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
    expect(mail!.text).toContain("To be reminded every year, open the order and press 'Remind me every year'.");
    expect(mail!.whatsapp).toMatchObject({
      template: "gift_reminder",
      params: ["Ada", "Funke Bello", "Alafia Self-Care", "Monday 10 May 2027", `${t.env.PUBLIC_URL}/products`],
    });
    // no "a year ago": a yearly reminder's later years read true too
    expect(renderTemplate(mail!.whatsapp!)).toBe(
      `Hello Ada, the day you sent Funke Bello a gift from Alafia Self-Care comes round again on Monday 10 May 2027. Send something again: ${t.env.PUBLIC_URL}/products`,
    );
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

  it("fall on 29 February again in a leap year, once asked for every year", () => {
    expect(giftDayInYear("2028-02-29", 2029)).toBe("2029-02-28");
    expect(giftDayInYear("2028-02-29", 2032)).toBe("2032-02-29");
    expect(giftDayInYear("2026-12-07", 2030)).toBe("2030-12-07");
    expect(nextYearlyReminder("2028-02-29", "2031-02-28", "2031-03-01")).toEqual({ day: "2032-02-29", remindOn: "2032-02-22" });
    // no server for years: the first day not gone by
    expect(nextYearlyReminder("2026-09-10", "2027-09-10", "2030-10-01")).toEqual({ day: "2031-09-10", remindOn: "2031-09-03" });
  });
});

describe("'Remind me every year'", () => {
  const drawn = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
  const post = (
    order: { id: string; reference: string },
    intent: string,
    fields: Record<string, string>,
    as?: { id: string; role: "customer" },
  ) =>
    t.page(orderCompletePath(t.env, order), {
      method: "POST",
      as,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent, purchaseId: order.id, ...fields }).toString(),
    });
  const tokenOf = (order: { id: string; reference: string }) => new URL(orderCompletePath(t.env, order), "http://x").searchParams.get("t")!;
  const yearlyOf = async (id: string) =>
    (
      await t.db
        .select({
          remindOn: purchases.giftRemindOn,
          sentAt: purchases.giftRemindedAt,
          yearly: purchases.giftRemindYearly,
          messaged: purchases.giftDayMessagedAt,
        })
        .from(purchases)
        .where(eq(purchases.id, id))
    )[0]!;
  const owner = () => ({ id: admin.id, role: "admin" as const });

  it("asked on her order's page, by its link or her account, rolls on each year once its day has gone by", async () => {
    const order = await giftOrder(lagos("2026-09-10T12:00"), { remindNextYear: true });
    const token = tokenOf(order);
    const first = await drawn(await t.page(orderCompletePath(t.env, order)));
    expect(first).toContain("Remind me every year</button>");
    expect(first).toContain("Don&#x27;t remind me next year</button>");

    // a wrong link, or someone else's account, changes nothing
    expect((await post(order, "remind-yearly", { t: "x".repeat(43) })).status).toBe(404);
    const stranger = await createUser(t.db);
    expect((await post(order, "remind-yearly", {}, { id: stranger.id, role: "customer" })).status).toBe(404);
    expect((await yearlyOf(order.id)).yearly).toBe(false);

    const asked = await post(order, "remind-yearly", { t: token });
    expect(asked.status).toBe(200);
    const page = await drawn(asked);
    expect(page).toContain("Done: we will remind you every year. The next reminder comes on Friday 3 September 2027.");
    expect(page).toContain("We remind you every year, a week before the day: next on Friday 3 September 2027");
    expect(page).toContain("Stop the yearly reminder</button>");
    expect(page).not.toContain("Remind me every year</button>");
    // asked twice: nothing more; the history says it once
    expect((await post(order, "remind-yearly", { t: token })).status).toBe(200);
    const notes = await t.db.select({ note: purchaseEvents.note }).from(purchaseEvents).where(eq(purchaseEvents.purchaseId, order.id));
    expect(notes.filter((e) => e.note?.startsWith("gift reminder:")).map((e) => e.note)).toEqual([
      "gift reminder: the buyer asked for it every year (next on Friday 3 September 2027)",
    ]);
    const back = await drawn(await t.page(`/viewpurchase/${order.id}`, { as: owner() }));
    expect(back).toContain("Remind the buyer every year: next a mail on Friday 3 September 2027");

    // this year's reminder goes, saying it comes again; the team marks her messaged
    expect(await sendGiftReminders(t.db, t.env, lagos("2027-09-03T08:00"))).toBe(1);
    expect((await remindersTo(order.email))[0]!.text).toContain(
      "We will remind you again next year. To stop, open the order and press 'Stop the yearly reminder'.",
    );
    await markGiftDayMessaged(t.db, order.id, admin.id, lagos("2027-09-04T10:00"));
    expect((await getPurchaseByReference(t.db, order.reference))!.gift).toMatchObject({ remindOn: "2028-09-03", remindYearly: true });

    // the day (10 Sep) goes by: servers passing at once roll it on one year, the team's mark cleared
    expect(await sendGiftReminders(t.db, t.env, lagos("2027-09-10T20:00"))).toBe(0);
    expect((await yearlyOf(order.id)).remindOn).toBe("2027-09-03");
    const passes = await Promise.all([1, 2, 3].map(() => sendGiftReminders(t.db, t.env, lagos("2027-09-11T09:00"))));
    expect(passes).toEqual([0, 0, 0]);
    expect(await yearlyOf(order.id)).toEqual({ remindOn: "2028-09-03", sentAt: null, yearly: true, messaged: null });

    // the next year: the list and the mail say when she sent it
    const listed = await listGiftDays(t.db, t.env, { from: "2028-09-01", to: "2028-09-30", q: order.email });
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ day: "2028-09-10", sentFor: "2026-09-10", sentWhen: "In 2026", yearly: true, messaged: null });
    expect(decodeURIComponent(listed.items[0]!.whatsappUrl!.split("?text=")[1]!)).toContain("In 2026 you sent 1 × Calm Box.");
    const listPage = await drawn(
      await t.page(`/giftdays?from=2028-09-01&to=2028-09-30&q=${encodeURIComponent(order.email)}`, { as: owner() }),
    );
    expect(listPage).toContain("In 2026, for");
    expect(listPage).toContain('data-testid="gift-day-yearly">Every year</span>');
    expect(listPage).toContain("Her order of 2026");
    expect(await sendGiftReminders(t.db, t.env, lagos("2028-09-03T08:00"))).toBe(1);
    // the outbox's rows come in no set order: the second year's by its day
    const second = (await remindersTo(order.email)).find((m) => m.subject.includes("2028"));
    expect(second!.subject).toBe("Funke Bello's day comes round again on Sunday 10 September 2028");
    expect(second!.text).toContain("In 2026 you sent Funke Bello a gift from Alafia Self-Care: 1 × Calm Box.");
    expect(second!.text).toContain(`That order: ${t.env.PUBLIC_URL}/checkout/complete?reference=${order.reference}&t=`);

    // no server ran for two years: the next day not gone by, nothing sent late
    expect(await sendGiftReminders(t.db, t.env, lagos("2030-10-01T09:00"))).toBe(0);
    expect((await yearlyOf(order.id)).remindOn).toBe("2031-09-03");
    expect(await remindersTo(order.email)).toHaveLength(2);

    // given up: for good
    const stopped = await drawn(await post(order, "stop-reminder", { t: token }));
    expect(stopped).toContain("Done: we won&#x27;t remind you about this gift again.");
    expect(await yearlyOf(order.id)).toMatchObject({ remindOn: null, yearly: false });
    expect(await sendGiftReminders(t.db, t.env, lagos("2031-09-03T09:00"))).toBe(0);
  });

  it("once this year's reminder went she may still ask; a cancelled gift's ends; a gift given up has none to repeat", async () => {
    const sent = await giftOrder(lagos("2026-10-05T12:00"), { remindNextYear: true });
    const cancelled = await giftOrder(lagos("2026-10-05T12:00"), { remindNextYear: true });
    const givenUp = await giftOrder(lagos("2026-10-05T12:00"), { remindNextYear: true });
    const late = await giftOrder(lagos("2026-10-05T12:00"), { remindNextYear: true });
    expect((await post(givenUp, "stop-reminder", { t: tokenOf(givenUp) })).status).toBe(200);
    expect(await sendGiftReminders(t.db, t.env, lagos("2027-09-28T09:00"))).toBe(3);

    const page = await drawn(await t.page(orderCompletePath(t.env, sent)));
    expect(page).toContain("We reminded you on Tuesday 28 September 2027 that the day comes round again");
    expect(page).toContain("Remind me every year</button>");
    expect(page).not.toContain("Don&#x27;t remind me next year");
    const asked = await drawn(await post(sent, "remind-yearly", { t: tokenOf(sent) }));
    expect(asked).toContain("The next reminder comes on Thursday 28 September 2028.");

    // a gift cancelled after she asked loses it when its day has gone by
    expect((await post(cancelled, "remind-yearly", { t: tokenOf(cancelled) })).status).toBe(200);
    await changePurchaseStatus(t.db, cancelled.id, { status: "cancelled" }, admin.id, t.env);
    const again = await post(cancelled, "remind-yearly", { t: tokenOf(cancelled) });
    expect(again.status).toBe(409);
    expect(await drawn(again)).toContain("This order was cancelled: it has no gift reminder to repeat.");
    expect(await drawn(await t.page(orderCompletePath(t.env, cancelled)))).not.toContain("Stop the yearly reminder");

    // asked years after its day: the next day still to come
    expect(await remindEveryYear(t.db, t.env, late.id, { token: tokenOf(late) }, lagos("2030-01-10T10:00"))).toEqual({
      remindOn: "2030-09-28",
    });

    // a reminder she gave up has nothing to repeat
    const refused = await post(givenUp, "remind-yearly", { t: tokenOf(givenUp) });
    expect(refused.status).toBe(409);
    const refusedPage = await drawn(refused);
    expect(refusedPage).toContain('data-testid="reminder-answer"');
    expect(refusedPage).toContain("This order has no gift reminder to repeat.");
    expect(await yearlyOf(givenUp.id)).toMatchObject({ remindOn: null, yearly: false });

    expect(await sendGiftReminders(t.db, t.env, lagos("2027-10-06T09:00"))).toBe(0);
    expect(await yearlyOf(sent.id)).toMatchObject({ remindOn: "2028-09-28", sentAt: null, yearly: true });
    expect(await yearlyOf(cancelled.id)).toMatchObject({ remindOn: null, yearly: false });
  });
});
