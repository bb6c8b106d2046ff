import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cartItems, mailOutbox, partPayments, products, purchaseEvents, purchases, strayPayments } from "../../db/schema";
import { orderViewToken } from "../../modules/orders/order-links.server";
import { startChipIn, startLinkPayment } from "../../modules/orders/pay-link.server";
import { getSettings } from "../../modules/settings/service.server";
import { startPayment } from "../../modules/orders/payment-start.server";
import { paystackProvider } from "../../modules/payments/paystack.server";
import { createAdminUser, createCartItem, createProduct, createUser, stockOf } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";
import type { Role } from "../../modules/accounts/roles";

// A fake Paystack API on loopback: records every request, answers as told.
type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
const seen: Seen[] = [];
let verifyAnswer: (reference: string) => unknown = () => ({ status: false, message: "not set" });
const fake = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
    res.setHeader("Content-Type", "application/json");
    if (req.method === "POST" && req.url === "/transaction/initialize") {
      const { reference } = JSON.parse(body);
      res.end(
        JSON.stringify({
          status: true,
          message: "Authorization URL created",
          data: { authorization_url: `https://checkout.paystack.test/${reference}`, access_code: "acc_123", reference },
        }),
      );
    } else if (req.method === "GET" && req.url?.startsWith("/transaction/verify/")) {
      res.end(JSON.stringify(verifyAnswer(decodeURIComponent(req.url.slice("/transaction/verify/".length)))));
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ status: false, message: "no route" }));
    }
  });
});

const SECRET = "sk_test_fake_secret_0123456789";
let t: TestContext;
let base: string;
beforeAll(async () => {
  await new Promise<void>((r) => fake.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  t = await createTestContext({ PAYMENT_PROVIDER: "paystack", PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_API_BASE: base });
});
afterAll(() => new Promise<void>((r) => fake.close(() => r())));
beforeEach(() => {
  seen.length = 0;
});

const address = { street: "3 Awolowo Road", city: "Ikoyi", state: "Lagos", phone: "08031234567", lga: "Ikeja", deliveryMethod: "standard" };
const sign = (raw: string, secret = SECRET) => crypto.createHmac("sha512", secret).update(raw).digest("hex");
const purchaseRow = async (reference: string) => (await t.db.select().from(purchases).where(eq(purchases.reference, reference)))[0]!;
const mailsFor = async (email: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length;
/** The stray payment mails of one shopper's orders: hers, and the shop's that name her. */
async function strayMails(email: string) {
  const mails = await t.db.select().from(mailOutbox);
  return {
    shopper: mails.filter((m) => m.to === email && m.kind === "order_stray_payment").length,
    shop: mails.filter((m) => m.kind === "order_stray_payment_admin" && m.text.includes(`<${email}>`)).length,
  };
}

async function pendingPurchase() {
  const user = await createUser(t.db);
  const product = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 10 });
  await createCartItem(t.db, user.id, product.id, 1);
  const res = await t.request("/api/purchases/create", { method: "POST", as: user, json: address });
  expect(res.status).toBe(201);
  const body = await res.json();
  return { user, product, ...body } as {
    user: typeof user;
    product: typeof product;
    reference: string;
    authorizationUrl: string;
    purchase: { id: string; totalAmount: number };
  };
}

function webhook(raw: string, signature: string | undefined) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature !== undefined) headers["x-paystack-signature"] = signature;
  return t.app.request("/api/payments/paystack/webhook", { method: "POST", body: raw, headers });
}

const chargeSuccess = (reference: string, amount: number, currency = "NGN", id = 4099260516) =>
  JSON.stringify({
    event: "charge.success",
    data: { id, status: "success", reference, amount, currency, paid_at: "2026-11-22T00:00:00.000Z" },
  });

