import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { paymentAttempts, strayPayments } from "../../db/schema";
import { createAdminUser, createProduct, createPurchase, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

// The receipt (/receipt/{id}) and the packing slip (/packingslip/{id}) state the stored breakdown:
// their rows add up to the total, the date's fee included (docs/product.md "Delivery on a chosen date").

let t: PagesContext;
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createPagesContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
});

/** An order of ₦25,000 with a ₦1,000 code off the goods, VAT, ₦2,000 delivery and a ₦1,500 date fee: ₦29,300. */
async function datedOrder(sale = false) {
  // on sale: ₦30,000 at ₦25,000, so the subtotal (at sale prices) and the total are the same
  const product = await createProduct(
    t.db,
    sale ? { priceKobo: 3_000_000, discountKobo: 2_500_000 } : { priceKobo: 2_500_000, discountKobo: 0 },
  );
  return createPurchase(t.db, await createUser(t.db), [{ product, quantity: 1 }], {
    discountCode: "SAVE1K",
    codeDiscountKobo: 100_000,
    vatKobo: 180_000,
    deliveryKobo: 200_000,
    deliverySlotFeeKobo: 150_000,
    totalKobo: 2_930_000,
    deliveryDate: "2027-02-12",
    deliveryWindow: "9 am – 12 pm",
  });
}

