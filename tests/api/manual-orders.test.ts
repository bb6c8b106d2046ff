// Orders the owner records herself (docs/product.md "Manual orders"): the same pricing, stock holds
// and completion as a web order; never oversold under concurrent recording; a payment link
// completes its order once however often the provider's answer arrives; the owner finds a
// customer by phone or email; reports by source add up to the orders list.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deliveryWindows, mailOutbox, products, purchaseEvents, purchaseItems, purchases, users } from "../../db/schema";
import { quoteGuestCart } from "../../modules/cart/quote.server";
import { lagosNow } from "../../lib/lagos-calendar";
import { agreedPricesOn } from "../../modules/reports/agreed-prices.server";
import { morningSummary, summaryMail } from "../../modules/reports/morning-summary.server";
import { completePurchase } from "../../modules/orders/completion.server";
import { getPurchase, herOwnOrder } from "../../modules/orders/admin.server";
import { findCustomers, quoteManualOrder, recordManualOrder } from "../../modules/orders/manual-orders.server";
import { manualOrderInput, type ManualOrderInput } from "../../modules/orders/manual-order-schemas";
import { completionOf } from "../../modules/orders/pay-link.server";
import { startPayment } from "../../modules/orders/payment-start.server";
import { checkPayLink } from "../../modules/orders/order-links.server";
import { paymentProvider } from "../../modules/payments/provider.server";
import { recordSandboxDecision } from "../../modules/payments/sandbox.server";
import {
  createAdminUser,
  createDeliveryRate,
  createDiscountCode,
  createProduct,
  createPurchase,
  createStaffUser,
  createUser,
} from "../factories";
import type { DeskAnswer } from "../../app/components/admin/order-desk-state";
import { createTestContext, routerContext, type TestContext } from "../support/test-app";
import { NO_PICKUP } from "../../modules/settings/pickup-points";
import { updateSettings } from "../../modules/settings/service.server";

let t: TestContext;
let admin: Awaited<ReturnType<typeof createAdminUser>>;
beforeAll(async () => {
  t = await createTestContext();
  admin = await createAdminUser(t.db);
  await createDeliveryRate(t.db, { lga: "Yaba", chargeKobo: 150_000 });
});

