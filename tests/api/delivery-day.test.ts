// docs/product.md "Delivery on a chosen date", "Moving a delivery day": the team moves an order's
// delivery day (or clears it) from the back office and its API. The new day is checked as the
// checkout checks it, takes its place on the day's counter under the same limit (two moves at once
// to the last place: one wins), the old place is given back, a gift's reminder follows the day,
// the history names who moved it, and she is told. Anything refused changes nothing.
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deliveryDays, deliverySlots, deliveryWindows, mailOutbox, purchases } from "../../db/schema";
import { addDays, lagosNow, longDay, shortDay } from "../../lib/lagos-calendar";
import { orderNumber } from "../../modules/orders/statuses";
import { updateSettings } from "../../modules/settings/service.server";
import { renderTemplate } from "../../modules/whatsapp/templates";
import { orderCompletePath } from "../../modules/orders/order-links.server";
import { changeMyDeliveryDay, myDeliveryDayChoices } from "../../modules/orders/delivery-day.server";
import {
  createAdminUser,
  createDatedArea,
  createDeliveryRate,
  createProduct,
  createPurchase,
  createStaffUser,
  createUser,
} from "../factories";
import { payGuestOrder, placeGuestOrder } from "../support/guest-order";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
type Who = { id: string; role: "admin" | "staff" | "customer" };
let owner: Who;
let staff: Who;
let morning: { id: string; label: string };
let evening: { id: string; label: string };
beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  owner = { id: (await createAdminUser(t.db, { firstName: "Kemi", lastName: "Adeyemi" })).id, role: "admin" };
  staff = { id: (await createStaffUser(t.db, { firstName: "Tolu", lastName: "Bakare" })).id, role: "staff" };
  const [m, e] = await t.db
    .insert(deliveryWindows)
    .values([
      { startHour: 9, endHour: 12, surchargeKobo: 100_000 },
      { startHour: 16, endHour: 19, surchargeKobo: 0 },
    ])
    .returning();
  morning = { id: m!.id, label: "9 am – 12 pm" };
  evening = { id: e!.id, label: "4 pm – 7 pm" };
});

// the API answers at the wall clock's time: days far enough ahead for Standard's 3–5 days and any cut-off
const today = () => lagosNow(new Date()).date;
const day = (n: number) => addDays(today(), n);

/** A delivery area of its own, dates required, a day's notice, no cut-off unless told. */
const area = (overrides: Parameters<typeof createDatedArea>[1] = {}) => createDatedArea(t.db, overrides);

/** A guest's paid order of one `product` (a new one unless given) for `lga`, on the date and window asked. */
async function order(lga: string, extra: Record<string, unknown>, { productId = "", pay = true } = {}) {
  const id = productId || (await createProduct(t.db, { title: "Calm Box", stock: 100 })).id;
  const placed = await placeGuestOrder(t.db, t.env, { lga, productIds: [id], now: new Date(), extra });
  if (pay) await payGuestOrder(t.db, t.env, placed.row);
  return placed.row;
}