const naira = (text: string) => Number(text.replace(/[^\d.]/g, ""));
const strip = (html: string) => html.replace(/<!--.*?-->/g, "").replace(/&#x27;/g, "'");

/** The breakdown's rows as [label, value] pairs; a value with a minus sign is taken off. */
function signedRows(pairs: [string, string][]) {
  const rows = pairs.map(([label, value]) => [label, (value.startsWith("−") ? -1 : 1) * naira(value)] as const);
  const total = rows.at(-1)!;
  const sum = rows.slice(0, -1).reduce((s, [, v]) => s + v, 0);
  return { labels: rows.map(([l]) => l), sum, total: total[1] };
}

describe("an order's papers with a delivery date fee", () => {
  it("the receipt shows the date, the 'Delivery date and time' row, and its rows add up to the total", async () => {
    const p = await datedOrder();
    const html = strip(await (await t.page(`/receipt/${p.id}`, { as: admin })).text());
    expect(html).toContain("Delivery on Friday 12 February 2027, 9 am – 12 pm");
    const dl = html.match(/data-testid="receipt-breakdown">(.*?)<\/dl>/s)![1]!;
    const pairs = [...dl.matchAll(/<dt>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map((m) => [m[1]!, m[2]!] as [string, string]);
    const { labels, sum, total } = signedRows(pairs);
    expect(labels).toContain("Delivery date and time");
    expect(total).toBe(29_300);
    expect(sum).toBe(total);
  });

  it("the packing slip shows the 'Delivery date and time' row and its rows add up to the total", async () => {
    const p = await datedOrder();
    const html = strip(await (await t.page(`/packingslip/${p.id}`, { as: admin })).text());
    expect(html).toContain("Delivery on Friday 12 February 2027, 9 am – 12 pm");
    const foot = html.match(/<tfoot[^>]*>(.*?)<\/tfoot>/s)![1]!;
    const pairs = [...foot.matchAll(/<td colSpan="2"[^>]*>(.*?)<\/td><td[^>]*>(.*?)<\/td>/gi)].map(
      (m) => [m[1]!.trim(), m[2]!] as [string, string],
    );
    const { labels, sum, total } = signedRows(pairs);
    expect(labels).toContain("Delivery date and time");
    expect(total).toBe(29_300);
    expect(sum).toBe(total);
  });
});

describe("how the receipt says it was paid", () => {
  it("an order paid through the website reads 'Paid online on …', not 'Paid by online'", async () => {
    const product = await createProduct(t.db);
    const p = await createPurchase(t.db, await createUser(t.db), [{ product, quantity: 1 }]);
    const html = strip(await (await t.page(`/receipt/${p.id}`, { as: admin })).text());
    expect(html).toMatch(/Paid online on \d/);
    expect(html).not.toContain("Paid by online");
  });
});

describe("the back office's order summary (/viewpurchase/{id})", () => {
  it("shows sale savings as information (the subtotal is at sale prices): its signed rows add up to the total", async () => {
    const p = await datedOrder(true);
    const html = strip(await (await t.page(`/viewpurchase/${p.id}`, { as: admin })).text());
    const dl = html.match(/Order Summary<\/h2>.*?<dl[^>]*>(.*?)<\/dl>/s)![1]!;
    const pairs = [...dl.matchAll(/<dt[^>]*>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map((m) => [m[1]!, m[2]!] as [string, string]);
    expect(pairs).toContainEqual(["Sale savings", "₦5,000"]);
    // what the sale saved, or a free delivery's 'saved ₦…', is not taken off again
    const information = ([label, value]: [string, string]) => label === "Sale savings" || value.startsWith("saved");
    const { labels, sum, total } = signedRows(pairs.filter((r) => !information(r)));
    expect(labels).toEqual(["Subtotal", "Code SAVE1K", "VAT", "Delivery (standard)", "Delivery date and time", "Total"]);
    expect(total).toBe(29_300);
    expect(sum).toBe(total);
  });
});

describe("a payment the order could not take, on the order's page", () => {
  it("is listed under Refunds with 'Refund needed'; 'Refund this payment' refunds it by its own transaction, not the order", async () => {
    const product = await createProduct(t.db);
    const p = await createPurchase(t.db, await createUser(t.db), [{ product, quantity: 1 }]);
    await t.db.insert(strayPayments).values({
      purchaseId: p.id,
      provider: "sandbox",
      reference: "ALF-second-payment",
      transactionId: "SBX-77",
      amountKobo: 1_250_050,
      currency: "NGN",
      reason: "paid_twice",
    });
    const before = strip(await (await t.page(`/viewpurchase/${p.id}`, { as: admin })).text());
    expect(before).toContain("Payments not applied to this order");
    expect(before).toMatch(
      /₦12,500\.50.*Refund needed.*transaction.*SBX-77.*Not applied: the order was already paid\..*Refund this payment/s,
    );
    const [stray] = await t.db.select().from(strayPayments).where(eq(strayPayments.purchaseId, p.id));
    const form = new URLSearchParams({ intent: "refund-stray", strayId: stray!.id });
    const posted = await t.page(`/viewpurchase/${p.id}`, { as: admin, method: "POST", body: form });
    expect(posted.status).toBe(200);
    const [after] = await t.db.select().from(strayPayments).where(eq(strayPayments.id, stray!.id));
    expect(after).toMatchObject({ status: "refunded", providerRefundId: expect.stringMatching(/^SBX-RFD-/) });
    const page = strip(await (await t.page(`/viewpurchase/${p.id}`, { as: admin })).text());
    expect(page).toMatch(/₦12,500\.50.*Refunded.*Refunded \w+ \d/s);
    expect(page).not.toContain("Refund this payment");
    // the order's own money did not move
    expect(page).toContain('data-testid="refund-state">Not refunded');
  });

  it("an order still waiting for its payment says it too, beside 'We are confirming your payment'", async () => {
    const product = await createProduct(t.db);
    const buyer = await createUser(t.db);
    const p = await createPurchase(t.db, buyer, [{ product, quantity: 1 }], { status: "pending", paidAt: null });
    await t.db.insert(paymentAttempts).values({ purchaseId: p.id, reference: p.reference, provider: "sandbox", amountKobo: p.totalKobo });
    const orderPage = async () =>
      strip(await (await t.page(`/checkout/complete?reference=${p.reference}`, { as: { id: buyer.id, role: "customer" } })).text());
    const waiting = await orderPage();
    expect(waiting).toContain("We are confirming your payment");
    expect(waiting).not.toContain('data-testid="unapplied-payments"');
    // she paid on an earlier payment page, for an amount that is no longer the order's total
    await t.db.insert(strayPayments).values({
      purchaseId: p.id,
      provider: "sandbox",
      reference: "ALF-old-page",
      transactionId: "SBX-79",
      amountKobo: p.totalKobo - 50_000,
      currency: "NGN",
      reason: "wrong_amount",
    });
    const told = await orderPage();
    expect(told).toContain("We are confirming your payment");
    expect(told).toMatch(
      /We received a payment of <strong>₦[\d,.]+<\/strong> for this order, on an earlier payment page, but the order's total is now ₦[\d,.]+, so it could not pay for it\. We are refunding it/,
    );
    expect(told).not.toContain("SBX-79");
  });

  it("her own order page says what came of it, in the words of her mail, until it is refunded", async () => {
    const product = await createProduct(t.db);
    const buyer = await createUser(t.db);
    const p = await createPurchase(t.db, buyer, [{ product, quantity: 1 }]);
    // her payment page's attempt: the order's page opens by its reference
    await t.db.insert(paymentAttempts).values({ purchaseId: p.id, reference: p.reference, provider: "sandbox", amountKobo: p.totalKobo });
    const orderPage = async () =>
      strip(await (await t.page(`/checkout/complete?reference=${p.reference}`, { as: { id: buyer.id, role: "customer" } })).text());
    const paidOnce = await orderPage();
    expect(paidOnce).toContain("Thank you! Your order is confirmed");
    expect(paidOnce).not.toContain('data-testid="unapplied-payments"');
    const [stray] = await t.db
      .insert(strayPayments)
      .values({
        purchaseId: p.id,
        provider: "sandbox",
        reference: "ALF-paid-again",
        transactionId: "SBX-78",
        amountKobo: 1_250_050,
        currency: "NGN",
        reason: "paid_twice",
      })
      .returning();
    const needed = await orderPage();
    expect(needed).toContain("Thank you! Your order is confirmed");
    expect(needed).toContain(
      "We received a payment of <strong>₦12,500.50</strong> for this order, but the order had already been paid, so this second payment is not needed. We are refunding it to the account or card it came from within 5 working days",
    );
    // nothing of the provider's transaction is hers to read
    expect(needed).not.toContain("SBX-78");
    await t.db
      .update(strayPayments)
      .set({ status: "refunded", refundedAt: new Date("2026-12-03T10:00:00Z") })
      .where(eq(strayPayments.id, stray!.id));
    const refunded = await orderPage();
    expect(refunded).toMatch(
      /second payment is not needed\. It was refunded on December 3, 2026 at 11:00 AM to the account or card it came from\./,
    );
    // another customer still cannot open her order
    const other = await t.page(`/checkout/complete?reference=${p.reference}`, {
      as: { id: (await createUser(t.db)).id, role: "customer" },
    });
    expect(other.status).toBe(404);
  });
});