const rowOf = async (id: string) => (await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;
const stockOf = async (id: string) => (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const orderCount = async () => (await t.db.select({ id: purchases.id }).from(purchases)).length;

/** An Instagram sale as the owner types it on the 'New order' screen. */
const sale = (lines: ManualOrderInput["lines"], extra: Partial<ManualOrderInput> = {}): ManualOrderInput => ({
  name: "Temi Balogun",
  phone: "0805 222 3344",
  email: `temi.${crypto.randomUUID().slice(0, 6)}@example.ng`,
  street: "4 Commercial Avenue",
  city: "Yaba",
  lga: "Yaba",
  source: "instagram",
  settle: "paid",
  paidVia: "transfer",
  reference: "GTB-0099",
  lines,
  ...extra,
});
const record = (input: ManualOrderInput) => recordManualOrder(t.db, t.env, input, admin.id);

describe("a manual order is priced, held and completed like a web order", () => {
  it("comes to the same figures as the web checkout for the same lines, area and code", async () => {
    const journal = await createProduct(t.db, { priceKobo: 1_500_000, discountKobo: 1_200_000, stock: 20 });
    const deck = await createProduct(t.db, { priceKobo: 450_000, discountKobo: 0, stock: null });
    const code = await createDiscountCode(t.db, { kind: "percent", percent: 10, amountKobo: null });
    const lines = [
      { productId: journal.id, quantity: 2 },
      { productId: deck.id, quantity: 3 },
    ];
    const web = await t.request("/api/purchases/create", {
      method: "POST",
      json: {
        name: "Web Shopper",
        email: "web.shopper@example.ng",
        phone: "0803 111 2222",
        street: "1 Herbert Macaulay Way",
        city: "Yaba",
        lga: "Yaba",
        code: code.code,
        paymentMethod: "pay_link",
        lines,
      },
    });
    expect(web.status).toBe(201);
    const webRow = await rowOf((await web.json()).purchase.id);
    const recorded = await record(sale(lines, { code: code.code.toLowerCase(), settle: "pay_link" }));
    const manual = await rowOf(recorded.id);
    const figures = (p: typeof manual) => [
      p.subtotalKobo,
      p.savedKobo,
      p.codeDiscountKobo,
      p.vatKobo,
      p.deliveryKobo,
      p.totalKobo,
      p.discountCode,
    ];
    expect(figures(manual)).toEqual(figures(webRow));
    expect(manual.totalKobo).toBe(3_750_000 - 375_000 + 253_125 + 150_000);
    // the screen's quote is the same pricing too
    const { summary } = await quoteManualOrder(t.db, { lines, lga: "Yaba", code: code.code, deliveryMethod: "standard" });
    expect(summary.total * 100).toBe(manual.totalKobo);
    // both hold their stock; the untracked product has none to hold
    expect(await stockOf(journal.id)).toBe(16);
    expect(manual).toMatchObject({ source: "instagram", paymentMethod: "pay_link", status: "pending", userId: null });
    expect(webRow.source).toBe("web");
  });

  it("marks a transfer paid through the one completion path: amount, reference, who recorded it, the customer's mail", async () => {
    const product = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 5 });
    const input = sale([{ productId: product.id, quantity: 2 }], { amount: 25_000 });
    const recorded = await record(input);
    const row = await rowOf(recorded.id);
    expect(row).toMatchObject({
      status: "completed",
      paymentMethod: "manual",
      paidVia: "transfer",
      paidAmountKobo: 2_500_000,
      paymentNote: "GTB-0099",
      totalKobo: 2_000_000 + 150_000 + 150_000,
      phone: "+2348052223344",
      source: "instagram",
    });
    expect(row.paidAt).not.toBeNull();
    expect(await stockOf(product.id)).toBe(3);
    const events = await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, row.id));
    expect(events.map((e) => [e.status, e.actorId])).toEqual([
      ["pending", admin.id],
      ["completed", admin.id],
    ]);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, row.email));
    expect(mails.map((m) => m.kind)).toEqual(["order_confirmation"]);
  });

  it("refuses money below the total before placing anything", async () => {
    const product = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 5 });
    const before = await orderCount();
    await expect(record(sale([{ productId: product.id, quantity: 1 }], { amount: 5_000 }))).rejects.toMatchObject({
      kind: "invalid",
      fields: { amount: "The order total is ₦12,250" },
    });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(product.id)).toBe(5);
  });

  it("takes the owner's delivery fee instead of the area's, and a customer with no email gets no mail", async () => {
    const product = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 5 });
    const recorded = await record(
      sale([{ productId: product.id, quantity: 1 }], { deliveryFee: 0, email: "", source: "walk_in", paidVia: "cash" }),
    );
    const row = await rowOf(recorded.id);
    expect(row).toMatchObject({
      deliveryKobo: 0,
      totalKobo: 1_075_000,
      email: "",
      source: "walk_in",
      paidVia: "cash",
      status: "completed",
    });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, ""))).toEqual([]);
  });

  it("a customer who collects at the shop: no area asked, nothing for delivery, the shop's address kept; refused while the shop offers no pick-up", async () => {
    const product = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 5 });
    const collect = sale([{ productId: product.id, quantity: 1 }], {
      deliveryMethod: "pickup",
      lga: "",
      street: "",
      city: "",
      source: "whatsapp",
      paidVia: "cash",
    });
    await expect(record(collect)).rejects.toMatchObject({ fields: { deliveryMethod: NO_PICKUP } });
    // a delivery still needs its area
    expect(manualOrderInput.safeParse({ ...collect, deliveryMethod: "standard" }).error?.issues).toContainEqual(
      expect.objectContaining({ path: ["lga"], message: "Choose the delivery area" }),
    );
    await updateSettings(t.db, { pickupAddress: "12 Admiralty Way, Lekki Phase 1, Lagos", pickupHours: "" });
    try {
      // the owner's delivery fee does not apply to what costs nothing
      const recorded = await record({ ...collect, deliveryFee: 2_000 });
      expect(await rowOf(recorded.id)).toMatchObject({
        deliveryMethod: "pickup",
        lga: null,
        address: "12 Admiralty Way, Lekki Phase 1, Lagos",
        deliveryKobo: 0,
        totalKobo: 1_075_000,
        status: "completed",
        source: "whatsapp",
      });
      expect(await stockOf(product.id)).toBe(4);
    } finally {
      await updateSettings(t.db, { pickupAddress: "" });
    }
  });

  it("refuses an area the shop does not deliver to and a sold-out product, as the checkout does", async () => {
    const product = await createProduct(t.db, { priceKobo: 1_000_000, stock: 1 });
    await expect(record(sale([{ productId: product.id, quantity: 1 }], { lga: "Atlantis" }))).rejects.toMatchObject({
      fields: { lga: expect.any(String) },
    });
    await expect(record(sale([{ productId: product.id, quantity: 2 }]))).rejects.toMatchObject({ kind: "conflict" });
    expect(await stockOf(product.id)).toBe(1);
  });

  it("never oversells when the owner and her staff record orders at the same moment", async () => {
    const product = await createProduct(t.db, { priceKobo: 500_000, discountKobo: 0, stock: 3 });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        record(sale([{ productId: product.id, quantity: 1 }], { phone: `0803 000 00${10 + i}`, settle: i % 2 ? "pod" : "paid" })),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ kind: "conflict" });
    expect(await stockOf(product.id)).toBe(0);
  });
  it("takes a company's 40 gift boxes in one line: the shoppers' quantity limit is not the team's, the stock still is", async () => {
    const box = await createProduct(t.db, { priceKobo: 2_000_000, discountKobo: 0, stock: 50 });
    const forty = [{ productId: box.id, quantity: 40 }];
    // a shopper's cart stops at the shop's limit (10 by default)
    expect((await quoteGuestCart(t.db, forty)).cartItems[0]!.quantity).toBe(10);
    const { cartItems, summary } = await quoteManualOrder(t.db, { lines: forty, lga: "Yaba", deliveryMethod: "standard" });
    expect(cartItems[0]!.quantity).toBe(40);
    expect(summary.subtotal).toBe(800_000);
    const recorded = await record(sale(forty, { source: "whatsapp", settle: "pay_link" }));
    expect(await rowOf(recorded.id)).toMatchObject({ subtotalKobo: 80_000_000, status: "pending" });
    expect(await stockOf(box.id)).toBe(10);
    await expect(record(sale([{ productId: box.id, quantity: 11 }]))).rejects.toMatchObject({ kind: "conflict" });
    expect(await stockOf(box.id)).toBe(10);
  });
});

