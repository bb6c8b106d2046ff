// docs/product.md "Part payments": a part-paid order whose rest is due on the day agreed with her
// reminds her once that morning (Lagos daytime), by mail and on WhatsApp when she asked for her
// updates there; never for an order paid or cancelled; a day gone by while no server ran is
// reminded late, saying so; a day moved later reminds her again.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, purchaseEvents, purchases } from "../../db/schema";
import { remindRestDue } from "../../modules/orders/rest-reminders.server";
import { orderNumber } from "../../modules/orders/statuses";
import { renderTemplate } from "../../modules/whatsapp/templates";
import { createProduct, createPurchase, createUser } from "../factories";
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
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "order_rest_due")));

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
    // the day moved later with the next part: reminded again on the new day, once
    await t.db.update(purchases).set({ restDueOn: "2027-03-15" }).where(eq(purchases.id, due.id));
    expect(await remindRestDue(t.db, t.env, lagos("2027-03-14T12:00"))).toBe(0);
    expect(await remindRestDue(t.db, t.env, lagos("2027-03-15T10:00"))).toBe(1);
    expect(await remindRestDue(t.db, t.env, lagos("2027-03-15T11:00"))).toBe(0);
    expect(await restMails(due.email)).toHaveLength(2);
  });
});
