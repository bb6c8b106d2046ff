// An order paid in parts is refunded the way its money came (docs/product.md "Refunds"): friends
// who chipped in through its payment link each get back what they paid, by their own transaction;
// what the shop received by hand goes back by hand first; no Paystack transaction is ever asked for
// more than it took. Against a fake Paystack on loopback that refuses more, as Paystack does.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox, purchaseEvents, purchases, refunds } from "../../db/schema";
import { startChipIn } from "../../modules/orders/pay-link.server";
import { startPayment } from "../../modules/orders/payment-start.server";
import { paystackProvider } from "../../modules/payments/paystack.server";
import { createCartItem, createProduct, createUser } from "../factories";
import { paystackSignature, startFakePaystack } from "../support/fake-paystack";
import { createTestContext, type TestContext } from "../support/test-app";

const SECRET = "sk_test_fake_secret_parts_01234";
let t: TestContext;
let paystack: Awaited<ReturnType<typeof startFakePaystack>>;
let owner: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  paystack = await startFakePaystack();
  t = await createTestContext({ PAYMENT_PROVIDER: "paystack", PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_API_BASE: paystack.base });
  owner = await createUser(t.db, { role: "admin" });
});
afterAll(() => paystack.close());
beforeEach(() => {
  paystack.seen.length = 0;
  paystack.state.refuse = null;
});

const address = { street: "3 Awolowo Road", city: "Ikoyi", state: "Lagos", phone: "08031234567", lga: "Ikeja", deliveryMethod: "standard" };
let nextTransaction = 6_200_001;
const orderRow = async (id: string) => (await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;

/** Paystack says `reference` was paid `amount` kobo by a new transaction (its signed webhook); the transaction's id. */
async function charged(reference: string, amount: number): Promise<string> {
  const transaction = nextTransaction++;
  paystack.charged.set(String(transaction), amount);
  const raw = JSON.stringify({ event: "charge.success", data: { id: transaction, status: "success", reference, amount, currency: "NGN" } });
  const res = await t.app.request("/api/payments/paystack/webhook", {
    method: "POST",
    body: raw,
    headers: { "Content-Type": "application/json", "x-paystack-signature": paystackSignature(raw, SECRET) },
  });
  expect(res.status).toBe(200);
  return String(transaction);
}

/** A ₦10,000 notebook for Ikeja, placed by a shopper to be paid as `paymentMethod` says. */
async function placed(paymentMethod: "pay_link") {
  const buyer = await createUser(t.db);
  const product = await createProduct(t.db, { title: "Pocket Notebook", priceKobo: 1_000_000, discountKobo: 0, stock: 5 });
  await createCartItem(t.db, buyer.id, product.id, 1);
  const res = await t.request("/api/purchases/create", { method: "POST", as: buyer, json: { ...address, paymentMethod } });
  expect(res.status).toBe(201);
  return { buyer, row: await orderRow((await res.json()).purchase.id) };
}

/** The rest of a part-paid order, paid through Paystack on a fresh attempt; that transaction. */
async function restPaid(id: string): Promise<string> {
  const waiting = await orderRow(id);
  const provider = paystackProvider({ secretKey: SECRET, apiBase: paystack.base });
  const rest = await startPayment(t.db, provider, t.env, waiting, (r) => `/pay/${id}?reference=${r}`, { fresh: true });
  const transaction = await charged(rest.reference, waiting.totalKobo - waiting.depositKobo);
  expect(await orderRow(id)).toMatchObject({ status: "completed", paidAmountKobo: waiting.totalKobo });
  return transaction;
}

/** Chioma chips in ₦5,000 through the order's link (her own transaction), then the rest is paid. */
async function chippedInOrder() {
  const { buyer, row } = await placed("pay_link");
  const part = await startChipIn(t.db, t.env, row, { amount: 5_000, name: "Chioma" }, (r) => `/pay/${row.id}?reference=${r}`);
  const chioma = await charged(part.reference, 500_000);
  const rest = await restPaid(row.id);
  return { buyer, id: row.id, total: row.totalKobo, chioma, rest, partReference: part.reference };
}

const refund = (id: string, amount: number) => t.request(`/api/purchases/${id}/refunds`, { method: "POST", as: owner, json: { amount } });
const asked = () =>
  paystack.seen.filter((s) => s.url === "/refund").map((s) => JSON.parse(s.body) as { transaction: string; amount: number });
const timeline = async (id: string) =>
  (await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, id))).map((e) => e.note ?? "");