describe("a price agreed in the chat", () => {
  it("is the line's price each: on the order, its line, its total and its history, with who agreed it", async () => {
    const cards = await createProduct(t.db, { title: "Calm Cards", priceKobo: 2_000_000, discountKobo: 1_900_000, stock: 10 });
    const pen = await createProduct(t.db, { title: "Gold Pen", priceKobo: 500_000, discountKobo: 0, stock: 10 });
    const lines = [
      { productId: cards.id, quantity: 3, priceEach: 18_000 },
      { productId: pen.id, quantity: 1 },
    ];
    const { summary } = await quoteManualOrder(t.db, { lines, lga: "Yaba", deliveryMethod: "standard" });
    expect(summary.subtotal).toBe(3 * 18_000 + 5_000);
    const recorded = await record(sale(lines, { settle: "pod" }));
    expect(await rowOf(recorded.id)).toMatchObject({ subtotalKobo: 5_900_000, totalKobo: recorded.totalKobo });
    const items = await t.db.select().from(purchaseItems).where(eq(purchaseItems.purchaseId, recorded.id));
    expect(items.map((i) => [i.title, i.priceKobo, i.discountKobo, i.totalPriceKobo]).sort()).toEqual([
      ["Calm Cards", 2_000_000, 1_800_000, 5_400_000],
      ["Gold Pen", 500_000, 0, 500_000],
    ]);
    const [placed] = await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, recorded.id));
    expect(placed).toMatchObject({
      actorId: admin.id,
      note: "order placed, to be paid on delivery; price agreed: Calm Cards at ₦18,000 each (listed ₦19,000)",
    });
  });

  it("is refused above what the shop sells it at today, naming the line, before anything is placed", async () => {
    const cards = await createProduct(t.db, { title: "Calm Cards", priceKobo: 2_000_000, discountKobo: 1_500_000, stock: 10 });
    const before = await orderCount();
    for (const priceEach of [15_000.5, 20_000])
      await expect(record(sale([{ productId: cards.id, quantity: 1, priceEach }]))).rejects.toMatchObject({
        kind: "invalid",
        fields: { [`price.${cards.id}`]: "At most the listed ₦15,000" },
      });
    expect([await orderCount(), await stockOf(cards.id)]).toEqual([before, 10]);
    expect(manualOrderInput.safeParse(sale([{ productId: cards.id, quantity: 1, priceEach: 0 }])).error?.issues[0]).toMatchObject({
      path: ["lines", 0, "priceEach"],
      message: "Price each must be more than ₦0",
    });
    // the listed price itself changes nothing; the desk's line says what is listed
    const { cartItems, summary } = await quoteManualOrder(t.db, {
      lines: [{ productId: cards.id, quantity: 1, priceEach: 15_000 }],
      lga: "Yaba",
      deliveryMethod: "standard",
    });
    expect([summary.subtotal, cartItems[0]!.listed, cartItems[0]!.discount]).toEqual([15_000, 15_000, 15_000]);
  });

  it("comes in the owner's next morning summary: what the team gave away below the listed prices, line by line, with who", async () => {
    const today = lagosNow(new Date()).date;
    const before = await agreedPricesOn(t.db, today, 100);
    const staff = await createStaffUser(t.db, { firstName: "Tolu", lastName: "Ade" });
    const trio = await createProduct(t.db, { title: "Candle Trio", priceKobo: 1_850_000, discountKobo: 1_390_000, stock: 20 });
    const mug = await createProduct(t.db, { title: "Calm Mug", priceKobo: 600_000, discountKobo: 0, stock: 20 });
    const byStaff = await recordManualOrder(
      t.db,
      t.env,
      sale([{ productId: trio.id, quantity: 3, priceEach: 12_000 }], { settle: "pod" }),
      staff.id,
    );
    // the listed price itself is no agreement; a cancelled order gave nothing away
    await record(sale([{ productId: mug.id, quantity: 1, priceEach: 6_000 }], { settle: "pod" }));
    const cancelled = await record(sale([{ productId: mug.id, quantity: 2, priceEach: 5_000 }], { settle: "pod" }));
    await t.db.update(purchases).set({ status: "cancelled" }).where(eq(purchases.id, cancelled.id));
    const after = await agreedPricesOn(t.db, today, 100);
    expect([after.orders - before.orders, after.belowKobo - before.belowKobo]).toEqual([1, 3 * 190_000]);
    expect(after.lines.filter((l) => [trio.title, mug.title].includes(l.title))).toEqual([
      { purchaseId: byStaff.id, title: "Candle Trio", quantity: 3, agreedKobo: 1_200_000, listedKobo: 1_390_000, by: "Tolu Ade" },
    ]);
    const { text } = summaryMail(
      await morningSummary(t.db, today, 5),
      { shopName: "Alafia", lowStockThreshold: 5, morningSummaryHour: 7 },
      "https://shop.example.ng",
    );
    expect(text).toContain(
      `Prices agreed in chats below the listed ones yesterday: ${after.orders === 1 ? "1 order" : `${after.orders} orders`}`,
    );
    expect(text).toContain(
      `- Candle Trio × 3 at ₦12,000 each (listed ₦13,900), recorded by Tolu Ade: https://shop.example.ng/viewpurchase/${byStaff.id}`,
    );
  });

  it("from staff, stays within the owner's cut below the listed price (20% unless she sets another; 0: only she agrees one)", async () => {
    const staff = await createStaffUser(t.db, { firstName: "Kunle" });
    const cards = await createProduct(t.db, { title: "Calm Cards", priceKobo: 2_000_000, discountKobo: 0, stock: 10 });
    const field = `price.${cards.id}`;
    const bySta = (priceEach: number) =>
      recordManualOrder(t.db, t.env, sale([{ productId: cards.id, quantity: 1, priceEach }], { settle: "pod" }), staff.id);
    await expect(bySta(15_999)).rejects.toMatchObject({
      kind: "invalid",
      fields: { [field]: "At least ₦16,000 (20% below the listed price); ask the owner for less" },
    });
    await expect(
      quoteManualOrder(t.db, { lines: [{ productId: cards.id, quantity: 1, priceEach: 15_999 }], deliveryMethod: "standard", staff: true }),
    ).rejects.toMatchObject({
      fields: { [field]: "At least ₦16,000 (20% below the listed price); ask the owner for less" },
    });
    const within = await bySta(16_000);
    expect((await rowOf(within.id)).subtotalKobo).toBe(1_600_000);
    // the owner agrees any price
    expect(
      (await rowOf((await record(sale([{ productId: cards.id, quantity: 1, priceEach: 5_000 }], { settle: "pod" }))).id)).subtotalKobo,
    ).toBe(500_000);
    await updateSettings(t.db, { staffPriceCutPercent: 0 });
    try {
      await expect(bySta(19_999)).rejects.toMatchObject({ fields: { [field]: "Only the owner agrees a lower price" } });
      // the listed price itself is no agreement, so staff may still type it
      expect((await rowOf((await bySta(20_000)).id)).subtotalKobo).toBe(2_000_000);
    } finally {
      await updateSettings(t.db, { staffPriceCutPercent: 20 });
    }
    expect(await stockOf(cards.id)).toBe(7);
  });

  it("is the website's price for a shopper whatever her cart sends", async () => {
    const cards = await createProduct(t.db, { title: "Calm Cards", priceKobo: 2_000_000, discountKobo: 0, stock: 10 });
    const { summary } = await quoteGuestCart(t.db, [{ productId: cards.id, quantity: 1, agreedKobo: 100 }]);
    expect(summary.subtotal).toBe(20_000);
  });
});