const move = (id: string, body: unknown, as: Who = owner) =>
  t.page(`/api/purchases/${id}/delivery-day`, {
    method: "PUT",
    as: as as { id: string; role: "admin" },
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const row = async (id: string) => (await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;
const booked = async (rateId: string, date: string) =>
  (
    await t.db
      .select({ n: deliverySlots.booked })
      .from(deliverySlots)
      .where(and(eq(deliverySlots.rateId, rateId), eq(deliverySlots.day, date)))
  )[0]?.n ?? 0;
const movedMails = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) => m.kind === "order_delivery_day");
const drawn = async (path: string, as: Who = owner) =>
  (await (await t.page(path, { as: as as { id: string; role: "admin" } })).text()).replace(/<!-- -->/g, "");

describe("moving an order's delivery day", () => {
  it("moves a paid order to another day and window: the places follow, the history names who, and she is told by mail and WhatsApp", async () => {
    const a = await area();
    const placed = await order(a.lga, { deliveryDate: day(5), deliveryWindow: morning.id, whatsappOptIn: true });
    const paidTotal = (await row(placed.id)).totalKobo;
    expect(await booked(a.id, day(5))).toBe(1);

    const res = await move(placed.id, { deliveryDate: day(7), deliveryWindow: evening.id }, staff);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ deliveryDate: day(7), deliveryWindow: evening.label });
    // the place on the old day is given back, one taken on the new
    expect(await booked(a.id, day(5))).toBe(0);
    expect(await booked(a.id, day(7))).toBe(1);
    // what the order paid for its date (the morning window's ₦1,000) stays as it was
    const after = await row(placed.id);
    expect(after.totalKobo).toBe(paidTotal);
    expect(after.deliverySlotFeeKobo).toBe(100_000);
    expect(body.events.at(-1)).toMatchObject({
      status: "completed",
      note: `delivery day moved: ${shortDay(day(5))}, ${morning.label} → ${shortDay(day(7))}, ${evening.label}`,
      actorName: "Tolu Bakare",
    });
    const [mail, ...more] = await movedMails(placed.email);
    expect(more).toHaveLength(0);
    // the team moved it: no alert to the shop about its own move
    expect(
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order_delivery_day_admin"))).some((m) =>
        m.text.includes(orderNumber(placed.id)),
      ),
    ).toBe(false);
    const number = orderNumber(placed.id);
    expect(mail!.subject).toBe(`Your Alafia Self-Care order #${number}: delivery now on ${shortDay(day(7))}`);
    expect(mail!.text).toContain(`Your order #${number} will now be delivered on ${longDay(day(7))}, ${evening.label}.`);
    expect(mail!.text).toContain(`Follow your order: ${t.env.PUBLIC_URL}/checkout/complete?reference=${placed.reference}&t=`);
    expect(mail!.whatsapp).toMatchObject({
      template: "order_update",
      params: ["Ada", "Alafia Self-Care", number, `will now be delivered on ${shortDay(day(7))}, ${evening.label}`, expect.any(String)],
    });
  });

  it("clears the day where her area takes no particular day, giving its place back; a required area keeps one", async () => {
    const optional = await area({ dateMode: "optional" });
    const placed = await order(optional.lga, { deliveryDate: day(6) });
    const cleared = await move(placed.id, { deliveryDate: "" });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toMatchObject({ deliveryDate: null, deliveryWindow: null });
    expect(await booked(optional.id, day(6))).toBe(0);
    expect((await row(placed.id)).deliverySlotId).toBeNull();
    expect((await movedMails(placed.email))[0]!.text).toContain("no longer has a set delivery day");
    // the order page's form says so in its own words
    const another = await order(optional.lga, { deliveryDate: day(6) });
    const posted = await t.page(`/viewpurchase/${another.id}`, {
      method: "POST",
      as: owner as { id: string; role: "admin" },
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delivery-day", deliveryDate: "", deliveryWindow: "" }).toString(),
    });
    expect((await posted.text()).replace(/<!-- -->/g, "")).toContain("Delivery day cleared: no particular day; the customer has been told");

    const required = await area();
    const kept = await order(required.lga, { deliveryDate: day(6) });
    const refused = await move(kept.id, {});
    expect(refused.status).toBe(400);
    expect((await refused.json()).msg).toBe(`Please choose a delivery date for ${required.lga}.`);
    expect((await row(kept.id)).deliveryDate).toBe(day(6));
    expect(await booked(required.id, day(6))).toBe(1);
  });

  it("two moves at once to the day's last place: one takes it, the other is a 409 and keeps its own day", async () => {
    const a = await area({ dailyCapacity: 2 });
    const [first, second, third] = [
      await order(a.lga, { deliveryDate: day(5) }),
      await order(a.lga, { deliveryDate: day(5) }),
      await order(a.lga, { deliveryDate: day(8) }),
    ];
    // day 8 has one place left: the two orders of day 5 ask for it at once
    const answers = await Promise.all([move(first.id, { deliveryDate: day(8) }), move(second.id, { deliveryDate: day(8) })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const lost = answers.find((r) => r.status === 409)!;
    expect((await lost.json()).msg).toBe(`Sorry, ${shortDay(day(8))} is fully booked for ${a.lga}. Please choose another date.`);
    expect(await booked(a.id, day(8))).toBe(2);
    expect(await booked(a.id, day(5))).toBe(1);
    const days = [(await row(first.id)).deliveryDate, (await row(second.id)).deliveryDate].sort();
    expect(days).toEqual([day(5), day(8)]);
    expect((await row(third.id)).deliveryDate).toBe(day(8));
  });

  it("her own day is never full for her: on a day she holds the last place, she can change its window", async () => {
    const a = await area({ dailyCapacity: 1 });
    const placed = await order(a.lga, { deliveryDate: day(5), deliveryWindow: morning.id });
    const page = await drawn(`/viewpurchase/${placed.id}`);
    expect(page).toContain(`data-testid="date-${day(5)}" data-available="true"`);
    expect(page).toContain(`name="deliveryDate" checked="" value="${day(5)}"`);
    expect(page).toContain(`name="deliveryWindow" checked="" value="${morning.id}"`);
    const res = await move(placed.id, { deliveryDate: day(5), deliveryWindow: evening.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ deliveryDate: day(5), deliveryWindow: evening.label });
    expect(await booked(a.id, day(5))).toBe(1);
    // another order still finds it full
    const other = await order(a.lga, { deliveryDate: day(6) });
    expect((await move(other.id, { deliveryDate: day(5) })).status).toBe(409);
  });

  it("two orders swapping days at once both move, and the days' counts stay as they were", async () => {
    const a = await area();
    const early = await order(a.lga, { deliveryDate: day(5) });
    const late = await order(a.lga, { deliveryDate: day(8) });
    // back and forth: each round's two moves cross each other's counters
    for (const [one, other] of [
      [day(8), day(5)],
      [day(5), day(8)],
      [day(8), day(5)],
      [day(5), day(8)],
    ]) {
      const answers = await Promise.all([move(early.id, { deliveryDate: one }), move(late.id, { deliveryDate: other })]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect([(await row(early.id)).deliveryDate, (await row(late.id)).deliveryDate]).toEqual([one, other]);
      expect([await booked(a.id, day(5)), await booked(a.id, day(8))]).toEqual([1, 1]);
    }
  });

  it("refuses what the checkout refuses, a sent order, a pick-up, a shopper and a body with more, changing nothing", async () => {
    const a = await area({ leadDays: 2 });
    const placed = await order(a.lga, { deliveryDate: day(5), deliveryWindow: morning.id });
    for (const [body, status, error] of [
      [{ deliveryDate: day(5), deliveryWindow: morning.id }, 400, `The delivery day is already ${shortDay(day(5))}, ${morning.label}.`],
      [{ deliveryDate: day(1) }, 400, `We can't deliver on ${shortDay(day(1))}: needs 2 days' notice. Please choose another date.`],
      [{ deliveryDate: day(2) }, 400, expect.stringContaining("Standard delivery takes 3–5 days, so it can't reach you on")],
      [{ deliveryDate: day(20) }, 400, "Please choose one of the delivery dates offered."],
      [{ deliveryDate: "2027-02-30x" }, 400, "Please check the highlighted fields."],
      [{ deliveryDate: day(6), deliveryWindow: crypto.randomUUID() }, 400, "Please choose one of the delivery windows offered."],
      [{ deliveryDate: day(6), total: 0 }, 400, expect.any(String)],
    ] as const) {
      const res = await move(placed.id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await res.json()).msg).toEqual(error);
    }
    expect(await move(placed.id, { deliveryDate: day(6) }, { id: (await createUser(t.db)).id, role: "customer" })).toHaveProperty(
      "status",
      403,
    );
    expect((await move(crypto.randomUUID(), { deliveryDate: day(6) })).status).toBe(404);
    const still = await row(placed.id);
    expect([still.deliveryDate, still.deliveryWindow]).toEqual([day(5), morning.label]);
    expect(await booked(a.id, day(5))).toBe(1);
    expect(await movedMails(placed.email)).toHaveLength(0);

    const shopper = await createUser(t.db, { lga: a.lga });
    const product = await createProduct(t.db);
    const shipped = await createPurchase(t.db, shopper, [{ product, quantity: 1 }], { status: "shipped", deliveryDate: day(5) });
    const sent = await move(shipped.id, { deliveryDate: day(6) });
    expect(sent.status).toBe(409);
    expect((await sent.json()).msg).toBe("A shipped order's delivery day can't be moved.");
    const pickup = await createPurchase(t.db, shopper, [{ product, quantity: 1 }], { deliveryMethod: "pickup" });
    expect(await (await move(pickup.id, { deliveryDate: day(6) })).json()).toMatchObject({ msg: "A pick-up has no delivery day." });
  });

  it("a gift's reminder next year follows its day", async () => {
    const a = await area();
    const placed = await order(a.lga, {
      deliveryDate: day(5),
      isGift: true,
      recipientName: "Funke Bello",
      recipientPhone: "0809 111 2233",
      remindNextYear: true,
    });
    const nextYear = (d: string) => `${Number(d.slice(0, 4)) + 1}${d.slice(4)}`;
    expect((await row(placed.id)).giftRemindOn).toBe(addDays(nextYear(day(5)), -7));
    expect((await move(placed.id, { deliveryDate: day(9) })).status).toBe(200);
    expect((await row(placed.id)).giftRemindOn).toBe(addDays(nextYear(day(9)), -7));
  });
});

