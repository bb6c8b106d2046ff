// Refunds from the back office (docs/product.md "Refunds"): full or partial through the provider
// (the sandbox here), never more than was paid, even when refunds race; stock put back per line;
// the customer mailed; a late payment's 'refund due' refunded from the same screen.
import { and, eq, ne, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, purchaseEvents, purchaseItems, type purchases, refunds } from "../../db/schema";
import { completePurchase } from "../../modules/orders/completion.server";
import { createDeliveryRate, createProduct, createPurchase, createUser, stockOf } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestContext();
  admin = await createUser(t.db, { role: "admin" });
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
});

/** A paid order of two lines: 2 journals (₦10,000 each) and 1 card deck (₦5,000); stock 10 and 10 left after it. */
async function paidOrder(overrides: Partial<typeof purchases.$inferInsert> = {}) {
  const customer = await createUser(t.db);
  const journal = await createProduct(t.db, { title: "Gratitude Journal", priceKobo: 1_000_000, discountKobo: 0, stock: 8 });
  const cards = await createProduct(t.db, { title: "Self-Care Cards", priceKobo: 500_000, discountKobo: 0, stock: 9 });
  const order = await createPurchase(
    t.db,
    customer,
    [
      { product: journal, quantity: 2 },
      { product: cards, quantity: 1 },
    ],
    { paidVia: "provider", transactionId: "SBX-12345678", ...overrides },
  );
  const items = await t.db.select().from(purchaseItems).where(eq(purchaseItems.purchaseId, order.id));
  const line = (title: string) => items.find((i) => i.title === title)!;
  return { customer, order, journal, cards, journalLine: line("Gratitude Journal"), cardsLine: line("Self-Care Cards") };
}

const refund = (id: string, json: unknown, headers: Record<string, string> = {}) =>
  t.request(`/api/purchases/${id}/refunds`, { method: "POST", as: admin, json, headers });
const summary = async (id: string) => (await t.request(`/api/purchases/${id}/refunds`, { as: admin })).json();
const kobo = (naira: number) => Math.round(naira * 100);
const committed = async (id: string) =>
  Number(
    (
      await t.db
        .select({ s: sql<number>`coalesce(sum(${refunds.amountKobo}), 0)::int` })
        .from(refunds)
        .where(and(eq(refunds.purchaseId, id), ne(refunds.status, "failed")))
    )[0]!.s,
  );

