// Refunds and disputes through Paystack (docs/product.md "Refunds"), against a fake Paystack API
// on loopback: POST /refund with the transaction and the amount in kobo; the refund and dispute
// webhooks are verified by their signature and change the order once, however often they come.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox, paymentDisputes, providerEvents, purchaseEvents, refunds, strayPayments } from "../../db/schema";
import { formatNaira } from "../../lib/money";
import { createCartItem, createProduct, createUser, stockOf } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

type Seen = { method: string; url: string; body: string };
const seen: Seen[] = [];
let refundAnswer: (body: { amount: number }) => { status: number; json: unknown } = () => ({ status: 500, json: {} });
let nextRefundId = 3018284;
const fake = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    seen.push({ method: req.method!, url: req.url!, body });
    res.setHeader("Content-Type", "application/json");
    if (req.method === "POST" && req.url === "/transaction/initialize") {
      const { reference } = JSON.parse(body);
      res.end(
        JSON.stringify({
          status: true,
          data: { authorization_url: `https://checkout.paystack.test/${reference}`, access_code: "a", reference },
        }),
      );
    } else if (req.method === "POST" && req.url === "/refund") {
      const answer = refundAnswer(JSON.parse(body));
      res.statusCode = answer.status;
      res.end(JSON.stringify(answer.json));
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ status: false, message: "no route" }));
    }
  });
});

const SECRET = "sk_test_fake_secret_refunds_0123";
let t: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  await new Promise<void>((r) => fake.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  t = await createTestContext({ PAYMENT_PROVIDER: "paystack", PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_API_BASE: base });
  admin = await createUser(t.db, { role: "admin" });
});
afterAll(() => new Promise<void>((r) => fake.close(() => r())));
beforeEach(() => {
  seen.length = 0;
  // Paystack's answer: queued for processing, with the refund's id
  refundAnswer = ({ amount }) => ({
    status: 200,
    json: {
      status: true,
      message: "Refund has been queued for processing",
      data: { id: nextRefundId++, amount, status: "pending", currency: "NGN" },
    },
  });
});

const sign = (raw: string, secret = SECRET) => crypto.createHmac("sha512", secret).update(raw).digest("hex");
const webhook = (raw: string, signature = sign(raw)) =>
  t.app.request("/api/payments/paystack/webhook", {
    method: "POST",
    body: raw,
    headers: { "Content-Type": "application/json", "x-paystack-signature": signature },
  });

const chargeSuccess = (reference: string, amount: number, transaction: number) =>
  JSON.stringify({ event: "charge.success", data: { id: transaction, status: "success", reference, amount, currency: "NGN" } });

/** An order paid through Paystack: placed, then confirmed by its signed charge.success webhook. */
async function paidOrder() {
  const customer = await createUser(t.db);
  const product = await createProduct(t.db, { title: "Colouring Book", priceKobo: 1_000_000, discountKobo: 0, stock: 5 });
  await createCartItem(t.db, customer.id, product.id, 2);
  const res = await t.request("/api/purchases/create", {
    method: "POST",
    as: customer,
    json: { street: "3 Awolowo Road", city: "Ikoyi", state: "Lagos", phone: "08031234567", lga: "Ikeja", deliveryMethod: "standard" },
  });
  expect(res.status).toBe(201);
  const { reference, purchase } = await res.json();
  const amount = Math.round(purchase.totalAmount * 100);
  expect((await webhook(chargeSuccess(reference, amount, 4099260516))).status).toBe(200);
  return { customer, product, reference: reference as string, id: purchase.id as string, amount };
}

const refund = (id: string, json: unknown) => t.request(`/api/purchases/${id}/refunds`, { method: "POST", as: admin, json });
const refundEvent = (event: string, data: Record<string, unknown>) => JSON.stringify({ event, data });
const timeline = async (id: string) =>
  (await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, id))).map((e) => e.note ?? "");