describe("a gift, on a chosen day", () => {
  it("goes to the recipient in her area on the day and window picked, priced and held as the checkout does", async () => {
    const area = await createDeliveryRate(t.db, {
      lga: `Lekki ${crypto.randomUUID().slice(0, 4)}`,
      chargeKobo: 300_000,
      dateMode: "required",
      leadDays: 1,
      cutoffHour: 14,
      dailyCapacity: 1,
    });
    const [win] = await t.db.insert(deliveryWindows).values({ startHour: 9, endHour: 12, surchargeKobo: 100_000 }).returning();
    const now = new Date("2027-03-01T10:00:00+01:00");
    const card = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 5 });
    const gift = {
      lga: area.lga,
      street: "12 Admiralty Way",
      city: "Lekki",
      isGift: true,
      recipientName: "Kemi Adeyemi",
      recipientPhone: "0803 111 2233",
      giftMessage: "Happy birthday, Kemi!\r\nTake a moment for you.",
      surpriseMode: true,
      hidePrices: true,
    };
    const at = (input: ManualOrderInput) => recordManualOrder(t.db, t.env, input, admin.id, now);
    // the area needs a date: refused before anything is placed, as at checkout
    const before = await orderCount();
    await expect(at(sale([{ productId: card.id, quantity: 1 }], gift))).rejects.toMatchObject({
      fields: { deliveryDate: "Choose a delivery date" },
    });
    expect(await orderCount()).toBe(before);

    // tomorrow is Express's: Standard takes 3–5 days, here as at checkout
    await expect(at(sale([{ productId: card.id, quantity: 1 }], { ...gift, deliveryDate: "2027-03-02" }))).rejects.toMatchObject({
      fields: { deliveryDate: "Express only: choose Express or a later date" },
    });
    expect(await orderCount()).toBe(before);
    const express = await at(
      sale([{ productId: card.id, quantity: 1 }], { ...gift, deliveryDate: "2027-03-02", deliveryMethod: "express" }),
    );
    expect(await rowOf(express.id)).toMatchObject({ deliveryDate: "2027-03-02", deliveryMethod: "express" });

    const placed = await at(sale([{ productId: card.id, quantity: 1 }], { ...gift, deliveryDate: "2027-03-04", deliveryWindow: win!.id }));
    expect(await rowOf(placed.id)).toMatchObject({
      firstName: "Temi",
      lga: area.lga,
      street: "12 Admiralty Way",
      recipientName: "Kemi Adeyemi",
      recipientPhone: "+2348031112233",
      giftMessage: "Happy birthday, Kemi!\nTake a moment for you.",
      surpriseMode: true,
      hidePrices: true,
      anonymousSender: false,
      deliveryDate: "2027-03-04",
      deliveryWindow: "9 am – 12 pm",
      deliverySlotFeeKobo: 100_000,
      // ₦10,000 + 7.5% VAT + ₦3,000 for her area + ₦1,000 for the window
      totalKobo: 1_000_000 + 75_000 + 300_000 + 100_000,
      status: "completed",
      source: "instagram",
    });
    // the day's one place is hers: the next order for that day is refused, as a web checkout's would be
    await expect(at(sale([{ productId: card.id, quantity: 1 }], { ...gift, deliveryDate: "2027-03-04" }))).rejects.toMatchObject({
      kind: "conflict",
    });
    await t.db.delete(deliveryWindows);
  });

  it("needs the recipient's name and phone, and a card message of at most 250 characters", () => {
    const product = crypto.randomUUID();
    const parsed = manualOrderInput.safeParse(
      sale([{ productId: product, quantity: 1 }], { isGift: true, recipientName: "", recipientPhone: "12", giftMessage: "x".repeat(251) }),
    );
    expect(parsed.success).toBe(false);
    const fields = parsed.error!.issues.map((i) => i.path.join("."));
    expect(fields.sort()).toEqual(["giftMessage", "recipientName", "recipientPhone"]);
    // not a gift: its fields say nothing
    expect(manualOrderInput.safeParse(sale([{ productId: product, quantity: 1 }], { recipientPhone: "12" })).success).toBe(true);
  });
});

