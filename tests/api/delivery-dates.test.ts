import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import CartPage, { loader as cartLoader } from "../../app/routes/shop/cart";
import CheckoutPage, { loader as checkoutLoader } from "../../app/routes/shop/checkout";
import { encodeGuestCart } from "../../app/lib/guest-cart-cookie";
import { deliveryDays, deliverySlots, deliveryWindows, mailOutbox, purchases } from "../../db/schema";
import { addDays, lagosNow, shortDay } from "../../lib/lagos-calendar";
import { standardWouldSave } from "../../app/routes/shop/checkout-dates.server";
import { deliveryDatePicker } from "../../modules/delivery/schedule.server";
import { expireStalePurchases } from "../../modules/orders/expiry.server";
import { completeOrder } from "../../modules/orders/completion.server";
import { createDatedArea, createProduct } from "../factories";
import { placeGuestOrder } from "../support/guest-order";
import { createTestContext, routerContext, type TestContext } from "../support/test-app";

// Delivery on a chosen date (docs/product.md "Delivery on a chosen date"): which dates an area can
// meet is computed in Lagos time from an injected `now` (never the wall clock), across midnight and
// month and year ends; a day's capacity is never passed, however many checkouts run at once.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});

/** An area with delivery dates on: lead 1 day, 'order by 2 pm', unless told otherwise. */
const area = (overrides: Parameters<typeof createDatedArea>[1] = {}) => createDatedArea(t.db, { cutoffHour: 14, ...overrides });

/** A Lagos wall-clock time as an instant (Lagos is UTC+1 all year). */
const lagos = (local: string) => new Date(`${local}:00+01:00`);

const available = async (lga: string, now: Date) =>
  (await deliveryDatePicker(t.db, lga, now))!.choices.filter((c) => c.available).map((c) => c.date);
const reasonOf = async (lga: string, now: Date, date: string) =>
  (await deliveryDatePicker(t.db, lga, now))!.choices.find((c) => c.date === date)?.reason;

const guest = (lga: string, lines: { productId: string; quantity: number }[], extra: Record<string, unknown> = {}) => ({
  name: "Ada Obi",
  email: `ada.${crypto.randomUUID().slice(0, 8)}@example.ng`,
  phone: "0803 555 0142",
  street: "4 Admiralty Way",
  city: "Lekki",
  lga,
  lines,
  ...extra,
});
const links = () => t.env;
const place = (lga: string, productId: string, extra: Record<string, unknown>, now: Date) =>
  placeGuestOrder(t.db, links(), { lga, productIds: [productId], now, extra });

