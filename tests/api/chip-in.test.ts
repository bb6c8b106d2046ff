// Chipping in (docs/product.md "Chipping in"): friends pay a gift together through its payment link,
// each paying part of what is left with a name the buyer and the others see. Each part is added to
// the order once, however often the payer's return and the provider's webhook repeat it; two parts at
// once both count; the payment that brings the rest completes the order; a part that can no longer
// be taken (the order cancelled, or the rest paid meanwhile) is kept aside to refund, never lost.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, partPayments, paymentAttempts, purchaseEvents, purchases, refunds, strayPayments } from "../../db/schema";
import { changePurchaseStatus } from "../../modules/orders/admin.server";
import { completePurchase } from "../../modules/orders/completion.server";
import { expireStalePurchases } from "../../modules/orders/expiry.server";
import { payLinkPath } from "../../modules/orders/order-links.server";
import { recordPartPayment } from "../../modules/orders/part-payments.server";
import { refundStrayPayment } from "../../modules/orders/stray-refunds.server";
import { settleHeldPart } from "../../modules/orders/held-parts.server";
import { paymentProvider } from "../../modules/payments/provider.server";
import { recordSandboxDecision } from "../../modules/payments/sandbox.server";
import { createAdminUser, createDeliveryRate } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";
import { payLinkOrder } from "../support/pay-link-order";

let t: PagesContext;
beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  await createDeliveryRate(t.db, { lga: "Lekki", chargeKobo: 300_000 });
}, 60_000);

const rowOf = async (id: string) => (await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;
const notesOf = async (id: string) =>
  (await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, id))).map((e) => e.note ?? "");
const partsOf = (id: string) => t.db.select().from(partPayments).where(eq(partPayments.purchaseId, id)).orderBy(partPayments.createdAt);
const textOf = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

/** A ₦19,125 birthday gift (₦15,000 journal, ₦3,000 delivery, ₦1,125 VAT) placed to be paid through a shared link. */
async function sharedGift() {
  const { row, link, body } = await payLinkOrder(t);
  expect(row.totalKobo).toBe(1_912_500);
  return { row, link, orderUrl: body.orderUrl as string };
}

const chipInForm = (amount: string, name = "") => new URLSearchParams({ intent: "chip_in", amount, name });
const referenceIn = (location: string) => decodeURIComponent(/\/pay\/sandbox\/([^?]+)/.exec(location)![1]!);

/** A friend chips in through the link: the sandbox's payment page is opened (and paid, unless told not to). */
async function chipIn(link: string, amount: string, name = "", { pay = true } = {}) {
  const start = await t.page(link, { method: "POST", body: chipInForm(amount, name) });
  expect(start.status).toBe(302);
  const sandbox = start.headers.get("location")!;
  const reference = referenceIn(sandbox);
  if (pay) await recordSandboxDecision(t.db, reference, "pay");
  return { reference, back: new URL(sandbox, "http://localhost:3000").searchParams.get("back")! };
}