describe("Paystack adapter", () => {
  it("initializes with the amount in kobo, our reference, the callback URL and the secret key", async () => {
    const { reference, authorizationUrl, purchase } = await pendingPurchase();
    expect(authorizationUrl).toBe(`https://checkout.paystack.test/${reference}`);
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req!.method).toBe("POST");
    expect(req!.url).toBe("/transaction/initialize");
    expect(req!.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(req!.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(req!.body);
    // back to the order's page, signed so that a guest can open it too
    const callback = `http://localhost:3000/checkout/complete?reference=${reference}&t=${orderViewToken(t.env, purchase.id)}`;
    expect(body).toEqual({
      email: expect.stringContaining("@"),
      amount: 1_000_000 + 75_000 + 200_000,
      currency: "NGN",
      reference,
      callback_url: callback,
      // the owner's channels, passed explicitly (the settings' default)
      channels: ["card", "bank_transfer", "ussd"],
      metadata: { cancel_action: callback },
    });
    expect(purchase.totalAmount * 100).toBe(body.amount);
  });

  it("verifies at /transaction/verify/{reference} and needs status success, the exact amount and NGN", async () => {
    const provider = paystackProvider({ secretKey: SECRET, apiBase: base });
    verifyAnswer = (reference) => ({ status: true, data: { status: "success", amount: 5000, currency: "NGN", reference, id: 77 } });
    expect(await provider.verify("ALF-abc")).toEqual({ status: "success", amountKobo: 5000, currency: "NGN", transactionId: "77" });
    expect(seen.at(-1)).toMatchObject({ method: "GET", url: "/transaction/verify/ALF-abc" });
    expect(seen.at(-1)!.headers.authorization).toBe(`Bearer ${SECRET}`);
  });

  it("a failed initialization undoes the reservation and answers an error, not a 500", async () => {
    const broken = await createTestContext({
      PAYMENT_PROVIDER: "paystack",
      PAYSTACK_SECRET_KEY: SECRET,
      PAYSTACK_API_BASE: `${base}/broken`,
    });
    const user = await createUser(broken.db);
    const product = await createProduct(broken.db, { stock: 3 });
    await createCartItem(broken.db, user.id, product.id, 2);
    const res = await broken.request("/api/purchases/create", { method: "POST", as: user, json: address });
    expect(res.status).toBe(402);
    expect((await broken.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)))[0]!.stock).toBe(3);
    expect((await broken.db.select().from(purchases).where(eq(purchases.userId, user.id)))[0]!.status).toBe("cancelled");
  });

  it("/checkout/complete's verification completes only on success with the exact amount and currency", async () => {
    const { verifyAndComplete } = await import("../../modules/orders/completion.server");
    const provider = paystackProvider({ secretKey: SECRET, apiBase: base });
    const cases = [
      { data: { status: "success", amount: 1, currency: "NGN" }, completes: false },
      { data: { status: "success", amount: 1_275_000, currency: "USD" }, completes: false },
      { data: { status: "failed", amount: 1_275_000, currency: "NGN" }, completes: false },
      { data: { status: "success", amount: 1_275_000, currency: "NGN" }, completes: true },
    ];
    for (const c of cases) {
      const { reference } = await pendingPurchase();
      verifyAnswer = (ref) => ({ status: true, data: { ...c.data, reference: ref, id: 1 } });
      const result = await verifyAndComplete(t.db, provider, reference, { links: t.env });
      expect((await purchaseRow(reference)).status === "completed").toBe(c.completes);
      expect(result.outcome === "completed").toBe(c.completes);
    }
  });
});