describe("lead time and cut-off, in Lagos time, from an injected now", () => {
  it("'order by 2 pm for tomorrow': 1:59 pm offers tomorrow; 2:00 pm offers the day after, tomorrow greyed out as cut-off", async () => {
    const a = await area();
    expect((await available(a.lga, lagos("2027-03-10T13:59")))[0]).toBe("2027-03-11");
    expect(await reasonOf(a.lga, lagos("2027-03-10T13:59"), "2027-03-10")).toBe("lead_time");
    expect((await available(a.lga, lagos("2027-03-10T14:00")))[0]).toBe("2027-03-12");
    expect(await reasonOf(a.lga, lagos("2027-03-10T14:00"), "2027-03-11")).toBe("cut_off");
  });

  it("across midnight: 00:30 in Lagos is already the next day (23:30 UTC the day before)", async () => {
    const a = await area();
    // 2027-02-28T23:30Z is 1 March, 00:30 in Lagos: tomorrow is 2 March, not 1 March as UTC would say
    const now = new Date("2027-02-28T23:30:00Z");
    expect(lagosNow(now)).toEqual({ date: "2027-03-01", hour: 0 });
    expect((await available(a.lga, now))[0]).toBe("2027-03-02");
    // 22:59 UTC on the 28th is 23:59 in Lagos: after the cut-off, so not 1 March but 2 March
    expect((await available(a.lga, new Date("2027-02-28T22:59:00Z")))[0]).toBe("2027-03-02");
    expect(await reasonOf(a.lga, new Date("2027-02-28T22:59:00Z"), "2027-03-01")).toBe("cut_off");
  });

  it("month and year ends: a late order on 31 December is for 2 January; a leap year's 28 February skips the 29th", async () => {
    const a = await area();
    expect((await available(a.lga, lagos("2027-12-31T15:00")))[0]).toBe("2028-01-02");
    expect((await available(a.lga, lagos("2027-12-31T09:00")))[0]).toBe("2028-01-01");
    expect((await available(a.lga, lagos("2028-02-28T16:00")))[0]).toBe("2028-03-01");
    expect(await reasonOf(a.lga, lagos("2028-02-28T16:00"), "2028-02-29")).toBe("cut_off");
    const slow = await area({ leadDays: 3, cutoffHour: null });
    expect((await available(slow.lga, lagos("2027-01-30T23:59")))[0]).toBe("2027-02-02");
    const picker = await deliveryDatePicker(t.db, slow.lga, lagos("2027-01-30T23:59"));
    expect(picker!.choices.map((c) => c.date).slice(0, 4)).toEqual(["2027-01-30", "2027-01-31", "2027-02-01", "2027-02-02"]);
    expect(picker!.choices[1]).toMatchObject({ available: false, reason: "lead_time", why: "Needs 3 days' notice" });
  });

  it("the order checks the same rules: a date past its cut-off is a 400 naming deliveryDate, the next one is taken", async () => {
    const a = await area();
    const p = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: null });
    const now = lagos("2027-04-30T14:05");
    await expect(place(a.lga, p.id, { deliveryDate: "2027-05-01" }, now)).rejects.toMatchObject({
      kind: "invalid",
      fields: { deliveryDate: "Cut-off 2 pm passed" },
    });
    await expect(place(a.lga, p.id, {}, now)).rejects.toMatchObject({ fields: { deliveryDate: "Choose a delivery date" } });
    const { row } = await place(a.lga, p.id, { deliveryDate: "2027-05-02", deliveryMethod: "express" }, now);
    expect(row).toMatchObject({ deliveryDate: "2027-05-02", deliveryWindow: null, deliverySlotFeeKobo: 0 });
    // beyond the 14 days offered, or not a day at all
    await expect(place(a.lga, p.id, { deliveryDate: "2027-05-14" }, now)).rejects.toMatchObject({
      fields: { deliveryDate: "Choose one of the dates offered" },
    });
    await expect(place(a.lga, p.id, { deliveryDate: "2027-02-30" }, now)).rejects.toMatchObject({ kind: "invalid" });
  });
});

