// docs/product.md "Part payments" ("A new day for the rest"): she calls to say the rest comes next
// Friday. The team agrees a new day for a part-paid order's rest without any money: sets it, moves it
// or clears it, from the order page or the API; she is told a new day; the reminder follows it;
// anything but a part-paid order waiting for its rest is refused, and a refusal changes nothing.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, purchaseEvents, purchases } from "../../db/schema";
import { addDays, lagosNow, longDay, shortDay } from "../../lib/lagos-calendar";
import { remindRestDue } from "../../modules/orders/rest-reminders.server";
import { agreeRestDue } from "../../modules/orders/rest-due.server";
import { orderNumber } from "../../modules/orders/statuses";
import { renderTemplate } from "../../modules/whatsapp/templates";
import { createAdminUser, createProduct, createPurchase, createStaffUser, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
let admin: Awaited<ReturnType<typeof createAdminUser>>;
beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  admin = await createAdminUser(t.db);
});

const today = () => lagosNow(new Date()).date;
const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString("en-NG")}`;
const rowOf = async (id: string) => (await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;
const historyOf = async (id: string) => await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, id));
const mailsOf = (email: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "order_rest_due_day")));
const putDay = (id: string, body: unknown, as: { id: string; role: "admin" | "staff" | "customer" } = admin) =>
  t.page(`/api/purchases/${id}/rest-due`, {
    method: "PUT",
    as,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const formDay = (id: string, restDueOn: string) =>
  t.page(`/viewpurchase/${id}`, {
    method: "POST",
    as: admin,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "rest-due", restDueOn }).toString(),
  });

/** An order of four boxes with ₦100,000 paid of it, waiting for the rest. */
async function partPaid(extra: Partial<typeof purchases.$inferInsert> = {}) {
  const buyer = await createUser(t.db);
  const box = await createProduct(t.db, { priceKobo: 5_000_000, discountKobo: 0, stock: 50 });
  return createPurchase(t.db, buyer, [{ product: box, quantity: 4 }], {
    status: "pending",
    paidAt: null,
    paymentMethod: "transfer",
    depositKobo: 10_000_000,
    ...extra,
  });
}

describe("a new day agreed for the rest", () => {
  it("is set, moved and cleared through the API by the team; she is told each new day; the history keeps who and when", async () => {
    const p = await partPaid({ whatsappOptIn: true, phone: "0803 555 0142" });
    const left = naira(p.totalKobo - 10_000_000);
    const friday = addDays(today(), 4);
    const res = await putDay(p.id, { restDueOn: friday });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: p.id, restDueOn: friday, restOverdue: false });
    expect((await rowOf(p.id)).restDueOn).toBe(friday);

    const [mail, ...more] = await mailsOf(p.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Your Alafia Self-Care order #${orderNumber(p.id)}: the rest is now due by ${shortDay(friday)}`);
    expect(mail!.text).toContain(
      `As agreed with us, the ${left} left to pay on your order #${orderNumber(p.id)} is now due by ${longDay(friday)}. You have paid ₦100,000 of ${naira(p.totalKobo)}`,
    );
    expect(mail!.whatsapp).toMatchObject({ to: "+2348035550142", template: "order_update" });
    expect(renderTemplate(mail!.whatsapp!)).toContain(
      `order #${orderNumber(p.id)} has ${left} left to pay, now due by ${shortDay(friday)}.`,
    );

    // moved by staff: the history names the change, and her mail the new day
    const staff = await createStaffUser(t.db);
    const later = addDays(today(), 9);
    expect((await putDay(p.id, { restDueOn: later }, staff)).status).toBe(200);
    const history = await historyOf(p.id);
    expect(history.map((e) => e.note)).toEqual(
      expect.arrayContaining([
        `day for the rest: no day → ${shortDay(friday)} (${left} left to pay)`,
        `day for the rest: ${shortDay(friday)} → ${shortDay(later)} (${left} left to pay)`,
      ]),
    );
    expect(history.find((e) => e.note?.includes(`→ ${shortDay(later)}`))!.actorId).toBe(staff.id);
    expect((await mailsOf(p.email)).map((m) => m.subject)).toContain(
      `Your Alafia Self-Care order #${orderNumber(p.id)}: the rest is now due by ${shortDay(later)}`,
    );

    // cleared: no day, nothing mailed
    expect(await (await putDay(p.id, { restDueOn: null })).json()).toMatchObject({ restDueOn: null });
    expect((await historyOf(p.id)).map((e) => e.note)).toContain(`day for the rest: ${shortDay(later)} → no day (${left} left to pay)`);
    expect(await mailsOf(p.email)).toHaveLength(2);
  });

  it("from the order page's form: the day shown and saved, blank clears it", async () => {
    const p = await partPaid();
    const page = (await (await t.page(`/viewpurchase/${p.id}`, { as: admin })).text()).replace(/<!-- -->/g, "");
    expect(page).toContain('data-testid="rest-due-form"');
    expect(page).toContain("Day for the rest");

    const day = addDays(today(), 3);
    const saved = await formDay(p.id, day);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(`The rest is now due by ${shortDay(day)}; the customer has been emailed`);
    expect((await rowOf(p.id)).restDueOn).toBe(day);
    const again = (await (await t.page(`/viewpurchase/${p.id}`, { as: admin })).text()).replace(/<!-- -->/g, "");
    expect(again).toContain(`value="${day}"`);
    expect(again).toMatch(new RegExp(`data-testid="rest-due"[^>]*>${shortDay(day)}<`));

    const cleared = await formDay(p.id, "");
    expect(await cleared.text()).toContain("No day agreed for the rest now");
    expect((await rowOf(p.id)).restDueOn).toBeNull();
    // an order with no part: no such form
    const whole = await createPurchase(t.db, await createUser(t.db), [{ product: await createProduct(t.db), quantity: 1 }], {
      status: "pending",
      paidAt: null,
      paymentMethod: "transfer",
    });
    expect(await (await t.page(`/viewpurchase/${whole.id}`, { as: admin })).text()).not.toContain('data-testid="rest-due-form"');
  });

  it("is followed by the reminders: a day moved after her reminder tells her the day before and reminds her on the new day", async () => {
    const lagos = (local: string) => new Date(`${local}:00+01:00`);
    const p = await partPaid({ restDueOn: "2027-04-06" });
    expect(await remindRestDue(t.db, t.env, lagos("2027-04-06T10:00"))).toBeGreaterThanOrEqual(1);
    await agreeRestDue(t.db, t.env, p.id, { restDueOn: "2027-04-09" }, admin.id, lagos("2027-04-06T16:00"));
    // the day before the new day: a heads-up
    expect(await remindRestDue(t.db, t.env, lagos("2027-04-08T10:00"))).toBeGreaterThanOrEqual(1);
    expect(await remindRestDue(t.db, t.env, lagos("2027-04-09T10:00"))).toBeGreaterThanOrEqual(1);
    const reminders = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, p.email), eq(mailOutbox.kind, "order_rest_due")))
      .orderBy(mailOutbox.createdAt);
    expect(reminders.map((m) => m.subject.replace(/.*, due /, ""))).toEqual(["today", "tomorrow", "today"]);
    expect(reminders.map((m) => m.text).join("\n")).toContain(`is due today, ${longDay("2027-04-09")}`);
  });

  it("refuses a day out of range, a missing or same day, and an order that waits for no rest; nothing changes", async () => {
    const p = await partPaid({ restDueOn: addDays(today(), 2) });
    const before = await rowOf(p.id);
    const refused = async (body: unknown, status: number, words: string, field = true) => {
      const res = await putDay(p.id, body);
      expect(res.status).toBe(status);
      const answer = (await res.json()) as { msg: string; fields?: Record<string, string> };
      expect(`${answer.msg} ${answer.fields?.restDueOn ?? ""}`).toContain(words);
      if (field) expect(answer.fields?.restDueOn).toBeTruthy();
    };
    await refused({ restDueOn: addDays(today(), -1) }, 400, "Rest due by: choose today or a later day");
    await refused({ restDueOn: addDays(today(), 366) }, 400, "Rest due by: choose a day within a year");
    await refused({ restDueOn: "2027-02-30" }, 400, "Use a real date");
    await refused({}, 400, "give a day like 2026-01-31, or null for none");
    await refused({ restDueOn: addDays(today(), 2) }, 400, `The rest is already due by ${shortDay(addDays(today(), 2))}.`);
    await refused({ restDueOn: addDays(today(), 5), total: 1 }, 400, "", false);
    expect(await rowOf(p.id)).toEqual(before);
    expect(await mailsOf(p.email)).toHaveLength(0);

    const conflict = async (extra: Partial<typeof purchases.$inferInsert>, words: string) => {
      const other = await partPaid(extra);
      const res = await putDay(other.id, { restDueOn: addDays(today(), 5) });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { msg: string }).msg).toBe(words);
      expect((await rowOf(other.id)).restDueOn).toBe(extra.restDueOn ?? null);
    };
    await conflict({ depositKobo: 0 }, "A day for the rest is for an order part paid: record a part payment first.");
    await conflict({ status: "completed", paidAt: new Date() }, "This order is paid: it has no rest to pay.");
    await conflict({ status: "cancelled" }, "This order is cancelled: it has no rest to pay.");
    expect((await putDay(crypto.randomUUID(), { restDueOn: addDays(today(), 5) })).status).toBe(404);
    // a shopper, even the order's own, cannot set it
    const mine = await partPaid();
    const res = await putDay(mine.id, { restDueOn: addDays(today(), 5) }, { id: mine.userId!, role: "customer" });
    expect(res.status).toBe(403);
    expect((await rowOf(mine.id)).restDueOn).toBeNull();
  });
});
