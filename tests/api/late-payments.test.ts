import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, purchaseEvents, purchases } from "../../db/schema";
import { abandonPayment, completePurchase, verifyAndComplete } from "../../modules/orders/completion.server";
import { expireStalePurchases, PAYMENT_WINDOW_MS } from "../../modules/orders/expiry.server";
import { sandboxProvider } from "../../modules/payments/sandbox.server";
import { checkoutAddress as address, createCartItem, createDeliveryRate, createProduct, createUser, stockOf } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

// An outside audit: a payment arriving after the admin cancelled an unpaid order turned it
// back into `completed` (stock taken again; the customer got 'cancelled', then 'confirmed').
// An order the shop cancelled stays cancelled; the payment is recorded as a refund due.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
});

const rowOf = async (reference: string) => (await t.db.select().from(purchases).where(eq(purchases.reference, reference)))[0]!;
const mailKinds = async (email: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).map((m) => m.kind).sort();

async function pendingOrder(stock = 5) {
  const user = await createUser(t.db);
  const product = await createProduct(t.db, { stock });
  await createCartItem(t.db, user.id, product.id, 2);
  const res = await t.request("/api/purchases/create", { method: "POST", as: user, json: address });
  expect(res.status).toBe(201);
  const { reference, purchase } = await res.json();
  const paid = {
    status: "success" as const,
    amountKobo: Math.round(purchase.totalAmount * 100),
    currency: "NGN",
    transactionId: "tx-late",
  };
  return { user, product, reference, id: purchase.id as string, paid };
}

describe("a payment that arrives after the order was cancelled", () => {
  it("cancelled by the admin before payment: stays cancelled, stock untouched, refund due, no 'confirmed' mail", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const { user, product, reference, id, paid } = await pendingOrder();
    const cancel = await t.request(`/api/purchases/${id}/status`, {
      method: "PATCH",
      as: admin,
      json: { status: "cancelled", note: "customer asked by phone" },
    });
    expect(cancel.status).toBe(200);
    expect(await stockOf(t.db, product.id)).toBe(5);

    const result = await completePurchase(t.db, reference, paid, "webhook");
    expect(result.outcome).toBe("refund_due");
    const row = await rowOf(reference);
    expect(row).toMatchObject({ status: "cancelled", transactionId: "tx-late" });
    expect(row.paidAt).not.toBeNull();
    expect(await stockOf(t.db, product.id)).toBe(5);
    // the shopper hears 'cancelled' then 'refund', never 'confirmed'; the shop is told to refund
    expect(await mailKinds(user.email)).toEqual(["order_cancelled", "order_refund_due"]);
    const refundMail = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).find(
      (m) => m.kind === "order_refund_due",
    );
    expect(refundMail!.text).toContain("but we had already cancelled the order");
    const notes = (await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, id))).map((e) => e.note);
    expect(notes).toContain("payment received by webhook after cancellation (tx-late), the shop had cancelled the order: refund needed");

    // a verify or a retried webhook changes nothing more
    expect((await completePurchase(t.db, reference, paid, "webhook")).outcome).toBe("refund_due");
    expect(await stockOf(t.db, product.id)).toBe(5);
    expect(await mailKinds(user.email)).toEqual(["order_cancelled", "order_refund_due"]);
  });

  it("the admin's cancel wins however the payment arrives: webhook, or the shopper's return to /checkout/complete", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const { user, reference, id, paid } = await pendingOrder();
    await t.request(`/api/purchases/${id}/status`, { method: "PATCH", as: admin, json: { status: "cancelled" } });
    // the provider says the shopper paid (she was still on its page when the admin cancelled)
    const provider = { ...sandboxProvider(t.db), verify: async () => paid };
    expect((await verifyAndComplete(t.db, provider, user, reference)).outcome).toBe("refund_due");
    expect((await rowOf(reference)).status).toBe("cancelled");
    expect(await mailKinds(user.email)).toEqual(["order_cancelled", "order_refund_due"]);
  });

  it.each([
    { who: "expired (the 30-minute window closed)", cancel: (ref: string) => expireAll(ref) },
    { who: "cancelled by the shopper (popup closed)", cancel: (ref: string, user: { id: string }) => closePopup(ref, user) },
    { who: "replaced by her newer checkout", cancel: (_ref: string, user: { id: string }) => checkoutAgain(user) },
  ])("$who: the late payment still completes while the stock lasts", async ({ cancel }) => {
    const { user, product, reference, paid } = await pendingOrder();
    await cancel(reference, user);
    expect((await rowOf(reference)).status).toBe("cancelled");
    const stockBefore = await stockOf(t.db, product.id);
    expect((await completePurchase(t.db, reference, paid, "webhook")).outcome).toBe("completed");
    expect((await rowOf(reference)).status).toBe("completed");
    expect(await stockOf(t.db, product.id)).toBe(stockBefore! - 2);
  });
});

async function expireAll(_reference: string) {
  await expireStalePurchases(t.db, new Date(Date.now() + PAYMENT_WINDOW_MS + 60_000));
}

async function closePopup(reference: string, user: { id: string }) {
  const provider = {
    ...sandboxProvider(t.db),
    verify: async () => ({ status: "abandoned" as const, amountKobo: 0, currency: "NGN", transactionId: null }),
  };
  await abandonPayment(t.db, provider, { id: user.id, role: "customer" }, reference);
}

async function checkoutAgain(user: { id: string }) {
  const res = await t.request("/api/purchases/create", { method: "POST", as: { id: user.id, role: "customer" }, json: address });
  expect(res.status).toBe(201);
}