describe("a refund through Paystack", () => {
  it("asks POST /refund for the transaction and the amount in kobo, and waits for the webhook", async () => {
    const { id, product } = await paidOrder();
    const res = await refund(id, { amount: 5000, reason: "late delivery" });
    expect(res.status).toBe(201);
    const call = seen.find((s) => s.url === "/refund")!;
    expect(JSON.parse(call.body)).toMatchObject({ transaction: "4099260516", amount: 500_000, currency: "NGN" });
    expect(JSON.parse(call.body).merchant_note).toContain("late delivery");
    const body = await res.json();
    expect(body).toMatchObject({ state: "pending", pending: 5000, refunded: 0 });
    expect(body.refunds[0]).toMatchObject({ provider: "paystack", status: "pending", providerRefundId: expect.stringMatching(/^\d+$/) });
    expect(await stockOf(t.db, product.id)).toBe(3);
  });

  it("a refusal is a 402, recorded as failed on the timeline; nothing is put back and the amount stays refundable", async () => {
    const { id, product } = await paidOrder();
    refundAnswer = () => ({ status: 400, json: { status: false, message: "Transaction has been fully reversed" } });
    const [line] = (await (await t.request(`/api/purchases/${id}/refunds`, { as: admin })).json()).lines;
    const res = await refund(id, { amount: 1000, restock: [{ itemId: line.id, quantity: 1 }] });
    expect(res.status).toBe(402);
    expect((await res.json()).msg).toContain("Transaction has been fully reversed");
    const [row] = await t.db.select().from(refunds).where(eq(refunds.purchaseId, id));
    expect(row).toMatchObject({ status: "failed", restocked: [] });
    expect(await stockOf(t.db, product.id)).toBe(3);
    expect((await timeline(id)).some((n) => n.startsWith("Refund of ₦1,000 refused by paystack"))).toBe(true);
    expect((await (await t.request(`/api/purchases/${id}/refunds`, { as: admin })).json()).refundable).toBeGreaterThan(0);
  });

  it("refund.processed replayed 10 times (at once, then again) changes the order once", async () => {
    const { id, reference } = await paidOrder();
    const created = await (await refund(id, { amount: 2500 })).json();
    const refundId = created.refunds[0].providerRefundId;
    const raw = refundEvent("refund.processed", {
      status: "processed",
      id: refundId,
      transaction_reference: reference,
      refund_reference: "132013318360",
      amount: "250000",
      currency: "NGN",
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => webhook(raw)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    for (let i = 0; i < 3; i++) expect((await webhook(raw)).status).toBe(200);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.purchaseId, id));
    expect(row).toMatchObject({ status: "processed", providerReference: "132013318360" });
    expect((await timeline(id)).filter((n) => n.startsWith("Refund of ₦2,500 processed by paystack"))).toHaveLength(1);
    expect(await t.db.select().from(providerEvents).where(eq(providerEvents.purchaseId, id))).toHaveLength(1);
    expect(await (await t.request(`/api/purchases/${id}/refunds`, { as: admin })).json()).toMatchObject({
      refunded: 2500,
      pending: 0,
      state: "partial",
    });
  });

  it("refund.failed (found by amount, as Paystack's event may carry no id) frees the amount and tells the shop, once", async () => {
    const { id, reference, amount } = await paidOrder();
    await refund(id, { amount: amount / 100 });
    expect((await refund(id, { amount: 1 })).status).toBe(409);
    const raw = refundEvent("refund.failed", {
      status: "failed",
      transaction_reference: reference,
      refund_reference: "TRF_9vgfawjnoz58uxy",
      amount,
    });
    await Promise.all(Array.from({ length: 10 }, () => webhook(raw)));
    const [row] = await t.db.select().from(refunds).where(eq(refunds.purchaseId, id));
    expect(row!.status).toBe("failed");
    const shopMails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order_refund_failed_admin"));
    expect(shopMails.filter((m) => m.text.includes(row!.reference))).toHaveLength(1);
    // the money is refundable again
    expect((await refund(id, { amount: amount / 100 })).status).toBe(201);
  });

  it("a refund made on Paystack's dashboard is recorded when its event arrives", async () => {
    const { id, reference } = await paidOrder();
    const raw = refundEvent("refund.processed", {
      status: "processed",
      transaction_reference: reference,
      refund_reference: "DASH-1",
      amount: "100000",
    });
    for (let i = 0; i < 10; i++) await webhook(raw);
    const rows = await t.db.select().from(refunds).where(eq(refunds.purchaseId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "processed", amountKobo: 100_000, reason: "made at the payment provider" });
  });

  it("an unsigned or wrongly signed refund event changes nothing", async () => {
    const { id, reference } = await paidOrder();
    const raw = refundEvent("refund.processed", {
      status: "processed",
      transaction_reference: reference,
      refund_reference: "X",
      amount: 100000,
    });
    expect((await webhook(raw, sign(raw, "sk_test_someone_else"))).status).toBe(401);
    expect((await webhook(raw, "")).status).toBe(401);
    expect(await t.db.select().from(refunds).where(eq(refunds.purchaseId, id))).toHaveLength(0);
  });
});

