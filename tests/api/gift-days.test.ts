// The back office's 'Gift days' (docs/product.md "Gift orders"): the paid gifts whose buyer asked to be
// reminded and whose day comes round within the window (30 days from today unless told), soonest
// first, with what was sent, when the reminder mail goes or went, whether she has ordered again, and
// a WhatsApp chat with her, the message typed in. Never a gift unpaid, cancelled or whose buyer said
// "don't remind me"; owners and staff only.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { purchaseEvents, purchases, whatsappOptOuts } from "../../db/schema";
import { addDays, lagosNow, longDay } from "../../lib/lagos-calendar";
import { changePurchaseStatus } from "../../modules/orders/admin.server";
import { sendGiftReminders, stopGiftReminder } from "../../modules/orders/gift-reminders.server";
import { giftReminderDays } from "../../modules/orders/gift-rules";
import { setCustomerNote } from "../../modules/orders/customer-notes.server";
import { orderViewToken } from "../../modules/orders/order-links.server";
import { orderNumber } from "../../modules/orders/statuses";
import { createAdminUser, createDeliveryRate, createProduct, createStaffUser, createUser } from "../factories";
import { payGuestOrder, placeGuestOrder } from "../support/guest-order";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
let lga: string;
let owner: { id: string; role: "admin" };
let staff: { id: string; role: "staff" };
beforeAll(async () => {
  t = await createPagesContext();
  lga = (await createDeliveryRate(t.db, { lga: `Area ${crypto.randomUUID().slice(0, 6)}`, chargeKobo: 150_000 })).lga;
  owner = { id: (await createAdminUser(t.db)).id, role: "admin" };
  staff = { id: (await createStaffUser(t.db, { firstName: "Tolu", lastName: "Bakare" })).id, role: "staff" };
});