describe("POST /api/payments/paystack/webhook", () => {
  it("a valid signature completes the purchase: stock stays taken, cart cleared, mails queued", async () => {
    const { user, product, reference } = await pendingPurchase();
    const raw = chargeSuccess(reference, 1_275_000);
    const res = await webhook(raw, sign(raw));
    expect(res.status).toBe(200);
    const row = await purchaseRow(reference);
    expect(row.status).toBe("completed");
    expect(row.transactionId).toBe("4099260516");
    expect(await stockOf(t.db, product.id)).toBe(9);
    expect(await mailsFor(user.email)).toBe(1);
  });

  it("an invalid or missing signature is a 401 and changes nothing", async () => {
    const { user, product, reference } = await pendingPurchase();
    const raw = chargeSuccess(reference, 1_275_000);
    for (const signature of [sign(raw, "sk_test_other"), sign(raw).slice(0, 64), undefined, sign(`${raw} `)]) {
      const res = await webhook(raw, signature);
      expect(res.status).toBe(401);
    }
    expect((await purchaseRow(reference)).status).toBe("pending");
    expect(await stockOf(t.db, product.id)).toBe(9);
    expect(await mailsFor(user.email)).toBe(0);
  });

  it("the same event 10 times in a row: one completion, one stock change, one mail", async () => {
    const { user, product, reference } = await pendingPurchase();
    const raw = chargeSuccess(reference, 1_275_000);
    for (let i = 0; i < 10; i++) expect((await webhook(raw, sign(raw))).status).toBe(200);
    expect((await purchaseRow(reference)).status).toBe("completed");
    expect(await stockOf(t.db, product.id)).toBe(9);
    expect(await mailsFor(user.email)).toBe(1);
    expect(
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order_new_admin"))).filter((m) => m.text.includes(reference)),
    ).toHaveLength(1);
  });

  it("the same event 10 times at once, mixed with verifies: one completion, one stock change, one mail", async () => {
    const { verifyAndComplete } = await import("../../modules/orders/completion.server");
    const provider = paystackProvider({ secretKey: SECRET, apiBase: base });
    const { user, product, reference } = await pendingPurchase();
    verifyAnswer = (ref) => ({
      status: true,
      data: { status: "success", amount: 1_275_000, currency: "NGN", reference: ref, id: 4099260516 },
    });
    const raw = chargeSuccess(reference, 1_275_000);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => webhook(raw, sign(raw))),
      ...Array.from({ length: 3 }, () => verifyAndComplete(t.db, provider, reference, { links: t.env }).then(() => ({ status: 200 }))),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((await purchaseRow(reference)).status).toBe("completed");
    expect(await stockOf(t.db, product.id)).toBe(9);
    expect(await mailsFor(user.email)).toBe(1);
    expect(
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order_new_admin"))).filter((m) => m.text.includes(reference)),
    ).toHaveLength(1);
  });

  it("an amount or currency mismatch never completes (the money is recorded as stray, below)", async () => {
    const { user, reference } = await pendingPurchase();
    for (const raw of [chargeSuccess(reference, 1_274_999), chargeSuccess(reference, 1_275_000, "USD"), chargeSuccess(reference, 12_750)]) {
      expect((await webhook(raw, sign(raw))).status).toBe(200);
    }
    expect((await purchaseRow(reference)).status).toBe("pending");
    expect((await purchaseRow(reference)).paidAt).toBeNull();
    // one transaction told three ways: one refund to make, no order mail
    expect(await strayMails(user.email)).toEqual({ shopper: 1, shop: 1 });
    expect(await mailsFor(user.email)).toBe(1);
  });

  it("ignores other events and unknown references; malformed JSON with a good signature is a 400", async () => {
    const other = JSON.stringify({ event: "transfer.success", data: { reference: "x" } });
    expect((await webhook(other, sign(other))).status).toBe(200);
    const unknown = chargeSuccess("ALF-unknown", 100);
    expect((await webhook(unknown, sign(unknown))).status).toBe(200);
    expect((await webhook("{oops", sign("{oops"))).status).toBe(400);
  });
});

