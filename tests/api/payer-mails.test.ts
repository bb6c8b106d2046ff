// Whoever pays through an order's payment link and gives her email there (docs/product.md "Chipping
// in") is thanked once her money is in, and told when it goes back to her: a refund of the order, or
// a part the order could not take; the rest, when she paid it, is hers too. Her mails name the buyer by first name only, as the link's page
// does; never the buyer's email, address or order page. No email given, or the buyer's own: no mail.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, paymentAttempts, purchases, strayPayments } from "../../db/schema";
import { changePurchaseStatus } from "../../modules/orders/admin.server";
import { completePurchase } from "../../modules/orders/completion.server";
import { createRefund } from "../../modules/orders/refunds.server";
import { refundStrayPayment } from "../../modules/orders/stray-refunds.server";
import { paymentProvider } from "../../modules/payments/provider.server";
import { recordSandboxDecision } from "../../modules/payments/sandbox.server";
import { createAdminUser, createDeliveryRate } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";
import { payLinkOrder } from "../support/pay-link-order";

let t: PagesContext;
let owner: Awaited<ReturnType<typeof createAdminUser>>;
beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  owner = await createAdminUser(t.db);
  await createDeliveryRate(t.db, { lga: "Lekki", chargeKobo: 300_000 });
}, 60_000);

const rowOf = async (id: string) => (await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;
const mailsTo = (to: string, kind: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)));
const referenceIn = (location: string) => decodeURIComponent(/\/pay\/sandbox\/([^?]+)/.exec(location)![1]!);

/** A friend chips in through the link's form, with her name and email, and pays on the sandbox's page. */
async function chipIn(link: string, amount: string, name: string, email: string) {
  const start = await t.page(link, { method: "POST", body: new URLSearchParams({ intent: "chip_in", amount, name, email }) });
  expect(start.status).toBe(302);
  const sandbox = start.headers.get("location")!;
  const reference = referenceIn(sandbox);
  await recordSandboxDecision(t.db, reference, "pay");
  await t.page(new URL(sandbox, "http://localhost:3000").searchParams.get("back")!);
  return reference;
}

/** A ₦19,125 gift to be paid through its link; each friend's address is her own for this order. */
async function sharedGift() {
  const { row, link } = await payLinkOrder(t);
  const tag = row.id.slice(0, 6);
  return { row, link, chioma: `chioma.${tag}@example.ng`, tolu: `tolu.${tag}@example.ng` };
}

/** What a payer's mail must never carry: the buyer's email, address or order page. */
function keepsTheBuyerPrivate(text: string, row: typeof purchases.$inferSelect) {
  expect(text).not.toContain(row.email);
  expect(text).not.toContain(row.street);
  expect(text).not.toContain("/checkout/complete");
}