describe("on the back office's order page", () => {
  it("offers her area's days with hers chosen; a pre-order's day moved past hers is named; its form moves it before the script runs", async () => {
    const a = await area();
    const planner = await createProduct(t.db, { title: "2027 Planner", stock: 50, shipsFrom: day(4) });
    const placed = await order(a.lga, { deliveryDate: day(6) }, { productId: planner.id });
    let page = await drawn(`/viewpurchase/${placed.id}`);
    expect(page).toContain('data-testid="delivery-day"');
    expect(page).toContain(`name="deliveryDate" checked="" value="${day(6)}"`);
    expect(page).not.toContain('data-testid="delivery-day-clash"');
    // the printer is late: the planner now ships after the day she chose
    const later = await t.page(`/api/products/${planner.id}`, {
      method: "PUT",
      as: owner as { id: string; role: "admin" },
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ shipsFrom: day(8) }),
    });
    expect(later.status).toBe(200);
    page = await drawn(`/viewpurchase/${placed.id}`, staff);
    expect(page).toContain(
      `Her delivery day comes before her pre-order ships (${shortDay(day(8))}): agree a new day with her, then move it here.`,
    );
    // the orders list says which pre-orders' days to move
    const listed = async () =>
      (
        (await (await t.page(`/api/purchases?preorder=1&pageSize=100`, { as: owner as { id: string; role: "admin" } })).json()) as {
          id: string;
          deliveryDate: string;
          dayBeforeShipDay: boolean;
        }[]
      ).find((r) => r.id === placed.id);
    expect(await listed()).toMatchObject({ deliveryDate: day(6), dayBeforeShipDay: true });
    expect(await drawn(`/purchasetable?preorder=1`)).toContain('data-testid="day-before-ship-day">delivery day to move<');
    // the dates offered begin on the ship day; one before it is refused with the checkout's words
    expect(page).not.toContain(`name="deliveryDate" value="${day(7)}"`);
    expect((await (await move(placed.id, { deliveryDate: day(7) })).json()).msg).toBe(
      `Your order holds a pre-order that ships from ${shortDay(day(8))}. Please choose a delivery date from then, or leave it empty.`,
    );
    const posted = await t.page(`/viewpurchase/${placed.id}`, {
      method: "POST",
      as: owner as { id: string; role: "admin" },
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delivery-day", deliveryDate: day(9), deliveryWindow: "" }).toString(),
    });
    expect(posted.status).toBe(200);
    expect((await posted.text()).replace(/<!-- -->/g, "")).toContain(
      `Delivery day moved to ${shortDay(day(9))}; the customer has been told`,
    );
    expect((await row(placed.id)).deliveryDate).toBe(day(9));
    expect(await drawn(`/viewpurchase/${placed.id}`)).not.toContain('data-testid="delivery-day-clash"');
    expect(await listed()).toMatchObject({ deliveryDate: day(9), dayBeforeShipDay: false });
  });

  it("has nothing to move on a sent order or one whose area takes no dates", async () => {
    const plain = await createDeliveryRate(t.db, { lga: `Area ${crypto.randomUUID().slice(0, 6)}` });
    const placed = await order(plain.lga, {});
    expect(await drawn(`/viewpurchase/${placed.id}`)).not.toContain('data-testid="delivery-day"');
    const a = await area();
    const dated = await order(a.lga, { deliveryDate: day(5) });
    await t.db.update(purchases).set({ status: "shipped" }).where(eq(purchases.id, dated.id));
    expect(await drawn(`/viewpurchase/${dated.id}`)).not.toContain('data-testid="delivery-day"');
  });
});

