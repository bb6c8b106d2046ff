// Unpaid checkouts won back (docs/product.md "Unpaid checkouts"), with fake time: the checkout is
// cancelled at 30 minutes as before; its buyer gets 'your order is saved' then, and one more mail
// at 24 hours (with the owner's code), and nothing else: none after payment, none to a shopper who
// opted out, none while she is paying another order by transfer, none twice with several servers;
// and the owner's list of them finds the shopper she searched for.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, purchases } from "../../db/schema";
import { remindUnpaidCheckouts, stopReminders, FIRST_REMINDER_MS } from "../../modules/orders/checkout-reminders.server";
import { completePurchase } from "../../modules/orders/completion.server";
import { expireStalePurchases, PAYMENT_WINDOW_MS } from "../../modules/orders/expiry.server";
import { addDays, lagosNow, shortDay } from "../../lib/lagos-calendar";
import { reviveCheckout, resumeView } from "../../modules/orders/resume.server";
import {
  checkoutAddress,
  createCartItem,
  createDeliveryRate,
  createDiscountCode,
  createProduct,
  createPurchase,
  createUser,
  stockOf,
} from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestContext();
  admin = await createUser(t.db, { role: "admin" });
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
});

const MIN = 60_000;
const HOUR = 60 * MIN;

/** An online checkout placed now by a new shopper; `at(ms)` is that long after it was placed. */
async function checkout(quantity = 1, stock = 5) {
  const user = await createUser(t.db);
  const product = await createProduct(t.db, { title: "Stress Relief Box", priceKobo: 2_000_000, discountKobo: 0, stock });
  await createCartItem(t.db, user.id, product.id, quantity);
  const res = await t.request("/api/purchases/create", { method: "POST", as: user, json: checkoutAddress });
  expect(res.status).toBe(201);
  const { reference, purchase } = await res.json();
  const [row] = await t.db.select().from(purchases).where(eq(purchases.id, purchase.id));
  const at = (ms: number) => new Date(row!.createdAt.getTime() + ms);
  return { user, product, reference: reference as string, id: purchase.id as string, total: purchase.totalAmount as number, at };
}

/** One tick of the timer at `now`: lapse what is due, then remind. */
async function tick(now: Date) {
  await expireStalePurchases(t.db, now);
  return remindUnpaidCheckouts(t.db, t.env, now);
}

const remindersTo = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) => m.kind.startsWith("checkout_reminder"));

const paid = (total: number) => ({
  status: "success" as const,
  amountKobo: Math.round(total * 100),
  currency: "NGN",
  transactionId: "SBX-paid",
});