describe("Standard takes 3–5 days: a sooner date is Express's", () => {
  it("the picker marks today to today + 2 Express only; the cut-off sentence says Express", async () => {
    const a = await area({ leadDays: 1, cutoffHour: 14 });
    const now = lagos("2027-05-10T09:00");
    const picker = (await deliveryDatePicker(t.db, a.lga, now))!;
    expect(picker.choices.slice(0, 4).map((c) => [c.date, c.available, c.expressOnly])).toEqual([
      ["2027-05-10", false, true],
      ["2027-05-11", true, true],
      ["2027-05-12", true, true],
      ["2027-05-13", true, false],
    ]);
    expect(picker.cutoff).toBe("Order by 2 pm (Lagos time) for next-day delivery with Express.");
    const slow = await area({ leadDays: 3, cutoffHour: 12 });
    expect((await deliveryDatePicker(t.db, slow.lga, now))!.cutoff).toBe("Order by 12 pm (Lagos time) for delivery in 3 days.");
  });

  it("Standard for tomorrow is a 400 naming deliveryDate and nothing is placed; Express takes it at its fee; Standard takes today + 3", async () => {
    const a = await area({ dateMode: "optional", leadDays: 0, cutoffHour: null });
    const p = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 2 });
    const today = lagosNow(new Date()).date;
    const buy = (extra: Record<string, unknown>) =>
      t.request("/api/purchases/create", { method: "POST", json: guest(a.lga, [{ productId: p.id, quantity: 1 }], extra) });
    const refused = await buy({ deliveryDate: addDays(today, 1) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      msg: `Standard delivery takes 3–5 days, so it can't reach you on ${shortDay(addDays(today, 1))}. Choose Express for that date, or a date from ${shortDay(addDays(today, 3))}.`,
      code: "invalid",
      fields: { deliveryDate: "Express only: choose Express or a later date" },
    });
    expect(await t.db.$count(purchases, eq(purchases.lga, a.lga))).toBe(0);
    // the same with the method named, and for today
    expect((await buy({ deliveryDate: today, deliveryMethod: "standard" })).status).toBe(400);

    const fast = await buy({ deliveryDate: addDays(today, 1), deliveryMethod: "express" });
    expect(fast.status).toBe(201);
    // ₦10,000 + 7.5% VAT + the area's ₦2,000 + the ₦3,000 express surcharge
    expect((await fast.json()).purchase).toMatchObject({
      deliveryDate: addDays(today, 1),
      deliveryMethod: "express",
      totalAmount: 10_000 + 750 + 5_000,
    });
    const later = await buy({ deliveryDate: addDays(today, 3) });
    expect(later.status).toBe(201);
    expect((await later.json()).purchase).toMatchObject({
      deliveryDate: addDays(today, 3),
      deliveryMethod: "standard",
      totalAmount: 10_000 + 750 + 2_000,
    });
  });

  it("the checkout page prices Standard without a date only Express reaches, says why and names Standard's first free day; with Express the date is kept", async () => {
    const a = await area({ dateMode: "optional", leadDays: 0, cutoffHour: null, dailyCapacity: 1 });
    const p = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: null });
    const today = lagosNow(new Date()).date;
    const tomorrow = addDays(today, 1);
    // Standard's first day (today + 3) is taken: the message sends her to the one after
    await place(a.lga, p.id, { deliveryDate: addDays(today, 3) }, new Date());
    const page = async (method: string) => {
      const url = `http://localhost:3000/checkout?lga=${encodeURIComponent(a.lga)}&method=${method}&date=${tomorrow}`;
      const request = new Request(url, { headers: { Cookie: `guest_cart=${encodeGuestCart([{ productId: p.id, quantity: 1 }])}` } });
      return checkoutLoader({ request, context: routerContext(t, null), params: {} } as never);
    };
    const standard = await page("standard");
    expect(standard.delivery).toMatchObject({
      date: null,
      problem: `Standard delivery takes 3–5 days, so it can't reach you on ${shortDay(tomorrow)}. Choose Express for that date, or a date from ${shortDay(addDays(today, 4))}.`,
    });
    expect(standard.summary.deliverySlot).toBeUndefined();
    const express = await page("express");
    expect(express.delivery).toMatchObject({ date: tomorrow, problem: null });
    expect(express.summary.deliverySlot).toMatchObject({ date: tomorrow });
  });
});