describe("a payment link", () => {
  it("completes its order once, whatever number of returns and webhooks arrive", async () => {
    const product = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 4 });
    const recorded = await record(sale([{ productId: product.id, quantity: 1 }], { settle: "pay_link", source: "whatsapp" }));
    expect(recorded.payLink).toMatch(/^http:\/\/localhost:3000\/pay\//);
    const link = new URL(recorded.payLink!);
    expect(checkPayLink(t.env, recorded.id, Number(link.searchParams.get("e")), link.searchParams.get("t")!)).toBe("valid");
    const row = await rowOf(recorded.id);
    // the customer is mailed the link to pay with
    const [placed] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, row.email), eq(mailOutbox.kind, "order_placed_pay_link")));
    expect(placed!.text).toContain(recorded.payLink!);
    expect(placed!.text).toContain("Pay for your order with this link");
    // the pay page starts a fresh attempt; the customer pays on the sandbox's page
    const provider = paymentProvider(t.env, t.db);
    const started = await startPayment(t.db, provider, t.env, row, (r) => `/pay/${row.id}?reference=${r}`, { fresh: true });
    expect(started.reference).not.toBe(row.reference);
    await recordSandboxDecision(t.db, started.reference, "pay");
    // the provider's webhook names the same transaction as its answer on her return (another would be a second payment)
    const { transactionId } = await provider.verify(started.reference);
    const webhook = () =>
      completePurchase(
        t.db,
        started.reference,
        { status: "success", amountKobo: row.totalKobo, currency: "NGN", transactionId },
        "webhook",
        {
          links: t.env,
        },
      );
    const outcomes = await Promise.all([
      completionOf(t.db, t.env, row.id, started.reference).then((r) => r!.paymentStatus),
      webhook().then((r) => r.outcome),
      completionOf(t.db, t.env, row.id, started.reference).then((r) => r!.paymentStatus),
      webhook().then((r) => r.outcome),
    ]);
    expect(outcomes.filter((o) => o === "completed").length).toBeLessThanOrEqual(2);
    const paid = await rowOf(row.id);
    expect(paid).toMatchObject({ status: "completed", paidVia: "provider" });
    const paidAt = paid.paidAt!.getTime();
    expect((await webhook()).outcome).toBe("already_completed");
    expect((await completionOf(t.db, t.env, row.id, started.reference))!.order.paid).toBe(true);
    expect((await rowOf(row.id)).paidAt!.getTime()).toBe(paidAt);
    const completedEvents = (await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, row.id))).filter(
      (e) => e.status === "completed",
    );
    expect(completedEvents).toHaveLength(1);
    const confirmations = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, row.email), eq(mailOutbox.kind, "order_confirmation")));
    expect(confirmations).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(3);
  });
});

describe("finding the customer", () => {
  it("by the phone however it was typed, or the email: her account first, then customers known by their orders", async () => {
    const ada = await createUser(t.db, {
      firstName: "Ada",
      lastName: "Okafor",
      phone: "0809 876 5432",
      email: "ada.okafor@example.ng",
      lga: "Yaba",
    });
    const product = await createProduct(t.db);
    await createPurchase(t.db, ada, [{ product, quantity: 1 }], { phone: "+2348098765432", street: "9 Montgomery Road", city: "Yaba" });
    const byPhone = await findCustomers(t.db, "+234 809 876 5432");
    expect(byPhone[0]).toMatchObject({
      userId: ada.id,
      name: "Ada Okafor",
      email: "ada.okafor@example.ng",
      phone: "+2348098765432",
      street: "9 Montgomery Road",
      lga: "Yaba",
      orders: 1,
    });
    // an Instagram customer with no account, found by her earlier order
    await record(
      sale([{ productId: product.id, quantity: 1 }], { name: "Kemi Ade", phone: "0701 555 6677", email: "kemi@example.ng", city: "Yaba" }),
    );
    expect(await findCustomers(t.db, "KEMI@example.ng")).toEqual([
      expect.objectContaining({ userId: null, name: "Kemi Ade", phone: "+2347015556677", city: "Yaba", lga: "Yaba", orders: 1 }),
    ]);
    expect(await findCustomers(t.db, "07015556677")).toHaveLength(1);
    expect(await findCustomers(t.db, "not a phone")).toEqual([]);
    // an older guest order that kept the number as it was typed is hers too
    const someone = await createUser(t.db);
    await createPurchase(t.db, someone, [{ product, quantity: 1 }], {
      userId: null,
      firstName: "Tolu",
      lastName: "Bakare",
      email: "",
      phone: "0802-444-7788",
      city: "Ikeja",
    });
    expect(await findCustomers(t.db, "+234 802 444 7788")).toEqual([
      expect.objectContaining({ userId: null, name: "Tolu Bakare", phone: "+2348024447788", city: "Ikeja", orders: 1 }),
    ]);
  });

  it("puts the order in the account the owner picked", async () => {
    const bisi = await createUser(t.db, { email: "bisi@example.ng" });
    const product = await createProduct(t.db);
    const recorded = await record(sale([{ productId: product.id, quantity: 1 }], { customerId: bisi.id, email: undefined, settle: "pod" }));
    expect(await rowOf(recorded.id)).toMatchObject({
      userId: bisi.id,
      email: "bisi@example.ng",
      paymentMethod: "pod",
      status: "pending",
      expiresAt: null,
    });
  });
});