describe("her own change, from her order's page", () => {
  const post = (path: string, fields: Record<string, string>, as?: Who) =>
    t.page(path, {
      method: "POST",
      as: as as { id: string; role: "admin" } | undefined,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delivery-day", ...fields }).toString(),
    });
  const pageOf = (p: { id: string; reference: string }) => orderCompletePath(t.env, p);

  it("by the order's link: her day chosen, changed to another; the history says she did it, and she gets the new day", async () => {
    // the owner's phone takes the shop's alerts on WhatsApp
    await updateSettings(t.db, { alertWhatsappNumber: "0809 000 1111" });
    const a = await area();
    const placed = await order(a.lga, { deliveryDate: day(5) });
    const page = await drawn(pageOf(placed));
    expect(page).toContain(">Change my delivery day</summary>");
    expect(page).toContain(`name="deliveryDate" checked="" value="${day(5)}"`);
    // her Standard delivery cannot reach a day only Express reaches: it is greyed out with the reason
    expect(page).toMatch(new RegExp(`data-testid="date-${day(2)}" data-available="false".*?Too soon for Standard`));
    expect(page).toContain(`data-testid="date-${day(3)}" data-available="true"`);
    const token = new URL(pageOf(placed), "http://x").searchParams.get("t")!;
    const res = await post(pageOf(placed), { purchaseId: placed.id, t: token, deliveryDate: day(7), deliveryWindow: evening.id });
    expect(res.status).toBe(200);
    const answered = (await res.text()).replace(/<!-- -->/g, "");
    expect(answered).toContain(`Done: your order now comes on ${shortDay(day(7))}, ${evening.label}.`);
    expect(answered).toContain(`Delivery on ${longDay(day(7))}, ${evening.label}`);
    expect([await booked(a.id, day(5)), await booked(a.id, day(7))]).toEqual([0, 1]);
    const detail = await (await t.page(`/api/purchases/${placed.id}`, { as: owner as { id: string; role: "admin" } })).json();
    expect(detail.events.at(-1)).toMatchObject({
      note: `delivery day changed by the customer: ${shortDay(day(5))} → ${shortDay(day(7))}, ${evening.label}`,
      actorName: null,
    });
    expect(await movedMails(placed.email)).toHaveLength(1);
    // the shop hears of it at once: its plan for the day may have changed
    const [alert, ...others] = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order_delivery_day_admin"))).filter((m) =>
      m.text.includes(orderNumber(placed.id)),
    );
    expect(others).toHaveLength(0);
    expect(alert!.subject).toBe(`Order #${orderNumber(placed.id)}: Ada changed her delivery day to ${shortDay(day(7))}, ${evening.label}`);
    expect(alert!.text).toContain(
      `Ada Obi changed the delivery day of order #${orderNumber(placed.id)} on her order's page: ${shortDay(day(5))} → ${shortDay(day(7))}, ${evening.label}.`,
    );
    expect(alert!.text).toContain(`Open the order: ${t.env.PUBLIC_URL}/viewpurchase/${placed.id}`);
    expect(alert!.whatsapp).toMatchObject({ to: "+2348090001111", template: "delivery_day_alert" });
    expect(renderTemplate(alert!.whatsapp!)).toBe(
      `Ada Obi changed the delivery day of order #${orderNumber(placed.id)}: ${shortDay(day(5))} → ${shortDay(day(7))}, ${evening.label}. Open it: ${t.env.PUBLIC_URL}/viewpurchase/${placed.id}`,
    );
    await updateSettings(t.db, { alertWhatsappNumber: "" });
  });

  it("not by a forged link or another shopper's account: a 404, and nothing changed", async () => {
    const a = await area();
    const mine = await createUser(t.db, { lga: a.lga });
    const placed = await order(a.lga, { deliveryDate: day(5) });
    const bare = `/checkout/complete?reference=${placed.reference}`;
    const forged = await post(`${bare}&t=forged`, { purchaseId: placed.id, t: "forged", deliveryDate: day(7) });
    expect(forged.status).toBe(404);
    const other = await post(bare, { purchaseId: placed.id, deliveryDate: day(7) }, { id: mine.id, role: "customer" });
    expect(other.status).toBe(404);
    expect((await row(placed.id)).deliveryDate).toBe(day(5));
    expect(await booked(a.id, day(5))).toBe(1);
  });

  it("a day or window costing more than she paid is the shop's to agree; a cheaper one is hers, its fee kept", async () => {
    const a = await area();
    const placed = await order(a.lga, { deliveryDate: day(5), deliveryWindow: evening.id });
    const token = new URL(pageOf(placed), "http://x").searchParams.get("t")!;
    const refused = await post(pageOf(placed), { purchaseId: placed.id, t: token, deliveryDate: day(6), deliveryWindow: morning.id });
    expect(refused.status).toBe(409);
    const text = (await refused.text()).replace(/<!-- -->/g, "");
    expect(text).toContain(
      `${shortDay(day(6))}, ${morning.label} costs ₦1,000 more than you paid for your day. Message us to change to it.`,
    );
    // the form stays open with her refusal in it
    expect(text).toMatch(/<details[^>]*open=""[^>]*data-testid="change-delivery-day"/);
    expect((await row(placed.id)).deliveryDate).toBe(day(5));
    // the team may: the shop moved it, nothing added
    expect((await move(placed.id, { deliveryDate: day(6), deliveryWindow: morning.id })).status).toBe(200);
    expect((await row(placed.id)).deliverySlotFeeKobo).toBe(0);
    // she paid ₦1,000 for a morning: changing to an evening is hers, and what she paid stays
    const morningOrder = await order(a.lga, { deliveryDate: day(5), deliveryWindow: morning.id });
    const mt = new URL(pageOf(morningOrder), "http://x").searchParams.get("t")!;
    expect(
      (await post(pageOf(morningOrder), { purchaseId: morningOrder.id, t: mt, deliveryDate: day(8), deliveryWindow: evening.id })).status,
    ).toBe(200);
    expect(await row(morningOrder.id)).toMatchObject({ deliveryDate: day(8), deliveryWindow: evening.label, deliverySlotFeeKobo: 100_000 });
  });

  it("not once the shop begins preparing it, nor past her day's cut-off: the page has no form and a post is refused", async () => {
    const a = await area();
    const placed = await order(a.lga, { deliveryDate: day(5) });
    await t.db.update(purchases).set({ status: "processing" }).where(eq(purchases.id, placed.id));
    expect(await drawn(pageOf(placed))).not.toContain('data-testid="change-delivery-day"');
    const token = new URL(pageOf(placed), "http://x").searchParams.get("t")!;
    const late = await post(pageOf(placed), { purchaseId: placed.id, t: token, deliveryDate: day(7) });
    expect(late.status).toBe(409);
    expect((await late.text()).replace(/<!-- -->/g, "")).toContain(
      "We have begun preparing your order: message us to change its delivery day.",
    );

    // 'order by 2 pm for tomorrow': at 3 pm the day before, tomorrow's run is set
    const cut = await area({ cutoffHour: 14 });
    const lagos = (local: string) => new Date(`${local}:00+01:00`);
    const express = await placeGuestOrder(t.db, t.env, {
      lga: cut.lga,
      productIds: [(await createProduct(t.db, { stock: 10 })).id],
      now: lagos("2027-03-10T10:00"),
      extra: { deliveryDate: "2027-03-11", deliveryMethod: "express" },
    });
    await payGuestOrder(t.db, t.env, express.row);
    const who = { token: new URL(pageOf(express.row), "http://x").searchParams.get("t") };
    const at = (local: string) =>
      changeMyDeliveryDay(t.db, t.env, express.row.id, { deliveryDate: "2027-03-13" }, who, lagos(local)).catch((e: Error) => e.message);
    expect(await myDeliveryDayChoices(t.db, t.env, express.row, who, lagos("2027-03-10T15:00"))).toBeNull();
    expect(await at("2027-03-10T15:00")).toBe("Your delivery day is too close to change here: message us and we will see what we can do.");
    expect(await myDeliveryDayChoices(t.db, t.env, express.row, who, lagos("2027-03-10T13:00"))).not.toBeNull();
    expect(await at("2027-03-10T13:00")).toMatchObject({ date: "2027-03-13" });
  });
});