describe("a payment its order cannot take is recorded, never applied, never silent", () => {
  const notApplied = async (purchaseId: string) =>
    (await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, purchaseId)))
      .map((e) => e.note ?? "")
      .filter((n) => n.includes("not applied"));

  it("a second payment for a paid order (another transaction, e.g. a shared link paid twice): one refund to make, however often told", async () => {
    const { user, product, reference, purchase } = await pendingPurchase();
    const first = chargeSuccess(reference, 1_275_000, "NGN", 111);
    expect((await webhook(first, sign(first))).status).toBe(200);
    const second = chargeSuccess(reference, 1_275_000, "NGN", 222);
    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(second, sign(second))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    // the first payment, told again, is not a second one
    expect((await webhook(first, sign(first))).status).toBe(200);

    const row = await purchaseRow(reference);
    expect(row).toMatchObject({ status: "completed", transactionId: "111", paidAmountKobo: 1_275_000 });
    expect(await stockOf(t.db, product.id)).toBe(9);
    expect(await notApplied(purchase.id)).toEqual([
      `Payment of ₦12,750 received by webhook (reference ${reference}, transaction 222) but not applied: the order was already paid. Refund needed.`,
    ]);
    expect(await strayMails(user.email)).toEqual({ shopper: 1, shop: 1 });
    const shop = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order_stray_payment_admin"))).find((m) =>
      m.text.includes(`<${user.email}>`),
    );
    expect(shop!.subject).toMatch(/^Refund needed: order #[0-9a-f]{8}, ₦12,750 not applied$/);
    expect(shop!.text).toContain("transaction 222");
    expect(shop!.text).toContain(`/viewpurchase/${purchase.id}`);
  });

  it("a card payment after the owner recorded a bank transfer for the order is a refund to make", async () => {
    const { user, reference, purchase } = await pendingPurchase();
    const admin = await createAdminUser(t.db);
    const recorded = await t.request(`/api/purchases/${purchase.id}/payment`, {
      method: "POST",
      as: admin,
      json: { method: "transfer", amount: 12_750, reference: "GTB narration" },
    });
    expect(recorded.status).toBe(200);
    const card = chargeSuccess(reference, 1_275_000, "NGN", 333);
    expect((await webhook(card, sign(card))).status).toBe(200);
    expect(await purchaseRow(reference)).toMatchObject({ status: "completed", paidVia: "transfer", transactionId: null });
    expect(await notApplied(purchase.id)).toHaveLength(1);
    expect(await strayMails(user.email)).toEqual({ shopper: 1, shop: 1 });
  });

  it("a payment of another amount (an earlier page, before the order was repriced) leaves the order waiting; the right payment still completes it", async () => {
    const { user, reference, purchase } = await pendingPurchase();
    const old = chargeSuccess(reference, 2_000_000, "NGN", 444);
    expect((await webhook(old, sign(old))).status).toBe(200);
    expect(await purchaseRow(reference)).toMatchObject({ status: "pending", paidAt: null });
    expect(await notApplied(purchase.id)).toEqual([
      `Payment of ₦20,000 received by webhook (reference ${reference}, transaction 444) but not applied: it does not match the order's total of ₦12,750. Refund needed.`,
    ]);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "order_stray_payment"), eq(mailOutbox.to, user.email)));
    expect(mail!.text).toContain("We received a payment of ₦20,000");
    expect(mail!.text).toContain("the order's total is now ₦12,750");

    const right = chargeSuccess(reference, 1_275_000, "NGN", 555);
    expect((await webhook(right, sign(right))).status).toBe(200);
    expect(await purchaseRow(reference)).toMatchObject({ status: "completed", transactionId: "555" });
    expect(await strayMails(user.email)).toEqual({ shopper: 1, shop: 1 });
  });

  it("back from the payment page after the owner recorded her transfer: the second payment is recorded at once, before any webhook", async () => {
    const { verifyAndComplete } = await import("../../modules/orders/completion.server");
    const provider = paystackProvider({ secretKey: SECRET, apiBase: base });
    const { user, reference, purchase } = await pendingPurchase();
    const admin = await createAdminUser(t.db);
    const recorded = await t.request(`/api/purchases/${purchase.id}/payment`, {
      method: "POST",
      as: admin,
      json: { method: "transfer", amount: 12_750 },
    });
    expect(recorded.status).toBe(200);
    verifyAnswer = (ref) => ({ status: true, data: { status: "success", amount: 1_275_000, currency: "NGN", reference: ref, id: 777 } });
    const back = await verifyAndComplete(t.db, provider, reference, { links: t.env });
    expect(back.outcome).toBe("stray");
    expect(back.purchase.status).toBe("completed");
    expect(await notApplied(purchase.id)).toHaveLength(1);
    expect(await strayMails(user.email)).toEqual({ shopper: 1, shop: 1 });
    // her page again, and the webhook when it comes: still one
    await verifyAndComplete(t.db, provider, reference, { links: t.env });
    const card = chargeSuccess(reference, 1_275_000, "NGN", 777);
    expect((await webhook(card, sign(card))).status).toBe(200);
    expect(await notApplied(purchase.id)).toHaveLength(1);
  });

  it("an order paid online through this very attempt does not ask the provider again when she opens it", async () => {
    const { verifyAndComplete } = await import("../../modules/orders/completion.server");
    const provider = paystackProvider({ secretKey: SECRET, apiBase: base });
    const { reference } = await pendingPurchase();
    const paid = chargeSuccess(reference, 1_275_000, "NGN", 888);
    expect((await webhook(paid, sign(paid))).status).toBe(200);
    seen.length = 0;
    expect((await verifyAndComplete(t.db, provider, reference, { links: t.env })).outcome).toBe("already_completed");
    expect(seen.filter((s) => s.url.startsWith("/transaction/verify/"))).toHaveLength(0);
  });

  it("the owner's own records are never stray: a transfer recorded twice is refused as before", async () => {
    const { reference, purchase } = await pendingPurchase();
    const admin = await createAdminUser(t.db);
    const pay = () =>
      t.request(`/api/purchases/${purchase.id}/payment`, { method: "POST", as: admin, json: { method: "transfer", amount: 12_750 } });
    expect((await pay()).status).toBe(200);
    expect((await pay()).status).toBe(409);
    expect(await notApplied(purchase.id)).toEqual([]);
    expect((await purchaseRow(reference)).paidVia).toBe("transfer");
  });
});