describe("the 'New order' screen", () => {
  const post = async (fields: Record<string, string>) => {
    const body = new URLSearchParams(fields);
    const request = new Request("http://localhost:3000/neworder", { method: "POST", body, headers: { Origin: "http://localhost:3000" } });
    const { action } = await import("../../app/routes/admin/neworder");
    const user = { id: admin.id, role: "admin" as const, email: admin.email, firstName: admin.firstName, lastName: admin.lastName };
    return action({ request, params: {}, context: routerContext(t, user) } as never);
  };
  const answerOf = (r: unknown) => ((r as { data?: unknown }).data ?? r) as DeskAnswer;

  it("finds her by phone, adds the product, prices it and records the order once per visit, however often it is sent", async () => {
    const remi = await createUser(t.db, { firstName: "Remi", lastName: "Cole", phone: "08023334455", lga: "Yaba" });
    const product = await createProduct(t.db, { title: "Calm Candle Set", priceKobo: 800_000, discountKobo: 0, stock: 6 });
    const base = { attempt: crypto.randomUUID(), lookup: "0802 333 4455" };
    const found = answerOf(await post({ ...base, intent: "find" }));
    expect(found.state).toMatchObject({ name: "Remi Cole", customerId: remi.id, phone: "+2348023334455", lga: "Yaba" });
    const added = answerOf(await post({ ...base, ...found.state, q: "candle", intent: `add:${product.id}` } as never));
    expect(added.results!.map((r) => r.title)).toContain("Calm Candle Set");
    expect(added.quote!.summary).toMatchObject({ subtotal: 8_000, deliveryCharge: 1_500, total: 8_000 + 600 + 1_500 });
    const form = {
      ...base,
      ...added.state,
      [`qty.${product.id}`]: "2",
      source: "instagram",
      settle: "paid",
      paidVia: "transfer",
      reference: "IG-77",
    };
    delete (form as Record<string, unknown>).lines;
    const missing = answerOf(await post({ ...form, source: "", intent: "create" } as never));
    expect(missing.fields).toEqual({ source: "Choose where the sale was made" });
    const first = (await post({ ...form, intent: "create" } as never)) as Response;
    expect(first.status).toBe(302);
    const again = (await post({ ...form, intent: "create" } as never)) as Response;
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    const id = /\/viewpurchase\/([0-9a-f-]{36})/.exec(first.headers.get("location")!)![1]!;
    expect(await rowOf(id)).toMatchObject({
      userId: remi.id,
      status: "completed",
      paymentNote: "IG-77",
      source: "instagram",
      totalKobo: 1_870_000,
    });
    expect(await stockOf(product.id)).toBe(4);
  });

  it("offers a pick-up at the shop once the shop gives its address, priced with nothing for delivery and no area", async () => {
    const { newOrderPage } = await import("../../app/routes/admin/neworder.server");
    expect((await newOrderPage(t.db)).pickup).toEqual([]);
    await updateSettings(t.db, { pickupAddress: "12 Admiralty Way, Lekki Phase 1, Lagos" });
    try {
      expect((await newOrderPage(t.db)).pickup.map((p) => p.number)).toEqual([1]);
      const product = await createProduct(t.db, { priceKobo: 800_000, discountKobo: 0, stock: 6 });
      const priced = answerOf(
        await post({ attempt: crypto.randomUUID(), lga: "", deliveryMethod: "pickup", intent: `add:${product.id}` } as never),
      );
      expect(priced.quote!.summary).toMatchObject({ deliveryMethod: "pickup", deliveryCharge: 0, total: 8_000 + 600, areaNeeded: false });
      expect(priced.delivery?.picker ?? null).toBeNull();
    } finally {
      await updateSettings(t.db, { pickupAddress: "" });
    }
  });

  it("offers the area's delivery dates, prices the one picked, and records a gift to her on that day", async () => {
    const area = await createDeliveryRate(t.db, {
      lga: `Ikoyi ${crypto.randomUUID().slice(0, 4)}`,
      chargeKobo: 250_000,
      dateMode: "optional",
    });
    const product = await createProduct(t.db, { title: "Gift Box", priceKobo: 2_000_000, discountKobo: 0, stock: 3 });
    const form: Record<string, string> = {
      attempt: crypto.randomUUID(),
      name: "Bisi Ade",
      phone: "0807 000 1122",
      lga: area.lga,
      [`qty.${product.id}`]: "1",
      source: "whatsapp",
      settle: "pod",
    };
    const offered = answerOf(await post({ ...form, intent: "refresh" }));
    // the soonest day is Express's: with the Speed left on Standard the desk says so, as the checkout does
    const soonest = offered.delivery!.picker!.choices.find((c) => c.available)!;
    expect(soonest.expressOnly).toBe(true);
    const slow = answerOf(await post({ ...form, deliveryDate: soonest.date, intent: "refresh" }));
    expect(slow.delivery).toMatchObject({ date: null, problem: expect.stringContaining("Standard delivery takes 3–5 days") });
    const fast = answerOf(await post({ ...form, deliveryMethod: "express", deliveryDate: soonest.date, intent: "refresh" }));
    expect(fast.quote!.summary.deliverySlot).toMatchObject({ date: soonest.date });
    const day = offered.delivery!.picker!.choices.find((c) => c.available && !c.expressOnly)!.date;
    const priced = answerOf(await post({ ...form, deliveryDate: day, intent: "refresh" }));
    expect(priced.quote!.summary.deliverySlot).toMatchObject({ date: day, fee: 0 });
    expect(priced.state.deliveryDate).toBe(day);
    // another area without dates: the date goes
    const moved = answerOf(await post({ ...form, lga: "Yaba", deliveryDate: day, intent: "refresh" }));
    expect([moved.delivery!.picker, moved.state.deliveryDate]).toEqual([null, ""]);

    const gift = {
      isGift: "on",
      recipientName: "Funke Ade",
      recipientPhone: "0809 333 4455",
      giftMessage: "For you, Funke",
      hidePrices: "on",
    };
    const refused = answerOf(await post({ ...form, ...gift, recipientPhone: "", deliveryDate: day, intent: "create" }));
    expect(refused.fields).toMatchObject({ recipientPhone: expect.stringContaining("Recipient's phone is required") });
    expect(refused.state).toMatchObject({ isGift: "on", recipientName: "Funke Ade", hidePrices: "on" });
    const created = (await post({ ...form, ...gift, deliveryDate: day, intent: "create" })) as Response;
    expect(created.status).toBe(302);
    const id = /\/viewpurchase\/([0-9a-f-]{36})/.exec(created.headers.get("location")!)![1]!;
    expect(await rowOf(id)).toMatchObject({
      firstName: "Bisi",
      recipientName: "Funke Ade",
      recipientPhone: "+2348093334455",
      giftMessage: "For you, Funke",
      hidePrices: true,
      surpriseMode: false,
      deliveryDate: day,
      lga: area.lga,
      paymentMethod: "pod",
      source: "whatsapp",
    });
  });

  it("prices a line at the price each she agreed, names one that is not a price or above the listed price on its line, and records it", async () => {
    const product = await createProduct(t.db, { title: "Gratitude Journal", priceKobo: 1_200_000, discountKobo: 0, stock: 8 });
    const field = `price.${product.id}`;
    const form = { attempt: crypto.randomUUID(), name: "Kemi Ade", phone: "0809 111 2233", lga: "Yaba", [`qty.${product.id}`]: "4" };
    const agreed = answerOf(await post({ ...form, [field]: "10000", intent: "refresh" }));
    expect([agreed.state.lines, agreed.quote!.summary.subtotal, agreed.fields]).toEqual([
      [{ productId: product.id, quantity: 4, priceEach: "10000" }],
      40_000,
      {},
    ]);
    for (const [typed, message] of [
      ["abc", "Price each must be a number"] as const,
      ["-5", "Price each cannot be negative"],
      ["13000", "At most the listed ₦12,000"],
    ]) {
      const refused = answerOf(await post({ ...form, [field]: typed, intent: "refresh" }));
      // the line stays, priced at the listed price, with the message on it
      expect([refused.fields, refused.quote!.summary.subtotal, refused.state.lines[0]!.priceEach]).toEqual([
        { [field]: message },
        48_000,
        typed,
      ]);
      const create = (await post({ ...form, [field]: typed, source: "whatsapp", settle: "pod", intent: "create" })) as {
        init?: { status?: number };
      };
      expect([create.init?.status, answerOf(create).fields?.[field]]).toEqual([400, message]);
    }
    const created = (await post({ ...form, [field]: "10000", source: "whatsapp", settle: "pod", intent: "create" })) as Response;
    const id = /\/viewpurchase\/([0-9a-f-]{36})/.exec(created.headers.get("location")!)![1]!;
    expect(await rowOf(id)).toMatchObject({ subtotalKobo: 4_000_000, source: "whatsapp" });
  });

  it("names a staff member's price each below the owner's cut on its line", async () => {
    const member = await createStaffUser(t.db, { firstName: "Bola" });
    const product = await createProduct(t.db, { title: "Gratitude Journal", priceKobo: 1_000_000, discountKobo: 0, stock: 8 });
    const field = `price.${product.id}`;
    const body = new URLSearchParams({
      attempt: crypto.randomUUID(),
      name: "Kemi Ade",
      lga: "Yaba",
      [`qty.${product.id}`]: "1",
      [field]: "7000",
      intent: "refresh",
    });
    const request = new Request("http://localhost:3000/neworder", { method: "POST", body, headers: { Origin: "http://localhost:3000" } });
    const { action } = await import("../../app/routes/admin/neworder");
    const user = { id: member.id, role: "staff" as const, email: member.email, firstName: member.firstName, lastName: member.lastName };
    const answer = answerOf(await action({ request, params: {}, context: routerContext(t, user) } as never));
    expect([answer.fields, answer.quote!.summary.subtotal]).toEqual([
      { [field]: "At least ₦8,000 (20% below the listed price); ask the owner for less" },
      10_000,
    ]);
  });

  it("opens for the customer of a message (?lookup=): found by her number, or a new customer with her number filled in", async () => {
    const { newOrderPage } = await import("../../app/routes/admin/neworder.server");
    await createUser(t.db, { firstName: "Halima", lastName: "Sule", phone: "08034445566", lga: "Yaba" });
    const found = (await newOrderPage(t.db, "+2348034445566")).answer;
    expect(found.customers!.map((c) => c.name)).toEqual(["Halima Sule"]);
    expect(found.state).toMatchObject({ lookup: "+2348034445566", found: "+2348034445566", name: "Halima Sule", lga: "Yaba" });
    const fresh = (await newOrderPage(t.db, " +2348034449999 ")).answer;
    expect([fresh.customers, fresh.state.phone, fresh.state.name]).toEqual([[], "+2348034449999", ""]);
    const plain = (await newOrderPage(t.db)).answer;
    expect([plain.customers, plain.state.lookup]).toEqual([null, ""]);
  });

  it("keeps a line whose quantity is being typed (blank, 0, 1.5) at 1: a line goes only by its bin", async () => {
    // a tap sent while she retypes a quantity (a tap made on slow data goes when the answer before it is in)
    const product = await createProduct(t.db, { title: "Pocket Notebook", priceKobo: 350_000, discountKobo: 0, stock: 5 });
    const form = { attempt: crypto.randomUUID(), name: "Bisi Ade" };
    for (const typed of ["", "0", "1.5"]) {
      const answer = answerOf(await post({ ...form, [`qty.${product.id}`]: typed, intent: "refresh" }));
      expect([typed, answer.state.lines, answer.quote?.cartItems.map((i) => i.quantity)]).toEqual([
        typed,
        [{ productId: product.id, quantity: 1, priceEach: "" }],
        [1],
      ]);
    }
    const removed = answerOf(await post({ ...form, [`qty.${product.id}`]: "2", intent: `remove:${product.id}` }));
    expect([removed.state.lines, removed.quote]).toEqual([[], null]);
  });
});