describe("Express for a date Standard also reaches: the checkout says what Standard would save", () => {
  it("Express for today + 3 has standardSaves = the surcharge and the page says so; Express for tomorrow, Standard, or no date: nothing", async () => {
    const a = await area({ dateMode: "optional", leadDays: 0, cutoffHour: null });
    const p = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: null });
    const today = lagosNow(new Date()).date;
    const page = async (method: string, date?: string) => {
      const url = `http://localhost:3000/checkout?lga=${encodeURIComponent(a.lga)}&method=${method}${date ? `&date=${date}` : ""}`;
      const request = new Request(url, { headers: { Cookie: `guest_cart=${encodeGuestCart([{ productId: p.id, quantity: 1 }])}` } });
      return checkoutLoader({ request, context: routerContext(t, null), params: {} } as never);
    };
    const far = await page("express", addDays(today, 3));
    // the area's ₦2,000 against Express's ₦2,000 + the ₦3,000 surcharge: the date arrives either way
    expect(far.summary.deliveryOptions).toEqual({ standard: 2_000, express: 5_000 });
    expect(far.standardSaves).toBe(300_000);
    expect((await page("express", addDays(today, 1))).standardSaves).toBe(0);
    expect((await page("express")).standardSaves).toBe(0);
    expect((await page("standard", addDays(today, 3))).standardSaves).toBe(0);
    // free delivery (a code or the shop's amount) makes both methods cost nothing: no saving to name
    expect(standardWouldSave(far.delivery, "express", { standard: 0, express: 0 })).toBe(0);

    const Stub = createRoutesStub([{ path: "/checkout", Component: () => createElement(CheckoutPage, { loaderData: far } as never) }]);
    const text = renderToString(createElement(Stub, { initialEntries: ["/checkout"] }))
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, "");
    // before the script runs she is sent to the Standard choice above (the button comes with the script)
    expect(text).toContain(
      `Standard delivery also arrives on ${shortDay(addDays(today, 3))}, for ₦3,000 less. Choose Standard above to pay less.`,
    );
  });
});

describe("the cart says what to expect before the checkout", () => {
  it("each area that takes dates has its note (choose a day, the cut-off with Express); an area without dates has none", async () => {
    const optional = await area({ dateMode: "optional", leadDays: 1, cutoffHour: 14 });
    const required = await area({ dateMode: "required", leadDays: 3, cutoffHour: null });
    const off = await area({ dateMode: "off" });
    const request = new Request("http://localhost:3000/cart", { headers: { Cookie: `delivery_area=${encodeURIComponent(optional.lga)}` } });
    const cart = await cartLoader({ request, context: routerContext(t, null), params: {} } as never);
    expect(cart.area).toBe(optional.lga);
    expect(cart.dateNotes[optional.lga]).toBe(
      "You can choose your delivery day at checkout. Order by 2 pm (Lagos time) for next-day delivery with Express.",
    );
    expect(cart.dateNotes[required.lga]).toBe("Choose your delivery day at checkout.");
    expect(cart.dateNotes).not.toHaveProperty(off.lga);
    const Stub = createRoutesStub([{ path: "/cart", Component: () => createElement(CartPage, { loaderData: cart } as never) }]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/cart"] })).replace(/<!-- -->/g, "");
    expect(html).toMatch(/data-testid="cart-date-note"[^>]*>You can choose your delivery day at checkout\. Order by 2 pm/);
  });
});

describe("blackout and peak days, windows and the price", () => {
  it("a blackout day is greyed out with its name; a peak day has its own capacity and fee, and the window its surcharge, in the total", async () => {
    const a = await area({ dailyCapacity: 5, leadDays: 0, cutoffHour: null });
    await t.db.insert(deliveryDays).values([
      { day: "2027-06-12", kind: "blackout", note: "Democracy Day" },
      { day: "2027-06-14", kind: "peak", note: "Father's Day rush", capacity: 1, feeKobo: 150_000 },
    ]);
    const [win] = await t.db.insert(deliveryWindows).values({ startHour: 9, endHour: 12, surchargeKobo: 100_000 }).returning();
    const now = lagos("2027-06-10T10:00");
    const picker = (await deliveryDatePicker(t.db, a.lga, now))!;
    expect(picker.choices.find((c) => c.date === "2027-06-12")).toMatchObject({
      available: false,
      reason: "blackout",
      why: "Democracy Day",
    });
    expect(picker.choices.find((c) => c.date === "2027-06-14")).toMatchObject({
      available: true,
      peak: "Father's Day rush",
      feeKobo: 150_000,
      capacity: 1,
    });
    const p = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: null });
    await expect(place(a.lga, p.id, { deliveryDate: "2027-06-12" }, now)).rejects.toMatchObject({
      fields: { deliveryDate: "Democracy Day" },
    });
    const { row } = await place(a.lga, p.id, { deliveryDate: "2027-06-14", deliveryWindow: win!.id }, now);
    // ₦10,000 + 7.5% VAT + ₦2,000 delivery + ₦1,500 peak + ₦1,000 window
    expect(row).toMatchObject({
      deliveryWindow: "9 am – 12 pm",
      deliverySlotFeeKobo: 250_000,
      totalKobo: 1_000_000 + 75_000 + 200_000 + 250_000,
    });
    // the peak day's capacity (1) is used, not the area's (5)
    await expect(place(a.lga, p.id, { deliveryDate: "2027-06-14" }, now)).rejects.toMatchObject({ kind: "conflict" });
    expect(await reasonOf(a.lga, now, "2027-06-14")).toBe("full");
    // a window that has begun today cannot be chosen for today
    await expect(
      place(a.lga, p.id, { deliveryDate: "2027-06-10", deliveryWindow: win!.id, deliveryMethod: "express" }, now),
    ).rejects.toMatchObject({
      fields: { deliveryWindow: "This window has begun" },
    });
    await t.db.delete(deliveryWindows);
  });

  it("an area without dates checks out as before, and refuses a date", async () => {
    const a = await area({ dateMode: "off" });
    const p = await createProduct(t.db, { stock: null });
    expect(await deliveryDatePicker(t.db, a.lga, new Date())).toBeNull();
    const plain = await t.request("/api/purchases/create", { method: "POST", json: guest(a.lga, [{ productId: p.id, quantity: 1 }]) });
    expect(plain.status).toBe(201);
    expect((await plain.json()).purchase).toMatchObject({ deliveryDate: null, deliveryWindow: null, deliverySlotFee: 0 });
    const dated = await t.request("/api/purchases/create", {
      method: "POST",
      json: guest(a.lga, [{ productId: p.id, quantity: 1 }], { deliveryDate: addDays(lagosNow(new Date()).date, 3) }),
    });
    expect(dated.status).toBe(400);
    expect((await dated.json()).fields).toEqual({ deliveryDate: "No dates for this area" });
  });
});