describe("disputes", () => {
  it("charge.dispute.create and charge.dispute.resolve, each replayed 10 times, record the dispute once each", async () => {
    const { id, reference, amount } = await paidOrder();
    const dispute = (event: string, status: string, resolution: string | null) =>
      refundEvent(event, {
        id: 358950,
        refund_amount: amount,
        currency: "NGN",
        status,
        resolution,
        transaction: { id: 4099260516, reference, amount, currency: "NGN" },
        dueAt: "2026-11-27T18:00:00.000Z",
      });
    const created = dispute("charge.dispute.create", "awaiting-merchant-feedback", null);
    await Promise.all(Array.from({ length: 10 }, () => webhook(created)));
    const resolved = dispute("charge.dispute.resolve", "resolved", "merchant-accepted");
    for (let i = 0; i < 10; i++) await webhook(resolved);
    const rows = await t.db.select().from(paymentDisputes).where(eq(paymentDisputes.purchaseId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "resolved", resolution: "merchant-accepted", amountKobo: amount });
    const notes = await timeline(id);
    expect(notes.filter((n) => n.startsWith("Payment disputed by the customer"))).toHaveLength(1);
    expect(notes.filter((n) => n.startsWith("Payment dispute resolved: merchant-accepted"))).toHaveLength(1);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "order_dispute_admin")));
    expect(mails.filter((m) => m.text.includes(id.slice(0, 8)))).toHaveLength(2);
    const view = await (await t.request(`/api/purchases/${id}/refunds`, { as: admin })).json();
    expect(view.disputes).toEqual([expect.objectContaining({ status: "resolved", resolution: "merchant-accepted" })]);
  });
});