describe("a whole day moved, from its deliveries page", () => {
  const post = (fields: Record<string, string>, as: Who = owner) =>
    t.page(`/deliveries?date=${fields.from}`, {
      method: "POST",
      as: as as { id: string; role: "admin" },
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "move_day", ...fields }).toString(),
    });

  it("moves every order booked for the day and not sent, keeping windows; one the new day cannot take stays and is named", async () => {
    const a = await area({ dailyCapacity: 4 });
    const from = day(10);
    const to = day(12);
    const paid = await order(a.lga, { deliveryDate: from, deliveryWindow: morning.id });
    const unpaid = await order(a.lga, { deliveryDate: from }, { pay: false });
    const third = await order(a.lga, { deliveryDate: from, deliveryWindow: evening.id });
    const shipped = await order(a.lga, { deliveryDate: from });
    await t.db.update(purchases).set({ status: "shipped" }).where(eq(purchases.id, shipped.id));
    // the new day has two places taken already: two left for the three orders
    await order(a.lga, { deliveryDate: to });
    await order(a.lga, { deliveryDate: to });
    // a holiday is announced for the day after they were booked
    await t.db.insert(deliveryDays).values({ day: from, kind: "blackout", note: "Public holiday" });

    expect(await drawn("/deliverycalendar")).toContain(
      `data-testid="marked-day-booked" href="/deliveries?date=${from}" data-discover="true">3 orders are still booked: move them<`,
    );
    const page = await drawn(`/deliveries?date=${from}`, staff);
    expect(page).toMatch(/<details[^>]*open=""[^>]*data-testid="move-day"/);
    expect(page).toContain("Move this day&#x27;s 3 orders to another day");
    expect(page).toContain(`${longDay(from)} is marked as no deliveries (Public holiday), and 3 orders are still booked for it.`);

    expect((await post({ from, to: from })).status).toBe(400);
    const res = await post({ from, to }, staff);
    expect(res.status).toBe(200);
    const text = (await res.text()).replace(/<!-- -->/g, "");
    expect(text).toContain(
      `2 orders moved to ${shortDay(to)}; each customer was told. 1 stayed: #${orderNumber(third.id)}: Sorry, ${shortDay(to)} is fully booked for ${a.lga}. Please choose another date.`,
    );
    expect(await row(paid.id)).toMatchObject({ deliveryDate: to, deliveryWindow: morning.label });
    expect((await row(unpaid.id)).deliveryDate).toBe(to);
    expect(await row(third.id)).toMatchObject({ deliveryDate: from, deliveryWindow: evening.label });
    expect((await row(shipped.id)).deliveryDate).toBe(from);
    // the shipped order keeps its place on its day, with the one that stayed
    expect([await booked(a.id, from), await booked(a.id, to)]).toEqual([2, 4]);
    expect(await movedMails(paid.email)).toHaveLength(1);
    expect(await movedMails(third.email)).toHaveLength(0);
    // an online checkout left unpaid keeps its place, moved, but is not written to
    expect(await movedMails(unpaid.email)).toHaveLength(0);
    // the one left is still offered to move, and the calendar says so on its blackout day
    expect(await drawn(`/deliveries?date=${from}`)).toContain("Move this day&#x27;s 1 order to another day");
    expect(await drawn("/deliverycalendar")).toContain(
      `data-testid="marked-day-booked" href="/deliveries?date=${from}" data-discover="true">1 order is still booked: move it<`,
    );
    await t.db.delete(deliveryDays).where(eq(deliveryDays.day, from));
    // a day with nothing booked offers nothing
    expect(await drawn(`/deliveries?date=${day(13)}`)).not.toContain('data-testid="move-day"');
  });
});