describe("capacity under concurrent checkouts", () => {
  it("RACE: 20 checkouts at once for the last 3 places of a day: exactly 3 orders, 17 clean 409s, never over capacity", async () => {
    // no cut-off and no lead time: the day is open whatever the wall clock says
    const a = await area({ dateMode: "optional", leadDays: 0, cutoffHour: null, dailyCapacity: 10 });
    const day = addDays(lagosNow(new Date()).date, 5);
    const p = await createProduct(t.db, { priceKobo: 500_000, discountKobo: 0, stock: null });
    const buy = (i: number) =>
      t.request("/api/purchases/create", {
        method: "POST",
        json: guest(a.lga, [{ productId: p.id, quantity: 1 }], { deliveryDate: day }),
        ip: `10.9.0.${i}`,
      });
    for (let i = 0; i < 7; i++) expect((await buy(i)).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => buy(100 + i)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(17);
    for (const r of refused)
      expect(await r.json()).toEqual({
        msg: expect.stringMatching(/^Sorry, \w{3} \d{1,2} \w{3} is fully booked for Area \w+\. Please choose another date\.$/),
        code: "conflict",
        fields: { deliveryDate: "Fully booked: choose another date" },
      });
    const [slot] = await t.db
      .select()
      .from(deliverySlots)
      .where(and(eq(deliverySlots.rateId, a.id), eq(deliverySlots.day, day)));
    expect(slot!.booked).toBe(10);
    expect(await t.db.$count(purchases, and(eq(purchases.lga, a.lga), eq(purchases.deliveryDate, day)))).toBe(10);
    expect(await reasonOf(a.lga, new Date(), day)).toBe("full");

    // an unpaid order that lapses gives its place back, once, like its stock
    const expired = await expireStalePurchases(t.db, new Date(Date.now() + 31 * 60_000));
    expect(expired).toBeGreaterThanOrEqual(10);
    const [after] = await t.db.select().from(deliverySlots).where(eq(deliverySlots.id, slot!.id));
    expect(after!.booked).toBe(0);
    expect(await expireStalePurchases(t.db, new Date(Date.now() + 31 * 60_000))).toBe(0);
    expect((await buy(200)).status).toBe(201);
  });

  it("a payment arriving after the order lapsed revives it only if its day still has room; otherwise a refund is due", async () => {
    const a = await area({ leadDays: 0, cutoffHour: null, dailyCapacity: 1 });
    const day = addDays(lagosNow(new Date()).date, 4);
    const p = await createProduct(t.db, { priceKobo: 500_000, discountKobo: 0, stock: null });
    const first = await place(a.lga, p.id, { deliveryDate: day }, new Date());
    await expireStalePurchases(t.db, new Date(Date.now() + 31 * 60_000));
    // someone else takes the only place meanwhile
    await place(a.lga, p.id, { deliveryDate: day }, new Date());
    const late = await completeOrder(
      t.db,
      first.row.id,
      { status: "success", amountKobo: first.row.totalKobo, currency: "NGN", transactionId: "late-1" },
      "webhook",
      { links: t.env },
    );
    expect(late.outcome).toBe("refund_due");
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, first.row.email));
    expect(mails.find((m) => m.kind === "order_refund_due")!.text).toContain("delivery date was fully booked");
    const [slot] = await t.db.select().from(deliverySlots).where(eq(deliverySlots.rateId, a.id));
    expect(slot!.booked).toBe(1);
  });
});