describe("a payment the order could not take is refunded by its own transaction, never as the order's money", () => {
  const strays = async (id: string) =>
    (await (await t.request(`/api/purchases/${id}/stray-payments`, { as: admin })).json()).strayPayments as {
      id: string;
      status: string;
      amount: number;
      transactionId: string;
    }[];
  const refundStray = (id: string, strayId: string) =>
    t.request(`/api/purchases/${id}/stray-payments/${strayId}/refund`, { method: "POST", as: admin });
  const refundedMails = async (email: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "order_stray_refunded")));
  const orderMoney = async (id: string) => (await t.request(`/api/purchases/${id}/refunds`, { as: admin })).json();

  it("a second payment is kept as a row; refunded from the order's page once however many ask at once; its event closes it", async () => {
    const { id, reference, amount, customer } = await paidOrder();
    expect((await webhook(chargeSuccess(reference, amount, 5550001))).status).toBe(200);
    const [stray] = await strays(id);
    expect(stray).toMatchObject({ status: "refund_needed", amount: amount / 100, transactionId: "5550001" });

    const answers = await Promise.all([refundStray(id, stray!.id), refundStray(id, stray!.id), refundStray(id, stray!.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const calls = seen.filter((s) => s.url === "/refund");
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body)).toMatchObject({ transaction: "5550001", amount, currency: "NGN" });
    const [asked] = await t.db.select().from(strayPayments).where(eq(strayPayments.purchaseId, id));
    expect(asked).toMatchObject({ status: "refund_pending", actorId: admin.id });

    const raw = refundEvent("refund.processed", {
      status: "processed",
      id: asked!.providerRefundId,
      transaction_reference: reference,
      refund_reference: "132013318399",
      amount: String(amount),
    });
    expect(await refundedMails(customer.email)).toHaveLength(0);
    await Promise.all(Array.from({ length: 5 }, () => webhook(raw)));
    expect((await strays(id))[0]!.status).toBe("refunded");
    // she is told once that it went back
    const told = await refundedMails(customer.email);
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toContain(`your payment of ${formatNaira(amount)} has been refunded`);
    // the order's own money is untouched: nothing refunded, all of it still refundable
    expect(await orderMoney(id)).toMatchObject({ refunded: 0, pending: 0, state: "none", refundable: amount / 100 });
    expect(await t.db.select().from(refunds).where(eq(refunds.purchaseId, id))).toHaveLength(0);
    expect(
      (await timeline(id)).filter((n) => n.startsWith("Refund of the payment of") && n.includes("processed by paystack")),
    ).toHaveLength(1);
    expect((await refundStray(id, stray!.id)).status).toBe(409);
  });

  it("refunded on Paystack's dashboard: the event (no id) refunds the stray payment, not the order", async () => {
    const { id, reference, amount, customer } = await paidOrder();
    await webhook(chargeSuccess(reference, amount, 5550002));
    const raw = refundEvent("refund.processed", {
      status: "processed",
      transaction_reference: reference,
      refund_reference: "DASH-2",
      amount,
    });
    for (let i = 0; i < 3; i++) await webhook(raw);
    expect((await strays(id))[0]!.status).toBe("refunded");
    expect(await refundedMails(customer.email)).toHaveLength(1);
    expect(await t.db.select().from(refunds).where(eq(refunds.purchaseId, id))).toHaveLength(0);
    expect(await orderMoney(id)).toMatchObject({ refunded: 0, state: "none" });
    // a second dashboard refund of that amount is the order's own (made outside the shop), as before
    await webhook(
      refundEvent("refund.processed", { status: "processed", transaction_reference: reference, refund_reference: "DASH-3", amount }),
    );
    expect(await orderMoney(id)).toMatchObject({ refunded: amount / 100, state: "full" });
  });

  it("a refusal is a 402 on the timeline and the payment still waits for its refund; a failed refund event frees it again", async () => {
    const { id, reference, amount } = await paidOrder();
    await webhook(chargeSuccess(reference, amount, 5550003));
    const [stray] = await strays(id);
    refundAnswer = () => ({ status: 400, json: { status: false, message: "Transaction has been fully reversed" } });
    const refused = await refundStray(id, stray!.id);
    expect(refused.status).toBe(402);
    expect((await refused.json()).msg).toContain("Transaction has been fully reversed");
    expect((await strays(id))[0]!.status).toBe("refund_needed");
    expect(await timeline(id)).toContain(
      `Refund of the payment of ${formatNaira(amount)} not applied (transaction 5550003) refused by paystack: Payment service: Transaction has been fully reversed`,
    );

    refundAnswer = ({ amount: kobo }) => ({
      status: 200,
      json: { status: true, data: { id: nextRefundId++, amount: kobo, status: "pending" } },
    });
    expect((await refundStray(id, stray!.id)).status).toBe(200);
    const failed = refundEvent("refund.failed", { status: "failed", transaction_reference: reference, amount });
    await webhook(failed);
    expect((await strays(id))[0]!.status).toBe("refund_needed");
    expect((await refundStray(id, stray!.id)).status).toBe(200);
  });

  it("an unpaid order that took a payment of another amount keeps it on record: it cannot be deleted", async () => {
    const customer = await createUser(t.db);
    const product = await createProduct(t.db, { priceKobo: 500_000, discountKobo: 0, stock: 5 });
    await createCartItem(t.db, customer.id, product.id, 1);
    const res = await t.request("/api/purchases/create", {
      method: "POST",
      as: customer,
      json: { street: "3 Awolowo Road", city: "Ikoyi", state: "Lagos", phone: "08031234567", lga: "Ikeja", deliveryMethod: "standard" },
    });
    const { reference, purchase } = await res.json();
    await webhook(chargeSuccess(reference, 1_234_500, 5550004));
    expect(await strays(purchase.id)).toHaveLength(1);
    const del = await t.request(`/api/purchases/${purchase.id}`, { method: "DELETE", as: admin });
    expect(del.status).toBe(409);
    expect(await strays(purchase.id)).toHaveLength(1);
  });

  it("another order's payment cannot be refunded through this order; a customer cannot refund at all", async () => {
    const one = await paidOrder();
    const two = await paidOrder();
    await webhook(chargeSuccess(one.reference, one.amount, 5550005));
    const [stray] = await strays(one.id);
    expect((await refundStray(two.id, stray!.id)).status).toBe(404);
    const customer = await createUser(t.db);
    expect((await t.request(`/api/purchases/${one.id}/stray-payments/${stray!.id}/refund`, { method: "POST", as: customer })).status).toBe(
      403,
    );
    expect(seen.filter((s) => s.url === "/refund")).toHaveLength(0);
  });
});