describe("the reminder schedule", () => {
  it("the first reminder is due as the payment window closes", () => {
    expect(FIRST_REMINDER_MS).toBe(PAYMENT_WINDOW_MS);
  });

  it("sends 'your order is saved' at 30 minutes and one more at 24 hours, and nothing else", async () => {
    const { user, at, id } = await checkout();
    await tick(at(29 * MIN));
    expect(await remindersTo(user.email)).toHaveLength(0);
    await tick(at(31 * MIN));
    const [first] = await remindersTo(user.email);
    expect(first).toMatchObject({ kind: "checkout_reminder_1", subject: "Your Alafia Self-Care order is saved: complete it here" });
    expect(first!.text).toContain("Stress Relief Box");
    expect(first!.text).toMatch(new RegExp(`Complete it here: http://localhost:3000/resume/${id}\\?e=\\d+&t=[\\w-]+\\n`));
    expect(first!.text).toMatch(/No more reminders about unpaid orders: http:\/\/localhost:3000\/reminders\/stop\?email=/);
    for (const later of [32 * MIN, 2 * HOUR, 23 * HOUR + 59 * MIN]) await tick(at(later));
    expect(await remindersTo(user.email)).toHaveLength(1);
    await tick(at(24 * HOUR + MIN));
    const mails = await remindersTo(user.email);
    expect(mails.map((m) => m.kind)).toEqual(["checkout_reminder_1", "checkout_reminder_2"]);
    for (const later of [25 * HOUR, 3 * 24 * HOUR, 8 * 24 * HOUR]) await tick(at(later));
    expect(await remindersTo(user.email)).toHaveLength(2);
    const [row] = await t.db.select().from(purchases).where(eq(purchases.id, id));
    expect(row!.reminderCount).toBe(2);
  });

  it("the 24-hour reminder carries the owner's discount code, in the mail and in its link", async () => {
    const code = await createDiscountCode(t.db, {
      code: `COMEBACK${crypto.randomUUID().slice(0, 4).toUpperCase()}`,
      kind: "percent",
      percent: 10,
      amountKobo: null,
    });
    const set = await t.request("/api/unpaid-checkouts/settings", {
      method: "PUT",
      as: admin,
      json: { secondReminderCode: code.code.toLowerCase() },
    });
    expect(await set.json()).toEqual({ secondReminderCode: code.code });
    const unknown = await t.request("/api/unpaid-checkouts/settings", {
      method: "PUT",
      as: admin,
      json: { secondReminderCode: "NOSUCHCODE" },
    });
    expect(unknown.status).toBe(400);
    try {
      const { user, at } = await checkout();
      await tick(at(31 * MIN));
      expect((await remindersTo(user.email))[0]!.text).not.toContain(code.code);
      await tick(at(24 * HOUR + MIN));
      const second = (await remindersTo(user.email))[1]!;
      expect(second.text).toContain(`Use code ${code.code} for 10% off`);
      expect(second.text).toContain(`&code=${code.code}`);
    } finally {
      await t.request("/api/unpaid-checkouts/settings", { method: "PUT", as: admin, json: { secondReminderCode: "" } });
    }
  });

  it("several servers ticking at once send each reminder once", async () => {
    const { user, at } = await checkout();
    await expireStalePurchases(t.db, at(31 * MIN));
    await Promise.all(Array.from({ length: 5 }, () => remindUnpaidCheckouts(t.db, t.env, at(31 * MIN))));
    expect(await remindersTo(user.email)).toHaveLength(1);
    await Promise.all(Array.from({ length: 5 }, () => remindUnpaidCheckouts(t.db, t.env, at(24 * HOUR + MIN))));
    expect(await remindersTo(user.email)).toHaveLength(2);
  });
});