describe("chipping in through a payment link", () => {
  it("two friends each pay a part, the page and the buyer are told who, and the last pays the rest", async () => {
    const { row, link, orderUrl } = await sharedGift();
    const page = await textOf(await t.page(link));
    expect(page).toContain("Paying together?");
    expect(page).toContain("From ₦1,000 to ₦19,125");

    const first = await chipIn(link, "5000", "Chioma");
    const [attempt] = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, first.reference));
    expect(attempt).toMatchObject({ part: true, amountKobo: 500_000, payerName: "Chioma" });
    const back = await textOf(await t.page(first.back));
    expect(back).toContain("Thank you, Chioma! Your ₦5,000 is in. ₦14,125 is left to pay.");
    expect(back).toContain("Paid already ₦5,000, left to pay");
    expect(back).toContain("Chipped in so far");
    // the order waits for the rest, holding its items without lapsing
    expect(await rowOf(row.id)).toMatchObject({ status: "pending", depositKobo: 500_000, paidAt: null, expiresAt: null });
    await expireStalePurchases(t.db, new Date(Date.now() + 30 * 86_400_000));
    expect((await rowOf(row.id)).status).toBe("pending");
    expect(await partsOf(row.id)).toMatchObject([
      { amountKobo: 500_000, paidVia: "provider", payerName: "Chioma", reference: first.reference },
    ]);
    expect((await notesOf(row.id)).find((n) => n.startsWith("part payment"))).toMatch(
      /^part payment: ₦5,000 chipped in through the payment link by Chioma \(SBX-[0-9a-f]{8}\) recorded; ₦14,125 left to pay$/,
    );
    const [told] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, row.email), eq(mailOutbox.kind, "order_part_payment")));
    expect(told!.subject).toMatch(/^Chioma chipped in ₦5,000 for your order #/);
    expect(told!.text).toContain("₦5,000 of ₦19,125 is paid; ₦14,125 is left to pay.");

    // the buyer's own page still offers the link, for what is left, with who chipped in
    const hers = await textOf(await t.page(orderUrl));
    expect(hers).toContain("Chipped in so far: Chioma ₦5,000.");
    expect(hers).toMatch(/data-testid="pay-link-url">http:\/\/localhost:3000\/pay\/[0-9a-f-]{36}\?e=\d+&amp;t=/);
    expect(hers).toContain(encodeURIComponent("(₦14,125 left to pay)"));

    // her return told again, and the provider's webhook, add nothing
    await t.page(first.back);
    const webhook = await completePurchase(
      t.db,
      first.reference,
      { status: "success", amountKobo: 500_000, currency: "NGN", transactionId: "SBX-again" },
      "webhook",
      { links: t.env },
    );
    expect(webhook.outcome).toBe("part");
    expect((await rowOf(row.id)).depositKobo).toBe(500_000);
    expect(await partsOf(row.id)).toHaveLength(1);

    // a friend who gives no name is "Someone"
    const second = await chipIn(link, "4125");
    expect(await textOf(await t.page(second.back))).toContain("Thank you! Your ₦4,125 is in. ₦10,000 is left to pay.");
    const listed = await textOf(await t.page(link));
    expect(listed).toMatch(/Chioma<\/span><span>₦5,000<\/span>.*Someone<\/span><span>₦4,125<\/span>/s);
    expect(listed).toContain("Pay ₦10,000");

    // the rest, through the link's own Pay button, completes the order with every part counted
    const rest = await t.page(link, { method: "POST", body: new URLSearchParams() });
    const restReference = referenceIn(rest.headers.get("location")!);
    const [restAttempt] = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, restReference));
    expect(restAttempt).toMatchObject({ part: false, amountKobo: 1_000_000 });
    await recordSandboxDecision(t.db, restReference, "pay");
    expect(await textOf(await t.page(`${link}&reference=${restReference}`))).toContain("This order is paid");
    expect(await rowOf(row.id)).toMatchObject({ status: "completed", paidAmountKobo: 1_912_500, depositKobo: 912_500 });
    // a part told again after the order is paid is still that part, not a second payment
    expect(
      (
        await completePurchase(
          t.db,
          first.reference,
          { status: "success", amountKobo: 500_000, currency: "NGN", transactionId: "SBX-x" },
          "webhook",
          { links: t.env },
        )
      ).outcome,
    ).toBe("part");
    expect(await t.db.select().from(strayPayments).where(eq(strayPayments.purchaseId, row.id))).toHaveLength(0);
  });

  it("refuses less than ₦1,000 or more than is left, keeping what she typed; all that is left is the whole payment", async () => {
    const { row, link } = await sharedGift();
    const low = await t.page(link, { method: "POST", body: chipInForm("500", "Chioma") });
    expect(low.status).toBe(400);
    const lowPage = await textOf(low);
    expect(lowPage).toContain("Chip in at least ₦1,000.");
    expect(lowPage).toContain('value="Chioma"');
    const high = await t.page(link, { method: "POST", body: chipInForm("20000") });
    expect(high.status).toBe(400);
    expect(await textOf(high)).toContain("Only ₦19,125 is left to pay.");
    expect((await t.page(link, { method: "POST", body: chipInForm("5000.555") })).status).toBe(400);
    expect((await t.page(link, { method: "POST", body: chipInForm("five thousand") })).status).toBe(400);
    const bad = await t.page(link, { method: "POST", body: chipInForm("5000", "<script>") });
    expect(bad.status).toBe(400);
    const noEmail = await t.page(link, {
      method: "POST",
      body: new URLSearchParams({ intent: "chip_in", amount: "5000", email: "chioma@" }),
    });
    expect(noEmail.status).toBe(400);
    expect(await textOf(noEmail)).toContain("Enter a valid email address");
    expect(await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.purchaseId, row.id))).toHaveLength(1);

    const whole = await chipIn(link, "19125", "Chioma", { pay: false });
    const [attempt] = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, whole.reference));
    expect(attempt).toMatchObject({ part: false, amountKobo: 1_912_500 });
  });

  it("two parts paid at once both count", async () => {
    const { row, link } = await sharedGift();
    const a = await chipIn(link, "3000", "Ada");
    const b = await chipIn(link, "4000", "Bisi");
    await Promise.all([t.page(a.back), t.page(b.back)]);
    expect((await rowOf(row.id)).depositKobo).toBe(700_000);
    expect((await partsOf(row.id)).map((p) => p.amountKobo).sort()).toEqual([300_000, 400_000]);
  });

  it("parts crossing: one that brings exactly the rest completes the order, one that is more is kept to refund", async () => {
    const exact = await sharedGift();
    const a = await chipIn(exact.link, "10000", "Ada", { pay: false });
    const b = await chipIn(exact.link, "9125", "Bisi", { pay: false });
    await recordSandboxDecision(t.db, a.reference, "pay");
    await recordSandboxDecision(t.db, b.reference, "pay");
    await t.page(a.back);
    expect(await textOf(await t.page(b.back))).toContain("This order is paid");
    expect(await rowOf(exact.row.id)).toMatchObject({ status: "completed", paidAmountKobo: 1_912_500 });

    const over = await sharedGift();
    const c = await chipIn(over.link, "10000", "Chi", { pay: false });
    const d = await chipIn(over.link, "10000", "Dayo", { pay: false });
    await recordSandboxDecision(t.db, c.reference, "pay");
    await recordSandboxDecision(t.db, d.reference, "pay");
    await t.page(c.back);
    await t.page(d.back);
    expect(await rowOf(over.row.id)).toMatchObject({ status: "pending", depositKobo: 1_000_000, paidAt: null });
    const [kept] = await t.db.select().from(strayPayments).where(eq(strayPayments.purchaseId, over.row.id));
    expect(kept).toMatchObject({ reference: d.reference, amountKobo: 1_000_000 });
    expect(await notesOf(over.row.id)).toContainEqual(expect.stringContaining("left to pay after its part payments. Refund needed."));
  });

  it("a part paid after the shop cancelled the order is kept aside to refund, once", async () => {
    const { row, link } = await sharedGift();
    const a = await chipIn(link, "5000", "Ada", { pay: false });
    const owner = await createAdminUser(t.db);
    await changePurchaseStatus(t.db, row.id, { status: "cancelled" }, owner.id, t.env);
    await recordSandboxDecision(t.db, a.reference, "pay");
    await t.page(a.back);
    await t.page(a.back);
    expect(await rowOf(row.id)).toMatchObject({ status: "cancelled", depositKobo: 0 });
    expect(await t.db.select().from(strayPayments).where(eq(strayPayments.purchaseId, row.id))).toMatchObject([
      { reference: a.reference, amountKobo: 500_000 },
    ]);
    expect(await partsOf(row.id)).toHaveLength(0);
  });

  it("the shop cancels an order holding parts: what was chipped in is kept to refund through the provider, the shop's own part by hand", async () => {
    const { row, link } = await sharedGift();
    const owner = await createAdminUser(t.db);
    await recordPartPayment(t.db, t.env, row.id, { method: "cash", receivedKobo: 200_000, actorId: owner.id });
    const a = await chipIn(link, "5000", "Chioma");
    await t.page(a.back);
    expect((await rowOf(row.id)).depositKobo).toBe(700_000);
    const page = await textOf(await t.page(`/viewpurchase/${row.id}`, { as: owner }));
    expect(page).toContain("a part chipped in through its payment link is listed under Payments not applied to this order, to refund.");

    await changePurchaseStatus(t.db, row.id, { status: "cancelled" }, owner.id, t.env);
    expect(await notesOf(row.id)).toContain(
      "part payment of ₦2,000 received: give it back, or keep it as agreed; ₦5,000 chipped in through the payment link: refund needed",
    );
    const [told] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, row.email), eq(mailOutbox.kind, "order_cancelled")));
    expect(told!.text).toContain(
      "Your order has been cancelled. We will be in touch about the ₦2,000 you paid towards it. The ₦5,000 chipped in through its payment link goes back to whoever paid it.",
    );
    const held = await t.db.select().from(strayPayments).where(eq(strayPayments.purchaseId, row.id));
    const kept = held.find((s) => s.reason === "chipped_in");
    expect(kept).toMatchObject({
      reference: a.reference,
      amountKobo: 500_000,
      status: "refund_needed",
      provider: "sandbox",
    });
    expect(kept!.transactionId).toMatch(/^SBX-/);
    // the shop's own part is listed beside it, to give back by hand or keep (docs/product.md "Part payments")
    const cash = held.find((s) => s.reason === "held_part");
    expect(cash).toMatchObject({ amountKobo: 200_000, status: "refund_needed", provider: "manual", reference: null });
    expect(held).toHaveLength(2);
    const listed = await textOf(await t.page(`/viewpurchase/${row.id}`, { as: owner }));
    expect(listed).toContain("Not applied: chipped in through the payment link, and the order was cancelled.");
    expect(listed).toContain("Not applied: a part payment the shop recorded, and the order was cancelled.");
    // each goes back its own way: Chioma's through the provider, the cash by hand
    await expect(refundStrayPayment(t.db, paymentProvider(t.env, t.db), row.id, cash!.id, owner.id)).rejects.toThrow(
      "This part was received by hand: record it given back or kept.",
    );
    await expect(settleHeldPart(t.db, t.env, row.id, kept!.id, { outcome: "kept" }, owner.id)).rejects.toThrow(
      "This payment came through the payment provider: refund it, by its own transaction.",
    );
    const refunded = await refundStrayPayment(t.db, paymentProvider(t.env, t.db), row.id, kept!.id, owner.id);
    expect(refunded.status).toBe("refunded");
    const given = await settleHeldPart(t.db, t.env, row.id, cash!.id, { outcome: "given_back", method: "cash" }, owner.id);
    expect(given).toMatchObject({ part: { status: "refunded", givenBackVia: "cash" }, told: true });
  });

  it("an order friends paid together, refunded whole from its page: each part goes back by its own payment", async () => {
    const { row, link } = await sharedGift();
    const owner = await createAdminUser(t.db);
    const chioma = await chipIn(link, "5000", "Chioma");
    await t.page(chioma.back);
    const rest = await chipIn(link, "14125", "Tolu");
    await t.page(rest.back);
    expect(await rowOf(row.id)).toMatchObject({ status: "completed", paidAmountKobo: 1_912_500 });
    const before = (await textOf(await t.page(`/viewpurchase/${row.id}`, { as: owner }))).replace(/<[^>]+>/g, "");
    expect(before).toContain(
      "Paid in parts. A refund goes back the way the money came: each payment made online, the latest first, to whoever made it.",
    );
    expect(before).toContain("₦5,000 paid online by Chioma, who chipped in · ₦5,000 can go back");

    const refunded = await t.page(`/viewpurchase/${row.id}`, {
      method: "POST",
      as: owner,
      body: new URLSearchParams({ intent: "refund", amount: "19125", reason: "The party was called off" }),
    });
    expect(refunded.status).toBeLessThan(400);
    const rows = await t.db.select().from(refunds).where(eq(refunds.purchaseId, row.id));
    const [part] = await partsOf(row.id);
    expect(rows.map((r) => [r.amountKobo, r.status, r.transactionId]).sort()).toEqual(
      [
        [500_000, "processed", part!.transactionId],
        [1_412_500, "processed", (await rowOf(row.id)).transactionId],
      ].sort(),
    );
    const after = (await textOf(await t.page(`/viewpurchase/${row.id}`, { as: owner }))).replace(/<[^>]+>/g, "");
    expect(after).toContain("to Chioma, who chipped in");
    expect(await notesOf(row.id)).toContainEqual(
      expect.stringMatching(
        /^Refund of ₦5,000 processed \(sandbox SBX-RFD-[0-9a-f]+, to Chioma, who chipped in\)\. Reason: The party was called off$/,
      ),
    );
  });

  it("an ended link takes no part until part is paid; an order with little left offers no part", async () => {
    const { row, link } = await sharedGift();
    const ended = payLinkPath(t.env, row.id, new Date(Date.now() - 60_000));
    const refused = await t.page(ended, { method: "POST", body: chipInForm("5000") });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).not.toMatch(/sandbox/);
    const a = await chipIn(link, "17125");
    await t.page(a.back);
    // once part is paid the order waits for the rest without lapsing, and its link past its hours still works
    expect(await textOf(await t.page(ended))).toContain("Paying together?");
    const late = await chipIn(ended, "1000", "Late Tolu");
    expect(await textOf(await t.page(late.back))).toContain("Thank you, Late Tolu! Your ₦1,000 is in. ₦1,000 is left to pay.");
    const page = await textOf(await t.page(link));
    expect(page).toContain("Pay ₦1,000");
    expect(page).not.toContain("Paying together?");
    expect((await t.page(link, { method: "POST", body: chipInForm("1000") })).status).toBe(400);
  });
});