describe("a friend who pays through the link with her email", () => {
  it("is thanked once for her part, with what is left; the friend who pays the rest is thanked too", async () => {
    const { row, link, chioma, tolu } = await sharedGift();
    const number = row.id.slice(0, 8);
    const first = await chipIn(link, "5000", "Chioma", chioma);
    const [attempt] = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, first));
    expect(attempt).toMatchObject({ part: true, payerName: "Chioma", payerEmail: chioma });
    const [thanks] = await mailsTo(chioma, "chip_in_thanks");
    expect(thanks!.subject).toBe(`Thank you for paying ₦5,000 towards ${row.firstName}'s order`);
    expect(thanks!.text).toContain(
      `Hello Chioma,\n\nThank you: your ₦5,000 towards ${row.firstName}'s order #${number} at Alafia Self-Care is in. ₦14,125 is left to pay. The payment's receipt comes from the payment provider.`,
    );
    keepsTheBuyerPrivate(thanks!.text, row);
    // the provider's webhook told again thanks her no more
    await completePurchase(
      t.db,
      first,
      { status: "success", amountKobo: 500_000, currency: "NGN", transactionId: "SBX-again" },
      "webhook",
      { links: t.env },
    );
    expect(await mailsTo(chioma, "chip_in_thanks")).toHaveLength(1);

    // Tolu pays all that is left through the same box: the whole payment, with her name kept for her thanks
    const rest = await chipIn(link, "14125", "Tolu", tolu);
    const [restAttempt] = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, rest));
    expect(restAttempt).toMatchObject({ part: false, payerName: "Tolu", payerEmail: tolu });
    expect(await rowOf(row.id)).toMatchObject({ status: "completed", paidAmountKobo: 1_912_500 });
    const toTolu = await mailsTo(tolu, "chip_in_thanks");
    expect(toTolu).toHaveLength(1);
    expect(toTolu[0]!.text).toContain(
      `Hello Tolu,\n\nThank you: your ₦14,125 towards ${row.firstName}'s order #${number} at Alafia Self-Care is in. It is paid in full now; ${row.firstName} gets the confirmation.`,
    );
    keepsTheBuyerPrivate(toTolu[0]!.text, row);
  });

  it("gave no email, or the buyer's own: the shop writes only to the buyer", async () => {
    const { row, link } = await sharedGift();
    const before = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "chip_in_thanks"))).length;
    await chipIn(link, "2000", "Ngozi", "");
    await chipIn(link, "2000", "Funke", row.email.toUpperCase());
    expect((await rowOf(row.id)).depositKobo).toBe(400_000);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "chip_in_thanks"))).toHaveLength(before);
  });

  it("is told her part goes back when the order is refunded, one mail for her own part", async () => {
    const { row, link, chioma, tolu } = await sharedGift();
    await chipIn(link, "5000", "Chioma", chioma);
    await chipIn(link, "14125", "Tolu", tolu);
    const { refunds } = await createRefund(t.db, paymentProvider(t.env, t.db), t.env, row.id, { amount: 19_125 }, owner.id);
    expect(refunds).toHaveLength(2);
    const told = await mailsTo(chioma, "chip_in_refund");
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toMatch(new RegExp(`^Your ₦5,000 towards ${row.firstName}'s order (is on its way back|has been refunded)$`));
    expect(told[0]!.text).toMatch(
      new RegExp(
        `The ₦5,000 you paid towards ${row.firstName}'s order #${row.id.slice(0, 8)} (is on its way back to|has been refunded to) the account or card you paid with`,
      ),
    );
    keepsTheBuyerPrivate(told[0]!.text, row);
    // Tolu paid the rest: its refund goes back to her card, and she is told too
    const toTolu = await mailsTo(tolu, "chip_in_refund");
    expect(toTolu).toHaveLength(1);
    expect(toTolu[0]!.text).toMatch(
      new RegExp(
        `The ₦14,125 you paid towards ${row.firstName}'s order #${row.id.slice(0, 8)} (is on its way back to|has been refunded to)`,
      ),
    );
    // the buyer still gets the one refund mail, naming whose each part was
    const [buyers] = await mailsTo(row.email, "order_refund");
    expect(buyers!.text).toContain("₦5,000 to Chioma, who chipped in");
    expect(buyers!.text).toContain("₦14,125 to Tolu, who chipped in: It is on its way back to the way Tolu paid.");
    // and the order's refunds name her
    const summary = await (await t.page(`/api/purchases/${row.id}/refunds`, { as: owner })).json();
    expect(summary.ways).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ byHand: false, payer: "Tolu", amount: 14_125 }),
        expect.objectContaining({ byHand: false, payer: "Chioma", amount: 5_000 }),
      ]),
    );
  });

  it("the rest paid through the link's own Pay button, which asks no name: no payer named, no payer mail", async () => {
    const { row, link, chioma } = await sharedGift();
    await chipIn(link, "5000", "Chioma", chioma);
    // the rest through the link's own Pay button, which asks no name or email
    const rest = await t.page(link, { method: "POST", body: new URLSearchParams() });
    const reference = referenceIn(rest.headers.get("location")!);
    await recordSandboxDecision(t.db, reference, "pay");
    await t.page(`${link}&reference=${reference}`);
    expect(await rowOf(row.id)).toMatchObject({ status: "completed", paidReference: reference });
    const summary = await (await t.page(`/api/purchases/${row.id}/refunds`, { as: owner })).json();
    expect(summary.ways).toEqual(expect.arrayContaining([expect.objectContaining({ byHand: false, payer: null, amount: 14_125 })]));
    await createRefund(t.db, paymentProvider(t.env, t.db), t.env, row.id, { amount: 19_125 }, owner.id);
    expect(await mailsTo(chioma, "chip_in_refund")).toHaveLength(1);
    const [buyers] = await mailsTo(row.email, "order_refund");
    expect(buyers!.text).toMatch(/- ₦14,125: It is on its way back to the way you paid/);
  });

  it("is told when the shop cancels the order that her part will be refunded, and again once it is", async () => {
    const { row, link, chioma } = await sharedGift();
    await chipIn(link, "5000", "Chioma", chioma);
    await changePurchaseStatus(t.db, row.id, { status: "cancelled" }, owner.id, t.env);
    const [toRefund] = await mailsTo(chioma, "chip_in_refund");
    expect(toRefund!.subject).toBe(`Your ₦5,000 towards ${row.firstName}'s order will be refunded`);
    expect(toRefund!.text).toContain(
      `The ₦5,000 you paid towards ${row.firstName}'s order #${row.id.slice(0, 8)} will be refunded to the account or card you paid with within 5 working days: the order was cancelled. You do not need to do anything.`,
    );
    const [kept] = await t.db.select().from(strayPayments).where(eq(strayPayments.purchaseId, row.id));
    const refunded = await refundStrayPayment(t.db, paymentProvider(t.env, t.db), row.id, kept!.id, owner.id);
    expect(refunded.status).toBe("refunded");
    const after = await mailsTo(chioma, "chip_in_refund");
    expect(after.map((m) => m.subject).sort()).toEqual(
      [
        `Your ₦5,000 towards ${row.firstName}'s order has been refunded`,
        `Your ₦5,000 towards ${row.firstName}'s order will be refunded`,
      ].sort(),
    );
  });

  it("a part that arrives after the shop cancelled the order: she is told it will be refunded", async () => {
    const { row, link, chioma } = await sharedGift();
    const start = await t.page(link, {
      method: "POST",
      body: new URLSearchParams({ intent: "chip_in", amount: "3000", name: "Chioma", email: chioma }),
    });
    const reference = referenceIn(start.headers.get("location")!);
    await changePurchaseStatus(t.db, row.id, { status: "cancelled" }, owner.id, t.env);
    await recordSandboxDecision(t.db, reference, "pay");
    const late = await completePurchase(
      t.db,
      reference,
      { status: "success", amountKobo: 300_000, currency: "NGN", transactionId: "SBX-late" },
      "webhook",
      { links: t.env },
    );
    expect(late.outcome).toBe("stray");
    const told = await mailsTo(chioma, "chip_in_refund");
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("will be refunded to the account or card you paid with within 5 working days: the order is cancelled.");
    expect(await mailsTo(chioma, "chip_in_thanks")).toHaveLength(0);
  });
});