describe("POST /api/purchases/cancel (the payment popup closed or failed)", () => {
  const cancel = (as: { id: string; role: Role } | undefined, reference: string) =>
    t.request("/api/purchases/cancel", { method: "POST", ...(as ? { as } : {}), json: { reference } });
  const cartOf = async (userId: string) => (await t.db.select().from(cartItems).where(eq(cartItems.userId, userId))).length;

  it("cancels the pending order at once: stock back, cart intact, after asking Paystack", async () => {
    const { user, product, reference } = await pendingPurchase();
    expect(await stockOf(t.db, product.id)).toBe(9);
    verifyAnswer = (ref) => ({ status: true, data: { status: "abandoned", amount: 1_275_000, currency: "NGN", reference: ref, id: 1 } });
    const res = await cancel(user, reference);
    expect(res.status).toBe(200);
    expect((await res.json()).purchase).toMatchObject({ reference, status: "cancelled" });
    expect(seen.at(-1)).toMatchObject({ method: "GET", url: `/transaction/verify/${reference}` });
    expect(await stockOf(t.db, product.id)).toBe(10);
    expect(await cartOf(user.id)).toBe(1);
    // a second report changes nothing
    expect((await cancel(user, reference)).status).toBe(200);
    expect(await stockOf(t.db, product.id)).toBe(10);
  });

  it("cancels even when Paystack cannot be asked (a late payment still completes while stock lasts)", async () => {
    const { user, product, reference } = await pendingPurchase();
    verifyAnswer = () => ({ status: false, message: "Service unavailable" });
    expect((await cancel(user, reference)).status).toBe(200);
    expect((await purchaseRow(reference)).status).toBe("cancelled");
    expect(await stockOf(t.db, product.id)).toBe(10);
  });

  it("a payment that did go through completes instead of being cancelled", async () => {
    const { user, product, reference, purchase } = await pendingPurchase();
    verifyAnswer = (ref) => ({
      status: true,
      data: { status: "success", amount: purchase.totalAmount * 100, currency: "NGN", reference: ref, id: 2 },
    });
    expect((await (await cancel(user, reference)).json()).purchase.status).toBe("completed");
    expect(await stockOf(t.db, product.id)).toBe(9);
  });

  it("only the buyer: another shopper, or anyone without the order's link, gets 404 and nothing changes", async () => {
    const { product, reference } = await pendingPurchase();
    const other = await createUser(t.db);
    expect((await cancel(other, reference)).status).toBe(404);
    expect((await cancel(undefined, reference)).status).toBe(404);
    expect((await purchaseRow(reference)).status).toBe("pending");
    expect(await stockOf(t.db, product.id)).toBe(9);
  });
});

