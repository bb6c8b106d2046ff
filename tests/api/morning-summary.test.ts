import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages, mailOutbox, productChanges, type purchases } from "../../db/schema";
import { morningSummary, sendMorningSummary, summaryMail, summaryWhatsAppParams } from "../../modules/reports/morning-summary.server";
import { getSettings } from "../../modules/settings/service.server";
import { saveWish } from "../../modules/wish-lists/service.server";
import { createAdminUser, createContactMessage, createProduct, createPurchase, createStaffUser, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";
import { saveSettingsForm } from "../support/settings-form";

// docs/product.md "Owner alerts": every morning from 7 (Lagos), one mail to the shop's contact email
// with yesterday's paid orders, the orders to prepare, low stock with who waits for it, and the
// prices and stock the team changed by hand; once a day however many servers run the job; off in /settings.
let t: PagesContext;
beforeAll(async () => {
  t = await createPagesContext();
});

const links = { PUBLIC_URL: "https://shop.example.ng", PORT: 3000 };
/** An instant in Lagos (UTC+1 all year). */
const lagos = (at: string) => new Date(`${at}+01:00`);
const summaries = async () =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "morning_summary"), eq(mailOutbox.to, (await getSettings(t.db)).contactEmail)));

describe("the owner's morning summary", () => {
  it("says yesterday's paid orders, the orders to prepare, low stock and who changed a price, from 7 am, once a day", async () => {
    const buyer = await createUser(t.db);
    const journal = await createProduct(t.db, { title: "Gratitude Journal", priceKobo: 1_200_000, stock: 30 });
    // two paid yesterday (one still to prepare), one paid the day before, one today: only yesterday's count
    await createPurchase(t.db, buyer, [{ product: journal, quantity: 1 }], { status: "completed", paidAt: lagos("2026-12-07T09:30:00") });
    await createPurchase(t.db, buyer, [{ product: journal, quantity: 2 }], { status: "delivered", paidAt: lagos("2026-12-07T21:10:00") });
    await createPurchase(t.db, buyer, [{ product: journal, quantity: 1 }], { status: "shipped", paidAt: lagos("2026-12-06T23:59:00") });
    await createPurchase(t.db, buyer, [{ product: journal, quantity: 1 }], { status: "processing", paidAt: lagos("2026-12-08T00:30:00") });
    // a pay-on-delivery order not yet sent out is work too; an unpaid online checkout is not
    await createPurchase(t.db, buyer, [{ product: journal, quantity: 1 }], { status: "pending", paymentMethod: "pod", paidAt: null });
    await createPurchase(t.db, buyer, [{ product: journal, quantity: 1 }], { status: "pending", paidAt: null });
    // a checkout started yesterday by another shopper and never paid: the shop may follow it up
    const other = await createUser(t.db);
    await createPurchase(t.db, other, [{ product: journal, quantity: 2 }], {
      status: "cancelled",
      paidAt: null,
      createdAt: lagos("2026-12-07T19:40:00"),
    });
    // paid days ago for a delivery on the summary's morning: work today, not yesterday's sale
    await createPurchase(t.db, buyer, [{ product: journal, quantity: 1 }], {
      status: "completed",
      paidAt: lagos("2026-12-04T10:00:00"),
      deliveryDate: "2026-12-08",
    });

    // a pick-up ready on the shelf since before yesterday, not collected yet (docs/product.md "Pick-up")
    await createPurchase(t.db, buyer, [{ product: journal, quantity: 1 }], {
      status: "shipped",
      deliveryMethod: "pickup",
      paidAt: lagos("2026-12-05T10:00:00"),
    });

    const stone = await createProduct(t.db, { title: "Worry Stone", stock: 0 });
    const cards = await createProduct(t.db, { title: "Calm Cards", stock: 3 });
    // two shoppers would love it (docs/product.md "Wish lists")
    for (const who of [await createUser(t.db), await createUser(t.db)]) await saveWish(t.db, who.id, cards.id);
    const asked = await t.request(`/api/products/${stone.id}/back-in-stock`, { method: "POST", json: { email: "amaka@example.ng" } });
    expect(asked.status).toBe(201);
    const staff = await createStaffUser(t.db, { firstName: "Chidi", lastName: "Okeke" });
    const edited = await t.request(`/api/products/${journal.id}`, { method: "PUT", as: staff, json: { price: 9900 } });
    expect(edited.status).toBe(200);
    await t.db
      .update(productChanges)
      .set({ createdAt: lagos("2026-12-07T09:05:00") })
      .where(eq(productChanges.productId, journal.id));

    // a message waits unread; one the team has read is not counted
    await createContactMessage(t.db, { name: "Bisi" });
    await createContactMessage(t.db, { name: "Tolu", readAt: lagos("2026-12-07T12:00:00") });

    // before 7 am nothing goes
    expect(await sendMorningSummary(t.db, links, lagos("2026-12-08T06:59:00"))).toBe(false);
    expect(await summaries()).toHaveLength(0);
    // from 7, one mail however many servers run the job at once
    const runs = await Promise.all([1, 2, 3].map(() => sendMorningSummary(t.db, links, lagos("2026-12-08T07:02:00"))));
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await sendMorningSummary(t.db, links, lagos("2026-12-08T15:00:00"))).toBe(false);
    const [mail, ...more] = await summaries();
    expect(more).toHaveLength(0);

    const totals = 1_200_000 * 3 * 1.075 + 200_000 * 2;
    const naira = `₦${(totals / 100).toLocaleString("en-US")}`;
    expect(mail!.subject).toBe(`Yesterday at Alafia Self-Care: 2 orders paid, ${naira}`);
    expect(mail!.text).toContain(`Yesterday, Monday 7 December 2026, Alafia Self-Care had 2 orders paid, ${naira}.`);
    expect(mail!.text).toContain(
      "1 checkout not paid (₦27,800), to follow up: https://shop.example.ng/unpaidcheckouts?from=2026-12-07&to=2026-12-07",
    );
    // the two completed, the processing one and the pay-on-delivery one; one of them is booked for today
    expect(mail!.text).toContain(
      "4 orders to prepare (paid, or paid on delivery, and not yet on the way): https://shop.example.ng/purchasetable\n1 order booked for delivery today: https://shop.example.ng/deliveries?date=2026-12-08\n1 order ready and waiting to be collected at the shop: https://shop.example.ng/deliveries\n",
    );
    expect(mail!.text).toContain("1 message from shoppers not read yet: https://shop.example.ng/messages\n");
    expect(mail!.text).toContain(
      "Low stock (5 or fewer left):\n- Worry Stone: sold out, 1 shopper waits for it\n- Calm Cards: 3 left, on 2 wish lists\n",
    );
    expect(mail!.text).toContain("- 7 Dec, 9:05 am, Chidi Okeke, Gratitude Journal: Price ₦12,000 → ₦9,900");
    expect(mail!.text).toContain(
      "This summary comes every morning from 7 am. Change the hour or turn it off in Settings: https://shop.example.ng/settings",
    );

    // on WhatsApp, the work waiting today is one short part
    const params = summaryWhatsAppParams(await morningSummary(t.db, "2026-12-07", 5), "Alafia Self-Care", links.PUBLIC_URL);
    expect(params[2]).toBe(
      "4 orders; 1 order booked for delivery today; 1 order ready and waiting to be collected at the shop; 1 message to answer",
    );
    expect(params[3]).toBe("Worry Stone (sold out, 1 waiting), Calm Cards (3 left, 2 wished)");

    // the next morning, the next one; the message was read meanwhile
    await t.db.update(contactMessages).set({ readAt: new Date() });
    expect(await sendMorningSummary(t.db, links, lagos("2026-12-09T07:00:00"))).toBe(true);
    const next = (await summaries()).find((m) => m.id !== mail!.id)!;
    expect(next.text).toContain("Yesterday, Tuesday 8 December 2026, Alafia Self-Care had 1 order paid");
    expect(next.text).toContain("No price or stock was changed by hand yesterday.");
    expect(next.text).not.toContain("not read yet");
  });

  it("says how many of the orders to prepare hold a pre-order, and the next day one ships from", async () => {
    const buyer = await createUser(t.db);
    const planner = await createProduct(t.db, { title: "2027 Planner", stock: 40, shipsFrom: "2027-01-16" });
    const calendar = await createProduct(t.db, { title: "2027 Wall Calendar", stock: 40, shipsFrom: "2027-01-09" });
    const cards = await createProduct(t.db, { title: "Affirmation Cards", stock: 40 });
    await createPurchase(t.db, buyer, [
      { product: planner, quantity: 1 },
      { product: cards, quantity: 1 },
    ]);
    await createPurchase(t.db, buyer, [{ product: calendar, quantity: 2 }], { status: "processing" });
    // an unpaid checkout and an order on its way are not work to prepare
    await createPurchase(t.db, buyer, [{ product: calendar, quantity: 1 }], { status: "pending", paidAt: null });
    await createPurchase(t.db, buyer, [{ product: planner, quantity: 1 }], { status: "shipped" });
    const shop = await getSettings(t.db);
    const said = async (day: string) => {
      const summary = await morningSummary(t.db, day, 5);
      return {
        summary,
        mail: summaryMail(summary, shop, links.PUBLIC_URL).text,
        whatsapp: summaryWhatsAppParams(summary, "Alafia", links.PUBLIC_URL)[2],
      };
    };

    const before = await said("2027-01-02");
    expect(before.summary.preorders).toEqual({ orders: 2, next: "2027-01-09", dayToMove: 0 });
    expect(before.mail).toContain(
      "to prepare (paid, or paid on delivery, and not yet on the way): https://shop.example.ng/purchasetable\n2 of them hold a pre-order, the next ships from Sat 9 Jan: https://shop.example.ng/purchasetable?preorder=1\n",
    );
    expect(before.whatsapp).toContain("; 2 of them hold a pre-order, the next ships from Sat 9 Jan");
    // the summary of the 8th is read on the 9th: the calendars ship that day
    expect((await said("2027-01-08")).mail).toContain("2 of them hold a pre-order, the next ships from today:");
    expect((await said("2027-01-09")).summary.preorders).toEqual({ orders: 2, next: "2027-01-16", dayToMove: 0 });
    expect((await said("2027-01-20")).mail).toContain("2 of them hold a pre-order whose day has come:");

    // the planner's day moved past the day one buyer chose: the team agrees a new one with her
    await createPurchase(t.db, buyer, [{ product: planner, quantity: 1 }], { deliveryDate: "2027-01-12" });
    await createPurchase(t.db, buyer, [{ product: planner, quantity: 1 }], { deliveryDate: "2027-01-18" });
    const moved = await said("2027-01-02");
    expect(moved.summary.preorders).toEqual({ orders: 4, next: "2027-01-09", dayToMove: 1 });
    expect(moved.mail).toContain(
      "4 of them hold a pre-order, the next ships from Sat 9 Jan; 1 has its delivery day before it ships, to agree again: https://shop.example.ng/purchasetable?preorder=1\n",
    );
    expect(moved.whatsapp).toContain("; 1 has its delivery day before it ships, to agree again");
  });

  it("is on by default and the owner turns it off in /settings, then nothing goes", async () => {
    const owner = await createAdminUser(t.db);
    const page = await (await t.page("/settings", { as: { id: owner.id, role: "admin" } })).text();
    expect(page).toMatch(/<input type="checkbox"[^>]*name="morningSummary" checked="" value="true"/);
    expect(page).toContain("Morning summary by mail");

    // the box unticked: only its hidden "false" is sent
    const saved = await saveSettingsForm(t, owner, { morningSummary: "false" });
    expect(saved.status).toBe(200);
    expect((await getSettings(t.db)).morningSummary).toBe(false);
    expect(await sendMorningSummary(t.db, links, lagos("2026-12-20T08:00:00"))).toBe(false);
    expect((await summaries()).filter((m) => m.subject.startsWith("Yesterday at"))).toHaveLength(2);

    // and back on through the API
    const on = await t.request("/api/settings", { method: "PUT", as: owner, json: { morningSummary: true } });
    expect(on.status).toBe(200);
    expect(await sendMorningSummary(t.db, links, lagos("2026-12-20T08:05:00"))).toBe(true);
  });

  it("comes from the hour the owner picks in /settings, 5 am to noon", async () => {
    const owner = await createAdminUser(t.db);
    let page = await (await t.page("/settings", { as: { id: owner.id, role: "admin" } })).text();
    expect(page).toMatch(/<select[^>]*name="morningSummaryHour"[^>]*>.*<option value="7" selected="">7 am<\/option>/s);
    expect(page).toContain('<option value="12">12 noon</option>');

    const refused = await saveSettingsForm(t, owner, { morningSummaryHour: "4" });
    expect(refused.status).toBe(400);
    page = await refused.text();
    expect(page).toContain("Morning summary hour must be from 5 am to noon");
    expect((await getSettings(t.db)).morningSummaryHour).toBe(7);
    const bad = await t.request("/api/settings", { method: "PUT", as: owner, json: { morningSummaryHour: 9.5 } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields.morningSummaryHour).toBe("Morning summary hour must be a whole hour");

    expect((await saveSettingsForm(t, owner, { morningSummaryHour: "9" })).status).toBe(200);
    expect((await getSettings(t.db)).morningSummaryHour).toBe(9);
    // a form from before the field leaves the hour as it is
    expect((await saveSettingsForm(t, owner, {})).status).toBe(200);
    expect((await getSettings(t.db)).morningSummaryHour).toBe(9);

    expect(await sendMorningSummary(t.db, links, lagos("2026-12-22T08:59:00"))).toBe(false);
    expect(await sendMorningSummary(t.db, links, lagos("2026-12-22T09:00:00"))).toBe(true);
    const [mail] = (await summaries()).filter((m) => m.subject.startsWith("Yesterday at")).slice(-1);
    expect(mail!.text).toContain("This summary comes every morning from 9 am. Change the hour or turn it off in Settings:");
    expect((await t.request("/api/settings", { as: owner }).then((r) => r.json())).morningSummaryHour).toBe(9);
  });
  it("says how many of last year's gifts have their day in the coming week, and whose buyers ordered again", async () => {
    const buyer = await createUser(t.db);
    const box = await createProduct(t.db, { title: "Calm Box", stock: 40 });
    const placed = lagos("2026-03-01T10:00");
    const gift = (remindOn: string, phone: string, more: Partial<typeof purchases.$inferInsert> = {}) =>
      createPurchase(t.db, buyer, [{ product: box, quantity: 1 }], {
        status: "delivered",
        isGift: true,
        recipientName: "Funke Bello",
        giftRemindOn: remindOn,
        phone,
        createdAt: placed,
        ...more,
      });
    // the summary of 1 March is read on the 2nd: the days from the 2nd to the 9th
    await gift("2027-02-23", "08031110001"); // its day: 2 March
    await gift("2027-03-02", "08031110002"); // 9 March
    await gift("2027-03-03", "08031110003"); // 10 March: the week after
    await gift("2027-02-22", "08031110004"); // 1 March: gone
    await gift("2027-02-25", "08031110005", { status: "cancelled", paidAt: null });
    // the second buyer ordered again on 20 February, within 30 days of her day; the first in January, not
    await createPurchase(t.db, buyer, [{ product: box, quantity: 1 }], {
      phone: "+234 803 111 0002",
      createdAt: lagos("2027-02-20T10:00"),
    });
    await createPurchase(t.db, buyer, [{ product: box, quantity: 1 }], { phone: "08031110001", createdAt: lagos("2027-01-20T10:00") });
    const summary = await morningSummary(t.db, "2027-03-01", 5);
    expect(summary.giftDays).toEqual({ days: 2, orderedAgain: 1 });
    const shop = await getSettings(t.db);
    expect(summaryMail(summary, shop, links.PUBLIC_URL).text).toContain(
      "\n2 gift days come round in the next 7 days (1 buyer has ordered again): https://shop.example.ng/giftdays?to=2027-03-09\n",
    );
    expect(summaryWhatsAppParams(summary, "Alafia", links.PUBLIC_URL)[2]).toContain(
      "; 2 gift days come round in the next 7 days (1 buyer has ordered again)",
    );
    // none in the week: no line
    expect(summaryMail(await morningSummary(t.db, "2027-04-01", 5), shop, links.PUBLIC_URL).text).not.toContain("gift day");
  });
});
