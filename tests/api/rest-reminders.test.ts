// docs/product.md "Part payments": a part-paid order whose rest is due on the day agreed with her
// tells her the day before and reminds her once that morning (Lagos daytime), by mail and on
// WhatsApp when she asked for her updates there; never for an order paid or cancelled; a day gone by
// while no server ran is reminded late, saying so; a day moved later does both again; a day set for
// tomorrow is told by the mail that sets it, with no heads-up after it.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, purchaseEvents, purchases } from "../../db/schema";
import { remindRestDue } from "../../modules/orders/rest-reminders.server";
import { agreeRestDue } from "../../modules/orders/rest-due.server";
import { recordManualPayment } from "../../modules/orders/manual-payments.server";
import { orderNumber } from "../../modules/orders/statuses";
import { renderTemplate } from "../../modules/whatsapp/templates";
import { createAdminUser, createProduct, createPurchase, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});

/** A Lagos wall-clock time as an instant. */
const lagos = (local: string) => new Date(`${local}:00+01:00`);
const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString("en-NG")}`;

/** An order part paid (₦100,000 of it), waiting for the rest by `restDueOn`. */
async function partPaid(restDueOn: string, extra: Partial<typeof purchases.$inferInsert> = {}) {
  const buyer = await createUser(t.db);
  const box = await createProduct(t.db, { priceKobo: 5_000_000, discountKobo: 0, stock: 50 });
  return createPurchase(t.db, buyer, [{ product: box, quantity: 4 }], {
    status: "pending",
    paidAt: null,
    paymentMethod: "transfer",
    depositKobo: 10_000_000,
    restDueOn,
    ...extra,
  });
}
const restMails = (email: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "order_rest_due")))
    .orderBy(mailOutbox.createdAt);

describe("the reminder of a part-paid order's rest", () => {
  it("goes once on the day agreed, in the daytime, on WhatsApp too when she asked; late when missed; again for a day moved later", async () => {
    const due = await partPaid("2027-03-10", { whatsappOptIn: true, phone: "0803 555 0142" });
    const later = await partPaid("2027-03-12");
    const paid = await partPaid("2027-03-10", { status: "completed", paidAt: new Date("2027-03-01T10:00:00Z") });
    const cancelled = await partPaid("2027-03-10", { status: "cancelled" });
    const missed = await partPaid("2027-03-08");

    // never at night: from 9 am
    expect(await remindRestDue(t.db, t.env, lagos("2027-03-10T08:30"))).toBe(0);
    // servers passing at once send each once
    const passes = await Promise.all([1, 2, 3].map(() => remindRestDue(t.db, t.env, lagos("2027-03-10T09:05"))));
    expect(passes.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await remindRestDue(t.db, t.env, lagos("2027-03-10T15:00"))).toBe(0);

    const left = naira(due.totalKobo - 10_000_000);
    const [mail, ...more] = await restMails(due.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Your Alafia Self-Care order #${orderNumber(due.id)}: ${left} left to pay, due today`);
    expect(mail!.text).toContain(
      `As agreed, the ${left} left to pay on your order #${orderNumber(due.id)} is due today, Wednesday 10 March 2027. You have paid ₦100,000 of ${naira(due.totalKobo)}.`,
    );
    expect(mail!.text).toContain(`How to pay it, and your order: ${t.env.PUBLIC_URL}/checkout/complete?reference=${due.reference}&t=`);
    expect(mail!.whatsapp).toMatchObject({ to: "+2348035550142", template: "order_update" });
    expect(renderTemplate(mail!.whatsapp!)).toContain(
      `your Alafia Self-Care order #${orderNumber(due.id)} has ${left} left to pay, due today.`,
    );
    const notes = await t.db.select({ note: purchaseEvents.note }).from(purchaseEvents).where(eq(purchaseEvents.purchaseId, due.id));
    expect(notes.map((n) => n.note)).toContain(`reminder of the rest sent: ${left} due Wed 10 Mar`);

    // a day gone by while no server ran: reminded late, saying when it was due; no WhatsApp she did not ask for
    const [late] = await restMails(missed.email);
    expect(late!.subject).toContain(", due Mon 8 Mar");
    expect(late!.text).toContain("is due on Monday 8 March 2027.");
    expect(late!.whatsapp).toBeNull();
    for (const none of [later, paid, cancelled]) expect(await restMails(none.email)).toHaveLength(0);

    // her own day, two days on
    expect(await remindRestDue(t.db, t.env, lagos("2027-03-12T09:00"))).toBe(1);
    expect(await restMails(later.email)).toHaveLength(1);
    // the day moved later with the next part: told the day before and reminded on the new day, once each
    await t.db.update(purchases).set({ restDueOn: "2027-03-15" }).where(eq(purchases.id, due.id));
    expect(await remindRestDue(t.db, t.env, lagos("2027-03-14T12:00"))).toBe(1);
    expect(await remindRestDue(t.db, t.env, lagos("2027-03-14T13:00"))).toBe(0);
    expect(await remindRestDue(t.db, t.env, lagos("2027-03-15T10:00"))).toBe(1);
    expect(await remindRestDue(t.db, t.env, lagos("2027-03-15T11:00"))).toBe(0);
    expect((await restMails(due.email)).map((m) => m.subject.replace(/.*, due /, ""))).toEqual(["today", "tomorrow", "today"]);
  });

  it("tells her the day before, once, in the daytime; not after the mail that set the day for tomorrow", async () => {
    const soon = await partPaid("2027-05-11", { whatsappOptIn: true, phone: "0803 555 0142" });
    const paid = await partPaid("2027-05-11", { status: "completed", paidAt: new Date("2027-05-01T10:00:00Z") });
    expect(await remindRestDue(t.db, t.env, lagos("2027-05-10T08:30"))).toBe(0);
    const passes = await Promise.all([1, 2, 3].map(() => remindRestDue(t.db, t.env, lagos("2027-05-10T09:10"))));
    expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
    const left = naira(soon.totalKobo - 10_000_000);
    const [ahead, ...more] = await restMails(soon.email);
    expect(more).toHaveLength(0);
    expect(ahead!.subject).toBe(`Your Alafia Self-Care order #${orderNumber(soon.id)}: ${left} left to pay, due tomorrow`);
    expect(ahead!.text).toContain(
      `As agreed, the ${left} left to pay on your order #${orderNumber(soon.id)} is due tomorrow, Tuesday 11 May 2027.`,
    );
    expect(renderTemplate(ahead!.whatsapp!)).toContain(`has ${left} left to pay, due tomorrow.`);
    const notes = await t.db.select({ note: purchaseEvents.note }).from(purchaseEvents).where(eq(purchaseEvents.purchaseId, soon.id));
    expect(notes.map((n) => n.note)).toContain(`reminder of the rest sent a day ahead: ${left} due Tue 11 May`);
    expect(await restMails(paid.email)).toHaveLength(0);
    // and on the day itself
    expect(await remindRestDue(t.db, t.env, lagos("2027-05-11T09:00"))).toBe(1);
    expect((await restMails(soon.email)).map((m) => m.subject.replace(/.*, due /, ""))).toEqual(["tomorrow", "today"]);

    // the team sets the day for tomorrow: its own mail says so, and no heads-up repeats it
    const owner = await createAdminUser(t.db);
    const phoned = await partPaid("2027-05-30");
    await agreeRestDue(t.db, t.env, phoned.id, { restDueOn: "2027-05-13" }, owner.id, lagos("2027-05-12T10:00"));
    expect(await remindRestDue(t.db, t.env, lagos("2027-05-12T11:00"))).toBe(0);
    expect(await restMails(phoned.email)).toHaveLength(0);
    expect(await remindRestDue(t.db, t.env, lagos("2027-05-13T09:30"))).toBe(1);
    // so does a part recorded with the rest due tomorrow
    const part = await partPaid("2027-05-30");
    await recordManualPayment(
      t.db,
      t.env,
      part.id,
      { method: "transfer", amount: 1_000, part: true, restDueOn: "2027-05-15" },
      owner.id,
      lagos("2027-05-14T10:00"),
    );
    expect(await remindRestDue(t.db, t.env, lagos("2027-05-14T11:00"))).toBe(0);
    expect(await restMails(part.email)).toHaveLength(0);
  });
});