describe("sales by source", () => {
  it("reports the paid orders of each source, adding up to the orders list filtered by that source", async () => {
    const product = await createProduct(t.db, { priceKobo: 300_000, discountKobo: 0, stock: null });
    await record(sale([{ productId: product.id, quantity: 1 }], { source: "event", paidVia: "pos" }));
    await record(sale([{ productId: product.id, quantity: 2 }], { source: "whatsapp", paidVia: "cash" }));
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());
    const range = `from=${today}&to=${today}`;
    const res = await t.request(`/api/reports/sales?${range}&by=source`, { as: admin });
    expect(res.status).toBe(200);
    const report: { rows: { key: string; label: string; orders: number; sales: number }[]; totals: { orders: number; revenue: number } } =
      await res.json();
    expect(report.rows.map((r) => r.label)).toEqual(expect.arrayContaining(["Instagram", "WhatsApp", "Event", "Walk-in"]));
    for (const row of report.rows) {
      const listed: { totalAmount: number; status: string; source: string }[] = await (
        await t.request(`/api/purchases?${range}&source=${row.key}&pageSize=100`, { as: admin })
      ).json();
      const paid = listed.filter((p) => ["completed", "processing", "shipped", "delivered"].includes(p.status));
      expect(paid.every((p) => p.source === row.key)).toBe(true);
      expect([row.label, row.orders]).toEqual([row.label, paid.length]);
      expect(row.sales).toBeCloseTo(
        paid.reduce((s, p) => s + p.totalAmount, 0),
        2,
      );
    }
    expect(report.rows.reduce((s, r) => s + r.orders, 0)).toBe(report.totals.orders);
    const csv = await (await t.request(`/api/reports/sales.csv?${range}&by=source`, { as: admin })).text();
    expect(csv.split("\r\n")[0]).toBe('"Source","Orders","Units","Order totals (NGN)","Refunded (NGN)","Kept (NGN)"');
    expect(csv).toContain('"Event","1","1"');
  });
});