describe("no reminder", () => {
  it("for an order paid in its window", async () => {
    const { user, at, reference, total } = await checkout();
    expect((await completePurchase(t.db, reference, paid(total), "webhook", { links: t.env })).outcome).toBe("completed");
    for (const later of [31 * MIN, 24 * HOUR + MIN]) await tick(at(later));
    expect(await remindersTo(user.email)).toHaveLength(0);
  });

  it("after the order was paid through the first reminder's link", async () => {
    const { user, at, id, reference, total, product } = await checkout(2);
    await tick(at(31 * MIN));
    expect(await stockOf(t.db, product.id)).toBe(5);
    const { row } = await reviveCheckout(t.db, t.env, id, { now: at(2 * HOUR) });
    expect(row.status).toBe("pending");
    expect(await stockOf(t.db, product.id)).toBe(3);
    expect((await completePurchase(t.db, reference, paid(total), "webhook", { links: t.env })).outcome).toBe("completed");
    for (const later of [24 * HOUR + MIN, 48 * HOUR]) await tick(at(later));
    expect((await remindersTo(user.email)).map((m) => m.kind)).toEqual(["checkout_reminder_1"]);
  });

  it("to a shopper who opted out, before the first or after it", async () => {
    const before = await checkout();
    await stopReminders(t.db, before.user.email.toUpperCase());
    const after = await checkout();
    await tick(after.at(31 * MIN));
    await stopReminders(t.db, after.user.email);
    await tick(after.at(24 * HOUR + MIN));
    expect(await remindersTo(before.user.email)).toHaveLength(0);
    expect((await remindersTo(after.user.email)).map((m) => m.kind)).toEqual(["checkout_reminder_1"]);
  });

  it("while she has a bank transfer pending", async () => {
    const { user, at } = await checkout();
    const product = await createProduct(t.db);
    // an earlier order of hers, waiting for her transfer
    await createPurchase(t.db, user, [{ product, quantity: 1 }], {
      status: "pending",
      paidAt: null,
      paymentMethod: "transfer",
      createdAt: at(-HOUR),
      expiresAt: at(23 * HOUR),
    });
    for (const later of [31 * MIN, 24 * HOUR + MIN]) await tick(at(later));
    expect(await remindersTo(user.email)).toHaveLength(0);
  });

  it("for an order the shop cancelled, and only for her latest checkout", async () => {
    const cancelled = await checkout();
    await t.request(`/api/purchases/${cancelled.id}/status`, { method: "PATCH", as: admin, json: { status: "cancelled" } });
    await tick(cancelled.at(31 * MIN));
    expect(await remindersTo(cancelled.user.email)).toHaveLength(0);

    const first = await checkout();
    // she checks out again (the first one is replaced); only the second is reminded about
    await createCartItem(t.db, first.user.id, (await createProduct(t.db, { stock: 3 })).id, 1);
    const again = await t.request("/api/purchases/create", { method: "POST", as: first.user, json: checkoutAddress });
    const secondId = (await again.json()).purchase.id;
    await tick(first.at(40 * MIN));
    const mails = await remindersTo(first.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/resume/${secondId}`);
  });
});

describe("the 'complete it here' link's order", () => {
  it("holds the stock again for 30 minutes; an order that is gone meanwhile says what is short and is priced again", async () => {
    const { id, at, product, total } = await checkout(3, 4);
    await tick(at(31 * MIN));
    // someone buys 2 of the 4 while hers is cancelled: 2 of her 3 are still there
    await t.db
      .update((await import("../../db/schema")).products)
      .set({ stock: 2 })
      .where(eq((await import("../../db/schema")).products.id, product.id));
    const { row, notes } = await reviveCheckout(t.db, t.env, id, { now: at(HOUR) });
    expect(notes).toEqual(["Only 2 left of Stress Relief Box (you had 3)."]);
    expect(row.status).toBe("pending");
    expect(row.expiresAt!.getTime()).toBe(at(HOUR).getTime() + PAYMENT_WINDOW_MS);
    expect(row.totalKobo).toBeLessThan(Math.round(total * 100));
    expect(row.subtotalKobo).toBe(4_000_000);
    expect(await stockOf(t.db, product.id)).toBe(0);
    // taking it up twice changes nothing more
    expect((await reviveCheckout(t.db, t.env, id, { now: at(HOUR + MIN) })).row.totalKobo).toBe(row.totalKobo);
    expect(await stockOf(t.db, product.id)).toBe(0);
  });

  it("refuses an order whose items are all gone, one the shop cancelled, and a paid one", async () => {
    const gone = await checkout(1, 1);
    await tick(gone.at(31 * MIN));
    await t.db
      .update((await import("../../db/schema")).products)
      .set({ stock: 0 })
      .where(eq((await import("../../db/schema")).products.id, gone.product.id));
    await expect(reviveCheckout(t.db, t.env, gone.id, { now: gone.at(HOUR) })).rejects.toThrow(/sold out since/);

    const shop = await checkout();
    await t.request(`/api/purchases/${shop.id}/status`, { method: "PATCH", as: admin, json: { status: "cancelled" } });
    await expect(reviveCheckout(t.db, t.env, shop.id)).rejects.toThrow(/can no longer be completed/);

    const done = await checkout();
    await completePurchase(t.db, done.reference, paid(done.total), "webhook", { links: t.env });
    await expect(reviveCheckout(t.db, t.env, done.id)).rejects.toThrow(/already paid/);
  });

  it("adds the reminder's code to an order without one, and the code's use is held", async () => {
    const code = await createDiscountCode(t.db, {
      code: `SAVE${crypto.randomUUID().slice(0, 4).toUpperCase()}`,
      kind: "fixed",
      amountKobo: 500_000,
    });
    const { id, at, total } = await checkout();
    await tick(at(31 * MIN));
    const { row } = await reviveCheckout(t.db, t.env, id, { code: code.code, now: at(25 * HOUR) });
    expect(row.discountCode).toBe(code.code);
    expect(row.codeDiscountKobo).toBe(500_000);
    expect(row.totalKobo).toBeLessThan(Math.round(total * 100));
    const { discountRedemptions } = await import("../../db/schema");
    const [held] = await t.db.select().from(discountRedemptions).where(eq(discountRedemptions.purchaseId, id));
    expect(held).toMatchObject({ status: "held", discountKobo: 500_000 });
  });

  it("a delivery date that has passed, or a day now fully booked, is said plainly and nothing is held", async () => {
    const { deliveryRates, deliverySlots, products: productsTable } = await import("../../db/schema");
    const passed = await checkout();
    await tick(passed.at(31 * MIN));
    await t.db.update(purchases).set({ deliveryDate: "2020-01-06" }).where(eq(purchases.id, passed.id));
    await expect(reviveCheckout(t.db, t.env, passed.id, { now: passed.at(HOUR) })).rejects.toThrow(/delivery date, .* has passed/);
    expect(await stockOf(t.db, passed.product.id)).toBe(5);

    const booked = await checkout();
    await tick(booked.at(31 * MIN));
    const [rate] = await t.db.select().from(deliveryRates).where(eq(deliveryRates.lga, "Ikeja"));
    await t.db.update(deliveryRates).set({ dailyCapacity: 1 }).where(eq(deliveryRates.id, rate!.id));
    try {
      const [slot] = await t.db.insert(deliverySlots).values({ rateId: rate!.id, day: "2099-12-30", booked: 1 }).returning();
      await t.db.update(purchases).set({ deliveryDate: "2099-12-30", deliverySlotId: slot!.id }).where(eq(purchases.id, booked.id));
      await expect(reviveCheckout(t.db, t.env, booked.id, { now: booked.at(HOUR) })).rejects.toThrow(/is now fully booked/);
      expect((await t.db.select().from(productsTable).where(eq(productsTable.id, booked.product.id)))[0]!.stock).toBe(5);
      expect((await t.db.select().from(purchases).where(eq(purchases.id, booked.id)))[0]!.status).toBe("cancelled");
      // a place frees up: the order takes it with its items
      await t.db.update(deliverySlots).set({ booked: 0 }).where(eq(deliverySlots.id, slot!.id));
      expect((await reviveCheckout(t.db, t.env, booked.id, { now: booked.at(HOUR) })).row.status).toBe("pending");
      expect((await t.db.select().from(deliverySlots).where(eq(deliverySlots.id, slot!.id)))[0]!.booked).toBe(1);
    } finally {
      await t.db.update(deliveryRates).set({ dailyCapacity: null }).where(eq(deliveryRates.id, rate!.id));
    }
  });

  it("a Standard date now sooner than Standard's 3–5 days is said plainly and nothing is held; three days out, or Express, goes on", async () => {
    // docs/product.md "Delivery on a chosen date": the checkout's rule holds when she comes back too
    const at = async (order: Awaited<ReturnType<typeof checkout>>, set: Partial<typeof purchases.$inferInsert>) => {
      await t.db.update(purchases).set(set).where(eq(purchases.id, order.id));
      return (await t.db.select().from(purchases).where(eq(purchases.id, order.id)))[0]!;
    };
    const soon = await checkout();
    await tick(soon.at(31 * MIN));
    const now = soon.at(HOUR);
    const inTwoDays = addDays(lagosNow(now).date, 2);
    const view = await resumeView(t.db, await at(soon, { deliveryDate: inTwoDays }), null, now);
    const said = `Standard delivery takes 3–5 days, so it can no longer reach you on ${shortDay(inTwoDays)}. Please place a new order and choose Express for that date, or a later date.`;
    expect([view.state, view.problems]).toEqual(["closed", [said]]);
    await expect(reviveCheckout(t.db, t.env, soon.id, { now })).rejects.toThrow(said);
    expect(await stockOf(t.db, soon.product.id)).toBe(5);

    const inThreeDays = await at(soon, { deliveryDate: addDays(lagosNow(now).date, 3) });
    expect((await resumeView(t.db, inThreeDays, null, now)).state).toBe("saved");
    expect((await reviveCheckout(t.db, t.env, soon.id, { now })).row.status).toBe("pending");
    expect(await stockOf(t.db, soon.product.id)).toBe(4);

    const express = await checkout();
    await tick(express.at(31 * MIN));
    const expressRow = await at(express, { deliveryMethod: "express", deliveryDate: addDays(lagosNow(express.at(HOUR)).date, 2) });
    expect((await resumeView(t.db, expressRow, null, express.at(HOUR))).state).toBe("saved");
    expect((await reviveCheckout(t.db, t.env, express.id, { now: express.at(HOUR) })).row.status).toBe("pending");
  });
});

describe("the owner's list of unpaid checkouts", () => {
  it("finds a shopper by her email, her name or her number as typed, and only her", async () => {
    const placed = async (email: string, phone: string) => {
      const user = await createUser(t.db, { email });
      const product = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 5 });
      await createCartItem(t.db, user.id, product.id, 1);
      const res = await t.request("/api/purchases/create", { method: "POST", as: user, json: { ...checkoutAddress, phone } });
      expect(res.status).toBe(201);
      return user;
    };
    // her email has a 7 in it, and so do other shoppers' numbers
    const bisi = await placed("bisi.7hkbg@example.ng", "0809 111 2233");
    const ada = await placed("ada.okafor@example.ng", "0802 777 3311");
    const found = async (q: string) => {
      const res = await t.request(`/api/unpaid-checkouts?q=${encodeURIComponent(q)}`, { as: admin });
      expect(res.status).toBe(200);
      return ((await res.json()) as { email: string }[]).map((r) => r.email);
    };
    expect(await found("bisi.7hkbg@example.ng")).toEqual([bisi.email]);
    expect(await found(bisi.firstName)).toContain(bisi.email);
    expect(await found("0802 777 3311")).toEqual([ada.email]);
    expect(await found("+234 802 777 3311")).toEqual([ada.email]);
    expect(await found("777-3311")).toEqual([ada.email]);
  });

  it("finds her checkout by the order number her reminder gives, or its payment reference, and only hers", async () => {
    const placed = async (email: string) => {
      const user = await createUser(t.db, { email });
      await createCartItem(t.db, user.id, (await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 5 })).id, 1);
      const res = await t.request("/api/purchases/create", { method: "POST", as: user, json: checkoutAddress });
      expect(res.status).toBe(201);
      const body: { purchase: { id: string }; reference: string } = await res.json();
      return { email, number: body.purchase.id.slice(0, 8), reference: body.reference };
    };
    const funmi = await placed("funmi@numbers.ng");
    const kike = await placed("kike@numbers.ng");
    const found = async (q: string) =>
      ((await (await t.request(`/api/unpaid-checkouts?q=${encodeURIComponent(q)}`, { as: admin })).json()) as { email: string }[]).map(
        (r) => r.email,
      );
    expect(await found(`#${funmi.number.toUpperCase()}`)).toEqual([funmi.email]);
    expect(await found(kike.number)).toEqual([kike.email]);
    expect(await found(funmi.reference)).toEqual([funmi.email]);
  });
});