describe("a refund from the back office", () => {
  it("refunds part of an order through the provider, puts one line's stock back, mails the customer and writes the timeline", async () => {
    const { customer, order, journal, journalLine } = await paidOrder();
    const res = await refund(order.id, {
      amount: 10_000,
      reason: "one journal arrived torn",
      restock: [{ itemId: journalLine.id, quantity: 1 }],
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.refund.status).toBe("processed");
    expect(body).toMatchObject({ paid: order.totalKobo / 100, refunded: 10_000, pending: 0, state: "partial" });
    expect(body.refundable).toBe(order.totalKobo / 100 - 10_000);
    expect(body.lines.find((l: { id: string }) => l.id === journalLine.id).restocked).toBe(1);
    expect(body.refunds[0]).toMatchObject({
      amount: 10_000,
      provider: "sandbox",
      reason: "one journal arrived torn",
      actorName: expect.any(String),
    });
    expect(body.refunds[0].providerRefundId).toMatch(/^SBX-RFD-/);
    expect(await stockOf(t.db, journal.id)).toBe(9);

    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, customer.email), eq(mailOutbox.kind, "order_refund")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("₦10,000");
    expect(mails[0]!.text).toContain("Returned items: 1 × Gratitude Journal");
    const notes = (await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, order.id))).map((e) => e.note);
    expect(notes.some((n) => n?.startsWith("Refund of ₦10,000 processed") && n.includes("back in stock: 1 × Gratitude Journal"))).toBe(
      true,
    );
    // the admin's order page reads the same figures
    expect((await summary(order.id)).refunded).toBe(10_000);
  });

  it("refuses more than what is left, names the amount, and a full refund leaves nothing refundable", async () => {
    const { order } = await paidOrder();
    const total = order.totalKobo / 100;
    const over = await refund(order.id, { amount: total + 0.01 });
    expect(over.status).toBe(409);
    expect((await over.json()).fields.amount).toContain("At most");
    expect((await refund(order.id, { amount: total - 1000 })).status).toBe(201);
    const tooMuch = await refund(order.id, { amount: 1000.01 });
    expect(tooMuch.status).toBe(409);
    expect((await tooMuch.json()).fields.amount).toBe("At most ₦1,000 can still be refunded.");
    expect((await refund(order.id, { amount: 1000 })).status).toBe(201);
    expect(await summary(order.id)).toMatchObject({ state: "full", refundable: 0, refunded: total });
    expect((await refund(order.id, { amount: 0.01 })).status).toBe(409);
  });

  it("10 refunds at once, each of 30% of the payment: three go through, the sum never passes what was paid", async () => {
    const { order } = await paidOrder();
    const part = Math.floor(order.totalKobo * 0.3) / 100;
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(order.id, { amount: part })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(await committed(order.id)).toBe(kobo(part) * 3);
    expect(await committed(order.id)).toBeLessThanOrEqual(order.totalKobo);
  });

  it("10 refunds at once of the whole payment: exactly one", async () => {
    const { order } = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(order.id, { amount: order.totalKobo / 100 })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(await committed(order.id)).toBe(order.totalKobo);
  });

  it("a retried request with the same Idempotency-Key refunds once", async () => {
    const { order } = await paidOrder();
    const key = { "Idempotency-Key": crypto.randomUUID() };
    const [a, b] = [await refund(order.id, { amount: 500 }, key), await refund(order.id, { amount: 500 }, key)];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await committed(order.id)).toBe(50_000);
  });

  it("puts back at most what a line holds, and a later cancel gives back only the rest", async () => {
    const { order, journal, cards, journalLine, cardsLine } = await paidOrder();
    const tooMany = await refund(order.id, { amount: 100, restock: [{ itemId: journalLine.id, quantity: 3 }] });
    expect(tooMany.status).toBe(409);
    expect((await tooMany.json()).msg).toBe("Only 2 of Gratitude Journal can still be put back.");
    expect(await stockOf(t.db, journal.id)).toBe(8);
    expect(await committed(order.id)).toBe(0);
    expect(
      (
        await refund(order.id, {
          amount: 100,
          restock: [
            { itemId: journalLine.id, quantity: 2 },
            { itemId: cardsLine.id, quantity: 1 },
          ],
        })
      ).status,
    ).toBe(201);
    expect(await stockOf(t.db, journal.id)).toBe(10);
    expect((await refund(order.id, { amount: 100, restock: [{ itemId: cardsLine.id, quantity: 1 }] })).status).toBe(409);
    // a line of another order is not this order's
    const otherOrder = await paidOrder();
    expect((await refund(order.id, { amount: 100, restock: [{ itemId: otherOrder.journalLine.id, quantity: 1 }] })).status).toBe(409);
    // the shop cancels the paid order: the units already back are not given back twice
    const cancel = await t.request(`/api/purchases/${order.id}/status`, { method: "PATCH", as: admin, json: { status: "cancelled" } });
    expect(cancel.status).toBe(200);
    expect(await stockOf(t.db, journal.id)).toBe(10);
    expect(await stockOf(t.db, cards.id)).toBe(10);
  });

  it("an unpaid order has nothing to refund; customers and visitors cannot refund", async () => {
    const { order } = await paidOrder({ status: "pending", paidAt: null });
    const res = await refund(order.id, { amount: 100 });
    expect(res.status).toBe(409);
    expect((await res.json()).msg).toBe("This order has not been paid: there is nothing to refund.");
    const customer = await createUser(t.db);
    expect((await t.request(`/api/purchases/${order.id}/refunds`, { method: "POST", as: customer, json: { amount: 1 } })).status).toBe(403);
    expect((await t.request(`/api/purchases/${order.id}/refunds`, { method: "POST", json: { amount: 1 } })).status).toBe(401);
    expect((await refund(order.id, { amount: -5 })).status).toBe(400);
    expect((await refund(order.id, { amount: 1.005 })).status).toBe(400);
    expect((await refund(order.id, { amount: 1, extra: true })).status).toBe(400);
  });

  it("money the shop received itself is refunded by hand: recorded at once, no provider asked", async () => {
    const { order } = await paidOrder({ paidVia: "transfer", paidAmountKobo: 5_000_000, transactionId: null });
    const res = await refund(order.id, { amount: 50_000 });
    // the owner recorded ₦50,000 received for a smaller total: all of it can go back
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.refunds[0]).toMatchObject({ provider: "manual", status: "processed" });
    expect(body.paid).toBe(50_000);
  });
});

describe("the 'refund due' of a payment that arrived after the shop cancelled", () => {
  it("is refunded from the same screen; its stock is already back so none is put back again", async () => {
    const customer = await createUser(t.db);
    const product = await createProduct(t.db, { priceKobo: 1_000_000, stock: 5 });
    const { createCartItem, checkoutAddress } = await import("../factories");
    await createCartItem(t.db, customer.id, product.id, 1);
    const placed = await (await t.request("/api/purchases/create", { method: "POST", as: customer, json: checkoutAddress })).json();
    await t.request(`/api/purchases/${placed.purchase.id}/status`, { method: "PATCH", as: admin, json: { status: "cancelled" } });
    const paid = {
      status: "success" as const,
      amountKobo: kobo(placed.purchase.totalAmount),
      currency: "NGN",
      transactionId: "SBX-late0001",
    };
    expect((await completePurchase(t.db, placed.reference, paid, "webhook", { links: t.env })).outcome).toBe("refund_due");
    expect(await summary(placed.purchase.id)).toMatchObject({ due: placed.purchase.totalAmount, canRestock: false, state: "none" });

    const [line] = await t.db.select().from(purchaseItems).where(eq(purchaseItems.purchaseId, placed.purchase.id));
    const restock = await refund(placed.purchase.id, { amount: placed.purchase.totalAmount, restock: [{ itemId: line!.id, quantity: 1 }] });
    expect(restock.status).toBe(409);
    expect(await stockOf(t.db, product.id)).toBe(5);
    const res = await refund(placed.purchase.id, { amount: placed.purchase.totalAmount });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ due: 0, state: "full" });
    expect(await stockOf(t.db, product.id)).toBe(5);
  });
});