const today = () => lagosNow(new Date()).date;
/** A phone of her own: "ordered again" is found by the buyer's number. */
const newPhone = () => `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

/**
 * A gift of `title` ordered `daysAgo` days back (at 10 am Lagos) for Funke Bello, paid unless told
 * otherwise; `remindNextYear` unless told otherwise.
 */
async function gift(
  daysAgo: number,
  { title = "Calm Box", pay = true, remind = true, phone = newPhone(), recipientName = "Funke Bello" } = {},
) {
  const box = await createProduct(t.db, { title, stock: 100 });
  const orderedOn = addDays(today(), -daysAgo);
  const placed = await placeGuestOrder(t.db, t.env, {
    lga,
    productIds: [box.id],
    now: new Date(`${orderedOn}T10:00:00+01:00`),
    extra: { isGift: true, recipientName, recipientPhone: "0809 111 2233", remindNextYear: remind, phone },
  });
  if (pay) await payGuestOrder(t.db, t.env, placed.row);
  // the order's row keeps the clock's time of its insert: as if placed then
  await t.db
    .update(purchases)
    .set({ createdAt: new Date(`${orderedOn}T10:00:00+01:00`) })
    .where(eq(purchases.id, placed.row.id));
  return { ...placed.row, phone, orderedOn, day: giftReminderDays(orderedOn).nextYear };
}

type Row = {
  id: string;
  number: string;
  recipientName: string | null;
  day: string;
  daysLeft: number;
  sentFor: string;
  lines: { title: string; quantity: number }[];
  remindOn: string;
  remindedAt: string | null;
  orderedAgain: { id: string; number: string; on: string } | null;
  whatsappUrl: string;
  messaged: { at: string; by: string | null } | null;
};
const list = async (query = "", as: { id: string; role: "admin" | "staff" } = owner) => {
  const res = await t.page(`/api/gift-days?pageSize=100${query}`, { as });
  expect(res.status).toBe(200);
  return { rows: (await res.json()) as Row[], total: Number(res.headers.get("X-Total-Count")) };
};
const ids = (rows: Row[], mine: { id: string }[]) => rows.filter((r) => mine.some((m) => m.id === r.id)).map((r) => r.id);

describe("gift days", () => {
  it("lists the paid gifts whose day comes round within 30 days, soonest first, with what was sent and when she is reminded", async () => {
    // a year back, less 10 or 3 days: their days come round in 10 and 3 days
    const later = await gift(365 - 10, { title: "Gratitude Journal", recipientName: "Tolu Ade" });
    const sooner = await gift(365 - 3);
    const beyond = await gift(365 - 45);
    const unpaid = await gift(365 - 5, { pay: false });
    const cancelled = await gift(365 - 6);
    await changePurchaseStatus(t.db, cancelled.id, { status: "cancelled" }, owner.id, t.env);
    const stopped = await gift(365 - 7);
    await stopGiftReminder(t.db, t.env, stopped.id, { token: orderViewToken(t.env, stopped.id) });
    const notAsked = await gift(365 - 4, { remind: false });
    const { rows } = await list();
    expect(ids(rows, [later, sooner, beyond, unpaid, cancelled, stopped, notAsked])).toEqual([sooner.id, later.id]);
    const row = rows.find((r) => r.id === later.id)!;
    expect(row).toMatchObject({
      number: orderNumber(later.id),
      recipientName: "Tolu Ade",
      day: later.day,
      sentFor: later.orderedOn,
      lines: [{ title: "Gratitude Journal", quantity: 1 }],
      remindOn: addDays(later.day, -7),
      remindedAt: null,
      orderedAgain: null,
    });
    expect(row.daysLeft).toBeGreaterThanOrEqual(9);
    expect(row.daysLeft).toBeLessThanOrEqual(11);
    // a chat with her own number, the message typed in
    const url = new URL(row.whatsappUrl);
    expect(url.origin + url.pathname).toBe(`https://wa.me/${later.phone.slice(1)}`);
    expect(url.searchParams.get("text")).toBe(
      `Hello Ada, this is Alafia Self-Care. Tolu Ade's day comes round again on ${longDay(later.day)}. Last year you sent 1 × Gratitude Journal. Shall we put something together again? http://localhost:3000/products`,
    );
  });

  it("takes other dates, and refuses a date that is not one", async () => {
    const beyond = await gift(365 - 50);
    expect(ids((await list()).rows, [beyond])).toEqual([]);
    const { rows, total } = await list(`&from=${addDays(today(), 40)}&to=${addDays(today(), 60)}`);
    expect(ids(rows, [beyond])).toEqual([beyond.id]);
    expect(total).toBe(rows.length);
    const bad = await t.page("/api/gift-days?to=2026-02-31", { as: owner });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toEqual({ to: "Use a real date" });
  });

  it("says when the reminder went, and keeps the gift listed until its day", async () => {
    const reminded = await gift(365 - 5);
    // the reminder's pass, a week before the day: today it is due
    expect(await sendGiftReminders(t.db, t.env)).toBeGreaterThanOrEqual(1);
    const row = (await list()).rows.find((r) => r.id === reminded.id)!;
    expect(row.remindedAt).not.toBeNull();
  });

  it("marks a buyer who has ordered again since 30 days before the day, by her number however it was typed", async () => {
    const phone = newPhone();
    const again = await gift(365 - 12, { phone });
    const other = await gift(365 - 12);
    const box = await createProduct(t.db, { title: "Bath Salts", stock: 10 });
    // an order of hers 25 days ago: more than 30 days before the day (in 12 days), not counted
    const earlier = await placeGuestOrder(t.db, t.env, { lga, productIds: [box.id], now: new Date(), extra: { phone } });
    await payGuestOrder(t.db, t.env, earlier.row);
    await t.db
      .update(purchases)
      .set({ createdAt: new Date(`${addDays(today(), -25)}T10:00:00+01:00`) })
      .where(eq(purchases.id, earlier.row.id));
    // her new order, typed in the local way; not yet paid: not counted
    const local = `0${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}`;
    const placed = await placeGuestOrder(t.db, t.env, { lga, productIds: [box.id], now: new Date(), extra: { phone: local } });
    expect((await list()).rows.find((r) => r.id === again.id)!.orderedAgain).toBeNull();
    await payGuestOrder(t.db, t.env, placed.row);
    const { rows } = await list();
    expect(rows.find((r) => r.id === again.id)!.orderedAgain).toEqual({
      id: placed.row.id,
      number: orderNumber(placed.row.id),
      on: today(),
    });
    expect(rows.find((r) => r.id === other.id)!.orderedAgain).toBeNull();
  });

  it("the back office's page shows each gift day, the team's note about her and the WhatsApp button; staff see it too", async () => {
    const shown = await gift(365 - 8, { title: "Self-Care Cards", recipientName: "Bisi Cole" });
    await setCustomerNote(t.db, shown.id, { note: "Prefers pastel wrapping" }, owner.id);
    for (const as of [owner, staff]) {
      const res = await t.page(`/giftdays?q=${encodeURIComponent("Bisi Cole")}`, { as });
      expect(res.status).toBe(200);
      const page = (await res.text()).replace(/<!-- -->/g, "");
      expect(page).toContain(`Bisi Cole&#x27;s day · ${longDay(shown.day)}`);
      expect(page).toContain("1 × Self-Care Cards");
      expect(page).toContain(`Reminder mail on`);
      expect(page).toContain("Prefers pastel wrapping");
      expect(page).toContain('data-testid="whatsapp-buyer"');
      expect(page).toContain('href="/giftdays"');
      expect(page).toMatch(/data-testid="gift-days-count">1 gift day from/);
    }
    // a shopper's account is sent away
    const shopper = await createUser(t.db);
    expect((await t.page("/giftdays", { as: { id: shopper.id, role: "customer" } })).status).not.toBe(200);
  });
  it("a team member marks a buyer messaged: the list says who and when, the history keeps it, and no one marks her twice", async () => {
    const one = await gift(365 - 9);
    const mark = (id: string, as: { id: string; role: "admin" | "staff" }) =>
      t.page(`/api/gift-days/${id}/messaged`, { method: "POST", as });
    const res = await mark(one.id, staff);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ msg: "Marked as messaged" });
    const row = (await list()).rows.find((r) => r.id === one.id)!;
    expect(row.messaged?.by).toBe("Tolu Bakare");
    expect(Date.now() - Date.parse(row.messaged!.at)).toBeLessThan(60_000);
    const events = await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, one.id));
    expect(events.filter((e) => e.note?.startsWith("gift day:"))).toEqual([
      expect.objectContaining({ note: `gift day: buyer messaged about ${longDay(one.day)}`, actorId: staff.id }),
    ]);
    // again, by the owner: refused with who did it, nothing changed
    const again = await mark(one.id, owner);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { msg: string }).msg).toMatch(/^Tolu Bakare marked this buyer messaged already, /);
    expect((await list()).rows.find((r) => r.id === one.id)!.messaged).toEqual(row.messaged);

    // two at once: one mark, one refusal, one line in the history
    const both = await gift(365 - 9);
    const answers = await Promise.all([mark(both.id, owner), mark(both.id, staff)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const marks = await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, both.id));
    expect(marks.filter((e) => e.note?.startsWith("gift day:"))).toHaveLength(1);

    // not a gift day the list shows: not found
    const unpaid = await gift(365 - 9, { pay: false });
    expect((await mark(unpaid.id, owner)).status).toBe(404);
    expect((await mark(crypto.randomUUID(), owner)).status).toBe(404);

    // the page's button, posted before the script runs; then the card says who, with no button
    const shown = await gift(365 - 9, { recipientName: "Kike Lawal" });
    const posted = await t.page("/giftdays", {
      method: "POST",
      as: owner,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "messaged", id: shown.id }).toString(),
    });
    expect(posted.status).toBe(200);
    const page = (await (await t.page(`/giftdays?q=${encodeURIComponent("Kike Lawal")}`, { as: staff })).text()).replace(/<!-- -->/g, "");
    expect(page).toMatch(/data-testid="gift-day-messaged">Messaged by [^<]+, \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m</);
    expect(page).not.toContain("Mark as messaged");
    const fresh = (await (await t.page(`/giftdays?q=${encodeURIComponent("Funke Bello")}`, { as: staff })).text()).replace(/<!-- -->/g, "");
    expect(fresh).toContain("Mark as messaged");
  });
  it("a buyer whose number replied STOP to the shop's WhatsApp gets no WhatsApp button, and the card says so", async () => {
    const stopped = await gift(365 - 13, { recipientName: "Yemi Alade" });
    const open = await gift(365 - 13, { recipientName: "Yemi Alade" });
    await t.db.insert(whatsappOptOuts).values({ phone: stopped.phone });
    const { rows } = await list(`&q=${encodeURIComponent("Yemi Alade")}`);
    expect(rows.find((r) => r.id === stopped.id)!.whatsappUrl).toBeNull();
    expect(rows.find((r) => r.id === open.id)!.whatsappUrl).toMatch(/^https:\/\/wa\.me\//);
    const page = (await (await t.page(`/giftdays?q=${encodeURIComponent("Yemi Alade")}`, { as: owner })).text()).replace(/<!-- -->/g, "");
    expect(page.match(/data-testid="whatsapp-buyer"/g)).toHaveLength(1);
    expect(page).toContain("She replied STOP to the shop&#x27;s WhatsApp: write to her by mail or call her.");
  });
});