describe("sales by team member", () => {
  type Row = { key: string; label: string; orders: number; sales: number };
  const today = () => lagosNow(new Date()).date;
  const byMember = async () =>
    ((await (await t.request(`/api/reports/sales?from=${today()}&to=${today()}&by=member`, { as: admin })).json()) as { rows: Row[] }).rows;
  const rowOfKey = (rows: Row[], key: string) => rows.find((r) => r.key === key) ?? { key, label: "", orders: 0, sales: 0 };

  it("says who recorded each paid order at the desk, the website's own apart, and a member since removed as a former one", async () => {
    const product = await createProduct(t.db, { priceKobo: 400_000, discountKobo: 0, stock: null });
    const bisi = await createStaffUser(t.db, { firstName: "Bisi", lastName: "Ogun" });
    const gone = await createStaffUser(t.db, { firstName: "Gone", lastName: "Member" });
    const before = await byMember();
    const bySta = (who: string, extra: Partial<ManualOrderInput> = {}) =>
      recordManualOrder(t.db, t.env, sale([{ productId: product.id, quantity: 1 }], { deliveryFee: 0, ...extra }), who);
    await bySta(bisi.id);
    await bySta(bisi.id, { source: "walk_in", paidVia: "cash" });
    // not paid yet: not a sale
    await bySta(bisi.id, { settle: "pod" });
    await bySta(admin.id);
    await bySta(gone.id);
    await createPurchase(t.db, await createUser(t.db), [{ product, quantity: 1 }], { status: "completed", paidAt: new Date() });
    await t.db.delete(users).where(eq(users.id, gone.id));
    const after = await byMember();
    expect(rowOfKey(after, bisi.id)).toMatchObject({ label: "Bisi Ogun", orders: 2, sales: 8_600 });
    // the order's page says who recorded it; the shopper's own answer does not
    const mine = await bySta(bisi.id, { settle: "pay_link" });
    expect((await getPurchase(t.db, mine.id)).recordedBy).toBe("Bisi Ogun");
    expect("recordedBy" in herOwnOrder(await getPurchase(t.db, mine.id))).toBe(false);
    const grew = (key: string) => rowOfKey(after, key).orders - rowOfKey(before, key).orders;
    expect([grew(admin.id), grew("former"), grew("")]).toEqual([1, 1, 1]);
    expect(rowOfKey(after, "former").label).toBe("A former team member");
    expect(rowOfKey(after, "").label).toBe("Website (the shopper herself)");
    const csv = await (await t.request(`/api/reports/sales.csv?from=${today()}&to=${today()}&by=member`, { as: admin })).text();
    expect(csv.split("\r\n")[0]).toBe('"Recorded by","Orders","Units","Order totals (NGN)","Refunded (NGN)","Kept (NGN)"');
    expect(csv).toContain('"Bisi Ogun","2","2","8600.00"');
  });
});