describe("the picker without JavaScript", () => {
  it("the checkout page renders the dates as radio buttons: the chosen one checked, the others she cannot have disabled with why", async () => {
    const a = await area({ dateMode: "optional", leadDays: 0, cutoffHour: null, dailyCapacity: 1 });
    const today = lagosNow(new Date()).date;
    const [chosen, holiday, full] = [addDays(today, 3), addDays(today, 4), addDays(today, 5)];
    await t.db.insert(deliveryDays).values({ day: holiday, kind: "blackout", note: "Eid holiday" });
    const p = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: null });
    await place(a.lga, p.id, { deliveryDate: full }, new Date());
    const cookie = `guest_cart=${encodeGuestCart([{ productId: p.id, quantity: 1 }])}`;
    const request = new Request(`http://localhost:3000/checkout?lga=${encodeURIComponent(a.lga)}&date=${chosen}`, {
      headers: { Cookie: cookie },
    });
    const loaderData = await checkoutLoader({ request, context: routerContext(t, null), params: {} } as never);
    expect(loaderData.delivery).toMatchObject({ date: chosen, problem: null });
    const Stub = createRoutesStub([{ path: "/checkout", Component: () => createElement(CheckoutPage, { loaderData } as never) }]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/checkout"] })).replace(/<!-- -->/g, "");
    const input = (date: string) => new RegExp(`<input[^>]*name="deliveryDate"[^>]*value="${date}"[^>]*>`).exec(html)?.[0] ?? "";
    expect(input(chosen)).toMatch(/checked=""/);
    expect(input(holiday)).toMatch(/disabled=""/);
    expect(input(full)).toMatch(/disabled=""/);
    expect(input(addDays(today, 6))).not.toMatch(/disabled=""/);
    // with Standard, tomorrow reads 'Express only' and can still be picked (the order then asks for Express)
    expect(input(addDays(today, 1))).not.toMatch(/disabled=""/);
    expect(html).toMatch(new RegExp(`data-testid="date-${addDays(today, 1)}"[^>]*data-express-only="true"`));
    const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain("Eid holiday");
    expect(text).toContain("Fully booked");
    expect(text).toContain("Express only");
    expect(text).toContain("No particular date");
    expect(text).toMatch(/Delivery on \w{3} \d{1,2} \w{3} No extra/);
  });
});