describe('refunding an order paid in parts (docs/product.md "Refunds")', () => {
  it("a whole refund asks each transaction for what it took: the rest's payer and Chioma, who chipped in", async () => {
    const { buyer, id, total, chioma, rest } = await chippedInOrder();
    const res = await refund(id, total / 100);
    expect(res.status).toBe(201);
    expect(asked()).toEqual([
      expect.objectContaining({ transaction: rest, amount: total - 500_000 }),
      expect.objectContaining({ transaction: chioma, amount: 500_000 }),
    ]);
    const body = await res.json();
    expect(body).toMatchObject({ state: "pending", pending: total / 100, refundable: 0 });
    // the two refunds are recorded in one transaction, in no set order between them
    expect(body.refunds.map((r: { amount: number; payer: string | null }) => [r.amount, r.payer]).sort()).toEqual(
      [
        [(total - 500_000) / 100, null],
        [5_000, "Chioma"],
      ].sort(),
    );
    expect(body.ways).toEqual([
      { byHand: false, payer: null, amount: (total - 500_000) / 100, refundable: 0 },
      { byHand: false, payer: "Chioma", amount: 5_000, refundable: 0 },
    ]);
    expect(await timeline(id)).toContainEqual(
      expect.stringMatching(/^Refund of ₦5,000 asked \(paystack 71\d+, to Chioma, who chipped in\)/),
    );
    // one mail to the buyer, saying where each piece goes
    const mails = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email))).filter((m) => m.kind === "order_refund");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(`Your refund of ₦${(total / 100).toLocaleString("en-NG")}`);
    expect(mails[0]!.text).toContain("- ₦5,000 to Chioma, who chipped in: It is on its way back to the way Chioma paid.");
    // nothing is left to give back, from either
    expect((await refund(id, 1)).status).toBe(409);
  });

  it("a partial refund takes from the latest payment first, and a later one from the rest of it, then Chioma's", async () => {
    const { id, total, chioma, rest } = await chippedInOrder();
    expect((await refund(id, 3_000)).status).toBe(201);
    expect(asked()).toEqual([expect.objectContaining({ transaction: rest, amount: 300_000 })]);
    paystack.seen.length = 0;
    expect((await refund(id, (total - 300_000) / 100)).status).toBe(201);
    expect(asked()).toEqual([
      expect.objectContaining({ transaction: rest, amount: total - 500_000 - 300_000 }),
      expect.objectContaining({ transaction: chioma, amount: 500_000 }),
    ]);
    expect(paystack.given.get(rest)).toBe(total - 500_000);
    expect(paystack.given.get(chioma)).toBe(500_000);
  });

  it("two whole refunds at once: one goes through, the other is refused, and no transaction is asked twice", async () => {
    const { id, total } = await chippedInOrder();
    const answers = await Promise.all([refund(id, total / 100), refund(id, total / 100)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(asked()).toHaveLength(2);
    const rows = await t.db.select().from(refunds).where(eq(refunds.purchaseId, id));
    expect(rows.reduce((sum, r) => sum + r.amountKobo, 0)).toBe(total);
  });

  it("Chioma's part refunded on Paystack's dashboard: the shop's refund then asks only the rest's transaction", async () => {
    const { id, total, rest, partReference } = await chippedInOrder();
    const raw = JSON.stringify({
      event: "refund.processed",
      data: { id: 9_900_001, status: "processed", transaction_reference: partReference, refund_reference: "DASH-1", amount: 500_000 },
    });
    const res = await t.app.request("/api/payments/paystack/webhook", {
      method: "POST",
      body: raw,
      headers: { "Content-Type": "application/json", "x-paystack-signature": paystackSignature(raw, SECRET) },
    });
    expect(res.status).toBe(200);
    const left = (total - 500_000) / 100;
    const again = await refund(id, left + 1);
    expect(again.status).toBe(409);
    expect((await again.json()).msg).toBe(`At most ₦${left.toLocaleString("en-NG")} can still be refunded.`);
    expect((await refund(id, left)).status).toBe(201);
    expect(asked()).toEqual([expect.objectContaining({ transaction: rest, amount: total - 500_000 })]);
  });

  it("a deposit the shop recorded goes back by hand first; the rest through Paystack", async () => {
    const { buyer, row } = await placed("pay_link");
    const part = await t.request(`/api/purchases/${row.id}/payment`, {
      method: "POST",
      as: owner,
      json: { method: "transfer", amount: 5_000, reference: "GTB deposit", part: true },
    });
    expect(part.status).toBe(200);
    const rest = await restPaid(row.id);
    // a broken item: ₦2,000 back, by hand, from the deposit
    expect((await refund(row.id, 2_000)).status).toBe(201);
    expect(asked()).toEqual([]);
    const res = await refund(row.id, (row.totalKobo - 200_000) / 100);
    expect(res.status).toBe(201);
    expect(asked()).toEqual([expect.objectContaining({ transaction: rest, amount: row.totalKobo - 500_000 })]);
    const rows = await t.db.select().from(refunds).where(eq(refunds.purchaseId, row.id));
    expect(rows.map((r) => [r.provider, r.status, r.amountKobo]).sort()).toEqual(
      [
        ["manual", "processed", 200_000],
        ["manual", "processed", 300_000],
        ["paystack", "pending", row.totalKobo - 500_000],
      ].sort(),
    );
    expect(await timeline(row.id)).toContainEqual("Refund of ₦3,000 recorded (to be sent back by the shop)");
    // the second refund's mail, one for both ways (the rows come back in no set order)
    const mails = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email))).filter((m) => m.kind === "order_refund");
    expect(mails).toHaveLength(2);
    const both = mails.find((m) => m.text.includes("It comes back the way the order was paid"));
    expect(both?.text).toContain("- ₦3,000: We are sending it back to you the way you paid");
  });

  it("Paystack refusing its piece stops the refund: nothing is owed by hand for it, and the whole stays refundable", async () => {
    const { row } = await placed("pay_link");
    await t.request(`/api/purchases/${row.id}/payment`, { method: "POST", as: owner, json: { method: "cash", amount: 5_000, part: true } });
    await restPaid(row.id);
    paystack.state.refuse = "Transaction has been fully reversed";
    const res = await refund(row.id, row.totalKobo / 100);
    expect(res.status).toBe(402);
    expect((await res.json()).msg).toBe("The refund was refused: Payment service: Transaction has been fully reversed");
    const rows = await t.db.select().from(refunds).where(eq(refunds.purchaseId, row.id));
    expect(rows).toEqual([expect.objectContaining({ provider: "paystack", status: "failed", amountKobo: row.totalKobo - 500_000 })]);
    paystack.state.refuse = null;
    const summary = await (await t.request(`/api/purchases/${row.id}/refunds`, { as: owner })).json();
    expect(summary).toMatchObject({ refundable: row.totalKobo / 100, refunded: 0 });
    expect(summary.ways).toEqual([
      { byHand: true, payer: null, amount: 5_000, refundable: 5_000 },
      { byHand: false, payer: null, amount: (row.totalKobo - 500_000) / 100, refundable: (row.totalKobo - 500_000) / 100 },
    ]);
  });
});