describe('chipping in through Paystack (docs/product.md "Chipping in")', () => {
  it("a part is charged for its own amount, its webhook adds it once, and the rest completes the order", async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 10 });
    await createCartItem(t.db, user.id, product.id, 1);
    const res = await t.request("/api/purchases/create", { method: "POST", as: user, json: { ...address, paymentMethod: "pay_link" } });
    expect(res.status).toBe(201);
    const id = (await res.json()).purchase.id as string;
    const row = (await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;
    expect(row.totalKobo).toBe(1_275_000);

    const back = (reference: string) => `/pay/${id}?reference=${reference}`;
    const part = await startChipIn(t.db, t.env, row, { amount: 5_000, name: "Chioma", email: "chioma@example.ng" }, back);
    const initialized = (reference: string) =>
      JSON.parse(seen.find((s) => s.url === "/transaction/initialize" && JSON.parse(s.body).reference === reference)!.body);
    // the provider's page shows the email it is given: the payer's own, never the buyer's
    expect(initialized(part.reference)).toMatchObject({ amount: 500_000, currency: "NGN", email: "chioma@example.ng" });
    const { contactEmail } = await getSettings(t.db);
    const unnamed = await startChipIn(t.db, t.env, row, { amount: 2_000 }, back);
    expect(initialized(unnamed.reference)).toMatchObject({ amount: 200_000, email: contactEmail });
    const whole = await startLinkPayment(t.db, t.env, row, back);
    expect(initialized(whole.reference)).toMatchObject({ amount: 1_275_000, email: contactEmail });
    expect(contactEmail).not.toBe(user.email);

    const raw = chargeSuccess(part.reference, 500_000, "NGN", 5_100_001);
    for (let i = 0; i < 3; i++) expect((await webhook(raw, sign(raw))).status).toBe(200);
    const parts = await t.db.select().from(partPayments).where(eq(partPayments.purchaseId, id));
    expect(parts).toMatchObject([{ amountKobo: 500_000, paidVia: "provider", transactionId: "5100001", payerName: "Chioma" }]);
    expect((await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]).toMatchObject({ status: "pending", depositKobo: 500_000 });

    // the rest, on a fresh attempt for what is left
    const waiting = (await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;
    const rest = await startPayment(t.db, paystackProvider({ secretKey: SECRET, apiBase: base }), t.env, waiting, back, { fresh: true });
    const restRaw = chargeSuccess(rest.reference, 775_000, "NGN", 5_100_002);
    expect((await webhook(restRaw, sign(restRaw))).status).toBe(200);
    expect((await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]).toMatchObject({
      status: "completed",
      paidAmountKobo: 1_275_000,
      transactionId: "5100002",
    });
    // the part told again after the order is paid is that part, not a second payment
    expect((await webhook(raw, sign(raw))).status).toBe(200);
    expect(await t.db.select().from(strayPayments).where(eq(strayPayments.purchaseId, id))).toHaveLength(0);
  });
});
