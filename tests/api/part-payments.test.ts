// Part payments (docs/product.md "Part payments"): a company's order is paid half now, the rest on
// delivery. Each part the owner records is kept on the order and told to the customer; the order
// holds its items without lapsing; what is left is what the rider collects, what a payment link
// charges and what completes the order; two parts recorded at once both count, and no payment is
// lost when a part and the rest cross.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, partPayments, paymentAttempts, products, purchaseEvents, purchases, strayPayments } from "../../db/schema";
import { addDays, lagosNow, longDay, shortDay } from "../../lib/lagos-calendar";
import { expireStalePurchases } from "../../modules/orders/expiry.server";
import { cancelPurchases, shopperCancelNotes } from "../../modules/orders/cancellation.server";
import { pickupsWaiting } from "../../modules/orders/deliveries.server";
import { recordManualOrder } from "../../modules/orders/manual-orders.server";
import type { ManualOrderInput } from "../../modules/orders/manual-order-schemas";
import { completionOf } from "../../modules/orders/pay-link.server";
import { orderCompletePath } from "../../modules/orders/order-links.server";
import { startPayment } from "../../modules/orders/payment-start.server";
import { paymentProvider } from "../../modules/payments/provider.server";
import { recordSandboxDecision } from "../../modules/payments/sandbox.server";
import { updateSettings } from "../../modules/settings/service.server";
import { morningSummary, summaryMail, summaryWhatsAppParams } from "../../modules/reports/morning-summary.server";
import { checkoutAddress, createAdminUser, createCartItem, createDeliveryRate, createProduct, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
let admin: Awaited<ReturnType<typeof createAdminUser>>;
beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  admin = await createAdminUser(t.db);
  await createDeliveryRate(t.db, { lga: "Yaba", chargeKobo: 150_000 });
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
});

const DAY = 86_400_000;
const rowOf = async (id: string) => (await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;
const notesOf = async (id: string) =>
  (await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, id))).map((e) => e.note ?? "");
const mailsOf = async (to: string, kind: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)));
const pay = (id: string, json: Record<string, unknown>, as: { id: string; role: "admin" | "customer" | "staff" } = admin) =>
  t.page(`/api/purchases/${id}/payment`, {
    method: "POST",
    as,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(json),
  });

/** Forty gift boxes for a company, as the owner types them at the order desk. */
async function companyOrder(extra: Partial<ManualOrderInput> = {}) {
  const box = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 50 });
  const input: ManualOrderInput = {
    name: "Ada Obi",
    phone: "0805 222 3344",
    email: `ada.${crypto.randomUUID().slice(0, 6)}@example.ng`,
    street: "4 Commercial Avenue",
    city: "Yaba",
    lga: "Yaba",
    source: "whatsapp",
    settle: "pod",
    paidVia: "transfer",
    lines: [{ productId: box.id, quantity: 40 }],
    ...extra,
  };
  const recorded = await recordManualOrder(t.db, t.env, input, admin.id);
  return { box, id: recorded.id, row: await rowOf(recorded.id) };
}

describe("a part payment", () => {
  it("recorded with the order at the desk: the order waits for the rest without lapsing, and the rest completes it", async () => {
    const { id, row, box } = await companyOrder({ settle: "paid", amount: 200_000, reference: "GTB deposit", part: true });
    const total = row.totalKobo;
    expect(row).toMatchObject({ status: "pending", depositKobo: 20_000_000, paidAt: null, expiresAt: null, paymentMethod: "manual" });
    const left = total - 20_000_000;
    const leftWords = `₦${(left / 100).toLocaleString("en-NG")}`;
    expect(await notesOf(id)).toContain(`part payment: ₦200,000 by bank transfer (GTB deposit) recorded; ${leftWords} left to pay`);
    const [told] = await mailsOf(row.email, "order_part_payment");
    expect(told!.subject).toContain("We received ₦200,000 for your order");
    expect(told!.text).toContain(`You have paid ₦200,000 of ₦${(total / 100).toLocaleString("en-NG")}; ${leftWords} is left to pay.`);
    // no lapse, whatever the time: the items stay held for her
    await expireStalePurchases(t.db, new Date(Date.now() + 90 * DAY));
    expect((await rowOf(id)).status).toBe("pending");
    const [held] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, box.id));
    expect(held!.stock).toBe(10);
    // her order's page: what she paid, what is left, and where to send it
    await updateSettings(t.db, { bankName: "GTBank", accountName: "Alafia Self-Care Ltd", accountNumber: "0123456789" });
    const hers = (await (await t.page(orderCompletePath(t.env, row))).text()).replace(/<!-- -->/g, "");
    expect(hers).toContain(`Transfer <strong>${leftWords}, what is left to pay,</strong> to:`);
    expect(hers).toMatch(new RegExp(`data-testid="order-left-to-pay"><dt>Paid ₦200,000 so far · left to pay</dt><dd>${leftWords}</dd>`));
    // the order as the team reads it
    const seen = await (await t.page(`/api/purchases/${id}`, { as: admin })).json();
    expect(seen).toMatchObject({ deposit: 200_000, leftToPay: left / 100, paidAt: null });
    // less than what is left, without the tick, is refused and names what is left
    const short = await pay(id, { method: "cash", amount: left / 100 - 1 });
    expect(short.status).toBe(400);
    expect((await short.json()).fields.amount).toBe(`${leftWords} is left to pay`);
    // the rest: paid, with everything received on the order
    const rest = await pay(id, { method: "cash", amount: left / 100, reference: "rider" });
    expect(rest.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: "completed", paidVia: "cash", paidAmountKobo: total, depositKobo: 20_000_000 });
    expect(await mailsOf(row.email, "order_confirmation")).toHaveLength(1);
    // once paid, no part is taken
    expect((await pay(id, { method: "cash", amount: 1, part: true })).status).toBe(409);
  });

  it("two parts recorded at once both count, and a part crossing the rest never loses money", async () => {
    const { id, row } = await companyOrder();
    const tenth = Math.floor(row.totalKobo / 10 / 100);
    const both = await Promise.all([1, 2].map(() => pay(id, { method: "transfer", amount: tenth * 3, part: true })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const afterParts = await rowOf(id);
    expect(afterParts.depositKobo).toBe(tenth * 600);
    // each part is kept on its own: how it came, how much, who took it
    const parts = await t.db.select().from(partPayments).where(eq(partPayments.purchaseId, id));
    expect(parts.map((r) => ({ amountKobo: r.amountKobo, paidVia: r.paidVia, actorId: r.actorId }))).toEqual([
      { amountKobo: tenth * 300, paidVia: "transfer", actorId: admin.id },
      { amountKobo: tenth * 300, paidVia: "transfer", actorId: admin.id },
    ]);
    // a last part and the whole rest arrive together: whatever the order, what was taken is on the order
    const rest = (row.totalKobo - afterParts.depositKobo) / 100;
    const answers = await Promise.all([
      pay(id, { method: "transfer", amount: tenth, part: true }),
      pay(id, { method: "cash", amount: rest }),
    ]);
    const taken = [tenth, rest].filter((_, i) => answers[i]!.status === 200);
    expect(answers.map((a) => a.status)).toContain(200);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const paid = await rowOf(id);
    expect(paid.paidAt).not.toBeNull();
    expect(paid.paidAmountKobo).toBe(tenth * 600 + taken.reduce((sum, n) => sum + n * 100, 0));
  });

  it("a part and a lapse at the same moment: either the order waits with its part, or it lapsed and took none", async () => {
    for (let i = 0; i < 3; i++) {
      const { id } = await companyOrder({ settle: "pay_link" });
      const [part] = await Promise.all([
        pay(id, { method: "transfer", amount: 50_000, part: true }),
        cancelPurchases(t.db, [id], shopperCancelNotes.linkLapsed),
      ]);
      const after = await rowOf(id);
      if (part.status === 200) expect(after).toMatchObject({ status: "pending", depositKobo: 5_000_000 });
      else expect(after).toMatchObject({ status: "cancelled", depositKobo: 0 });
    }
  });

  it("a payment link charges what is left; an earlier page for the whole total is kept aside to refund", async () => {
    const buyer = await createUser(t.db);
    const { id } = await companyOrder({ settle: "pay_link", customerId: buyer.id });
    const provider = paymentProvider(t.env, t.db);
    const back = (r: string) => `/pay/${id}?reference=${r}`;
    const before = await startPayment(t.db, provider, t.env, await rowOf(id), back, { fresh: true });
    expect((await pay(id, { method: "transfer", amount: 100_000, part: true })).status).toBe(200);
    const row = await rowOf(id);
    const left = row.totalKobo - 10_000_000;
    // the page opened before the part was paid asked for the whole: it cannot pay the order
    await recordSandboxDecision(t.db, before.reference, "pay");
    expect((await completionOf(t.db, t.env, id, before.reference))!.order.paid).toBe(false);
    expect((await rowOf(id)).paidAt).toBeNull();
    expect(
      (await notesOf(id)).some((n) =>
        n.includes(`does not match the ₦${(left / 100).toLocaleString("en-NG")} left to pay after its part payments`),
      ),
    ).toBe(true);
    // the order page gives the owner a link for the rest to send, and her orders give it to her
    const page = (await (await t.page(`/viewpurchase/${id}`, { as: admin })).text()).replace(/<!-- -->/g, "");
    const leftWords = `₦${(left / 100).toLocaleString("en-NG")}`;
    expect(page).toContain(`Payment link for the ${leftWords} left to pay`);
    const whatsapp = page.match(/href="(https:\/\/wa\.me\/[^"]+)"[^>]*>[^<]*(?:<[^>]+>)*[^<]*Send on WhatsApp/);
    const total = `₦${((left + 10_000_000) / 100).toLocaleString("en-NG")}`;
    expect(new URL(whatsapp![1]!.replace(/&amp;/g, "&")).searchParams.get("text")).toContain(
      `${leftWords} is left to pay of ${total}; you can pay here: http`,
    );
    const link = new URL(page.match(/id="pay-link"[^>]*value="([^"]+)"/)![1]!.replace(/&amp;/g, "&"));
    const payPage = (await (await t.page(`${link.pathname}${link.search}`)).text()).replace(/<!-- -->/g, "");
    expect(payPage).toContain(`Pay ${leftWords}`);
    expect(payPage).toContain('data-testid="pay-link-left"');
    const mine = await (await t.page("/api/purchases/mine", { as: buyer })).json();
    expect(mine.find((o: { id: string }) => o.id === id).toPay).toEqual({
      action: "pay_link",
      href: expect.stringMatching(`^/pay/${id}\\?`),
    });
    // a new page asks for what is left, and pays the order
    const after = await startPayment(t.db, provider, t.env, row, back, { fresh: true });
    const [attempt] = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, after.reference));
    expect(attempt!.amountKobo).toBe(left);
    await recordSandboxDecision(t.db, after.reference, "pay");
    const done = await completionOf(t.db, t.env, id, after.reference);
    expect(done!.order).toMatchObject({ paid: true, deposit: 100_000, leftToPay: left / 100 });
    expect(await rowOf(id)).toMatchObject({ status: "completed", paidVia: "provider", paidAmountKobo: row.totalKobo });
  });

  it("is refused on a paid order, a cancelled one and from a shopper; only the shop cancels an order holding one", async () => {
    const shopper = await createUser(t.db);
    const paid = await companyOrder({ settle: "paid" });
    expect((await pay(paid.id, { method: "cash", amount: 1, part: true })).status).toBe(409);
    // an online checkout is paid in full: no part, and its refusal does not offer one
    const product = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 5 });
    await createCartItem(t.db, shopper.id, product.id, 1);
    const placed = await t.page("/api/purchases/create", {
      method: "POST",
      as: shopper,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(checkoutAddress),
    });
    const online = (await placed.json()).purchase.id as string;
    const asPart = await pay(online, { method: "transfer", amount: 1_000, part: true });
    expect(asPart.status).toBe(409);
    expect((await asPart.json()).msg).toContain("An online checkout is paid in full");
    const short = await pay(online, { method: "transfer", amount: 1_000 });
    expect(short.status).toBe(400);
    expect((await short.json()).msg).not.toContain("Part payment");
    const { id, row } = await companyOrder();
    expect((await pay(id, { method: "cash", amount: 1_000, part: true }, { id: shopper.id, role: "customer" })).status).toBe(403);
    expect((await pay(id, { method: "cash", amount: 50_000, part: true })).status).toBe(200);
    // the orders list marks it, so the owner finds the orders waiting for the rest
    const listed = await (await t.page(`/api/purchases?q=${encodeURIComponent(row.email)}`, { as: admin })).json();
    expect(listed).toEqual([expect.objectContaining({ id, status: "pending", partPaid: true, deletable: false })]);
    // nor may it be deleted: the money received stays on record
    const deleted = await t.page(`/api/purchases/${id}`, { method: "DELETE", as: admin });
    expect(deleted.status).toBe(409);
    // a lapse or a shopper's path never cancels it
    expect(await cancelPurchases(t.db, [id], shopperCancelNotes.expired)).toEqual([]);
    const cancel = await t.page(`/api/purchases/${id}/status`, {
      method: "PATCH",
      as: admin,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ status: "cancelled", note: "the company called it off" }),
    });
    expect(cancel.status).toBe(200);
    expect(await notesOf(id)).toContain("the company called it off; part payment of ₦50,000 received: give it back, or keep it as agreed");
    const late = await pay(id, { method: "cash", amount: 1_000, part: true });
    expect(late.status).toBe(409);
    expect((await late.json()).msg).toBe("A cancelled order cannot take a payment.");
  });

  it("the rider collects what is left, and the order page's form records a part before its script runs", async () => {
    await updateSettings(t.db, { pickupAddress: "12 Admiralty Way, Lekki Phase 1" });
    const { id, row } = await companyOrder({ deliveryMethod: "pickup", street: undefined, city: undefined });
    const form = (fields: Record<string, string>) =>
      t.page(`/viewpurchase/${id}`, {
        method: "POST",
        as: admin,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "payment", method: "pos", reference: "slip 7", ...fields }).toString(),
      });
    const refused = await form({ amount: "100000" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Tick &quot;Part payment&quot; to record it as a deposit");
    const saved = await form({ amount: "100000", part: "on" });
    expect(saved.status).toBe(200);
    const left = row.totalKobo - 10_000_000;
    expect(await saved.text()).toContain(`Part payment recorded; ₦${(left / 100).toLocaleString("en-NG")} left to pay`);
    const sheet = await pickupsWaiting(t.db);
    expect(sheet.rows.find((r) => r.id === id)!.collect).toBe(left / 100);
    const page = (await (await t.page(`/viewpurchase/${id}`, { as: admin })).text()).replace(/<!-- -->/g, "");
    expect(page).toContain(`data-testid="deposit">₦100,000<`);
    expect(page).toContain(`data-testid="left-to-pay">₦${(left / 100).toLocaleString("en-NG")}<`);
    expect(page).toContain("Only a part payment of ₦100,000 has been received.");
    // her invoice: the total, what she paid, what is due and where to send it
    await updateSettings(t.db, { bankName: "GTBank", accountName: "Alafia Self-Care Ltd", accountNumber: "0123456789" });
    const invoice = (await (await t.page(`/receipt/${id}`, { as: admin })).text()).replace(/<!-- -->/g, "");
    expect(invoice).toMatch(/Paid so far<\/dt><dd[^>]*>₦100,000</);
    expect(invoice).toMatch(new RegExp(`Amount due</dt><dd[^>]*>₦${(left / 100).toLocaleString("en-NG")}<`));
    expect(invoice).toContain(
      `Pay ₦${(left / 100).toLocaleString("en-NG")} by bank transfer to <strong>GTBank</strong>, Alafia Self-Care Ltd, account number <strong>0123456789</strong>, with <strong>${id.slice(0, 8)}</strong> as the reference.`,
    );
    // she never came: the order is cancelled and its history says the part is held
    const notCollected = await t.page(`/api/purchases/${id}/refused`, {
      method: "POST",
      as: admin,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ note: "no answer on her phone" }),
    });
    expect(notCollected.status).toBe(200);
    expect((await notesOf(id)).find((n) => n.includes("no answer on her phone"))).toMatch(
      /: no answer on her phone; part payment of ₦100,000 received: give it back, or keep it as agreed$/,
    );
    // and the part waits on the order to be given back or kept (docs/product.md "Part payments")
    expect(await t.db.select().from(strayPayments).where(eq(strayPayments.purchaseId, id))).toMatchObject([
      { reason: "held_part", provider: "manual", amountKobo: 10_000_000, status: "refund_needed" },
    ]);
    await updateSettings(t.db, { pickupAddress: "" });
  });

  it("the orders list finds the orders part paid, and the morning summary says what is still to come", async () => {
    const day = lagosNow(new Date()).date;
    const before = await morningSummary(t.db, day, 0);
    const { id, row } = await companyOrder();
    const other = await companyOrder();
    expect((await pay(id, { method: "transfer", amount: 150_000, part: true })).status).toBe(200);
    const list = async (query: string) => (await t.page(`/api/purchases?${query}`, { as: admin })).json();
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    const parts = await list("payment=part&pageSize=100");
    expect(ids(parts)).toContain(id);
    expect(ids(parts)).not.toContain(other.id);
    for (const r of parts) expect(r.partPaid).toBe(true);
    // with a search too (the search's own table), and the same filter on the list's page
    expect(ids(await list(`payment=part&q=${encodeURIComponent(row.email)}`))).toEqual([id]);
    expect(await list(`payment=part&q=${encodeURIComponent(other.row.email)}`)).toEqual([]);
    const csv = await (await t.page("/api/purchases/export.csv?payment=part", { as: admin })).text();
    expect(csv).toContain(row.email);
    expect(csv).not.toContain(other.row.email);
    const refused = await t.page("/api/purchases?payment=some", { as: admin });
    expect(refused.status).toBe(400);
    const screen = (await (await t.page("/purchasetable?payment=part", { as: admin })).text()).replace(/<!-- -->/g, "");
    expect(screen).toContain(row.email);
    expect(screen).not.toContain(other.row.email);
    expect(screen).toMatch(/aria-current="page"[^>]*>Part paid</);
    // the next morning: one more order part paid, and its rest still to come
    const after = await morningSummary(t.db, day, 0);
    const left = row.totalKobo - 15_000_000;
    expect(after.partPaid).toEqual({ orders: before.partPaid.orders + 1, leftKobo: before.partPaid.leftKobo + left, overdue: 0 });
    // and the parts that came in that day
    expect(after.partsReceived).toEqual({ count: before.partsReceived.count + 1, kobo: before.partsReceived.kobo + 15_000_000 });
    const { text } = summaryMail(after, { shopName: "Alafia", lowStockThreshold: 0, morningSummaryHour: 7 }, "https://shop.example");
    const naira = `₦${(after.partPaid.leftKobo / 100).toLocaleString("en-NG")}`;
    const received = after.partsReceived;
    expect(text).toContain(
      `${received.count === 1 ? "1 part payment" : `${received.count} part payments`} (₦${(received.kobo / 100).toLocaleString("en-NG")}) also came in towards orders not paid in full yet.`,
    );
    expect(text).toContain(
      `${after.partPaid.orders === 1 ? "1 order" : `${after.partPaid.orders} orders`} part paid, ${naira} still to come: https://shop.example/purchasetable?payment=part`,
    );
    // and the owner's dashboard, linking to the same list
    const dashboard = (await (await t.page("/dashboard", { as: admin })).text()).replace(/<!-- -->/g, "");
    const note = dashboard.match(/<a[^>]*data-testid="part-paid-note"[^>]*>(.*?)<\/a>/)!;
    expect(note[0]).toContain('href="/purchasetable?payment=part"');
    expect(note[1]).toBe(
      `<strong>${after.partPaid.orders === 1 ? "1 order" : `${after.partPaid.orders} orders`} part paid</strong> · ${naira} still to come`,
    );
  });

  it("with the day agreed for the rest: kept and told, and past it the list, the order, the dashboard and the morning summary say so", async () => {
    const today = lagosNow(new Date()).date;
    const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString("en-NG")}`;
    // at the desk, with the part
    const { id, row } = await companyOrder({ settle: "paid", amount: 100_000, part: true, restDueOn: addDays(today, 10) });
    expect(row).toMatchObject({ depositKobo: 10_000_000, restDueOn: addDays(today, 10) });
    const left = row.totalKobo - 10_000_000;
    expect(await notesOf(id)).toContain(
      `part payment: ₦100,000 by bank transfer recorded; ${naira(left)} left to pay by ${shortDay(addDays(today, 10))}`,
    );
    const [told] = await mailsOf(row.email, "order_part_payment");
    expect(told!.text).toContain(`; ${naira(left)} is left to pay by ${longDay(addDays(today, 10))}.`);
    // the desk refuses a day without a part, a day gone by and one over a year on, and places nothing
    for (const [extra, field] of [
      [{ settle: "paid", restDueOn: addDays(today, 3) }, "Only with a part payment"],
      [{ settle: "pod", restDueOn: addDays(today, 3) }, "Only with a part payment"],
      [{ settle: "paid", amount: 100_000, part: true, restDueOn: addDays(today, -1) }, "choose today or a later day"],
      [{ settle: "paid", amount: 100_000, part: true, restDueOn: addDays(today, 400) }, "choose a day within a year"],
    ] as const) {
      const email = `late.${crypto.randomUUID().slice(0, 6)}@example.ng`;
      const refused = await companyOrder({ ...extra, email }).catch((e: { status: number; fields: Record<string, string> }) => e);
      expect(refused).toMatchObject({ status: 400, fields: { restDueOn: field } });
      expect(await t.db.select().from(purchases).where(eq(purchases.email, email))).toHaveLength(0);
    }

    // through the API: the day with the part; a day without one is refused and nothing recorded
    const other = await companyOrder();
    const alone = await pay(other.id, { method: "transfer", amount: 50_000, restDueOn: addDays(today, 3) });
    expect(alone.status).toBe(400);
    expect((await alone.json()).fields).toEqual({ restDueOn: "Only with a part payment" });
    expect((await rowOf(other.id)).depositKobo).toBe(0);
    expect((await pay(other.id, { method: "transfer", amount: 50_000, part: true, restDueOn: addDays(today, 3) })).status).toBe(200);
    const seen = await (await t.page(`/api/purchases/${other.id}`, { as: admin })).json();
    expect(seen).toMatchObject({ restDueOn: addDays(today, 3), restOverdue: false });
    // another part without a day keeps the one agreed; the order page's form takes a new one
    expect((await pay(other.id, { method: "cash", amount: 10_000, part: true })).status).toBe(200);
    expect((await rowOf(other.id)).restDueOn).toBe(addDays(today, 3));
    const form = await t.page(`/viewpurchase/${other.id}`, {
      method: "POST",
      as: admin,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "payment", method: "pos", amount: "10000", part: "on", restDueOn: addDays(today, 5) }).toString(),
    });
    expect(form.status).toBe(200);
    const otherLeft = other.row.totalKobo - 7_000_000;
    expect(await form.text()).toContain(`Part payment recorded; ${naira(otherLeft)} left to pay by ${shortDay(addDays(today, 5))}`);
    // the form starts blank again (the rest, recorded without the tick, sends no day) and says which day stays
    const again = (await (await t.page(`/viewpurchase/${other.id}`, { as: admin })).text()).replace(/<!-- -->/g, "");
    expect(again).toMatch(/<input[^>]*name="restDueOn"[^>]*value=""/);
    expect(again).toContain(`With a part payment: the day she agreed to pay the rest (blank: still ${shortDay(addDays(today, 5))})`);

    // the day goes by without the rest
    await t.db
      .update(purchases)
      .set({ restDueOn: addDays(today, -2) })
      .where(eq(purchases.id, id));
    expect(await (await t.page(`/api/purchases/${id}`, { as: admin })).json()).toMatchObject({
      restDueOn: addDays(today, -2),
      restOverdue: true,
    });
    const rows = await (await t.page(`/api/purchases?payment=part&pageSize=100`, { as: admin })).json();
    expect(rows.find((r: { id: string }) => r.id === id)).toMatchObject({ partPaid: true, restOverdue: true });
    expect(rows.find((r: { id: string }) => r.id === other.id)).toMatchObject({ partPaid: true, restOverdue: false });
    const drawn = async (path: string) => (await (await t.page(path, { as: admin })).text()).replace(/<!-- -->/g, "");
    expect(await drawn(`/purchasetable?payment=part&q=${encodeURIComponent(row.email)}`)).toContain(
      'data-testid="part-paid">part paid · rest overdue</span>',
    );
    expect(await drawn(`/viewpurchase/${id}`)).toContain(
      `data-testid="rest-due" class="text-rose-dark">${shortDay(addDays(today, -2))} · overdue</span>`,
    );
    const hers = (await (await t.page(orderCompletePath(t.env, row))).text()).replace(/<!-- -->/g, "");
    expect(hers).toContain(`The rest is due by ${longDay(addDays(today, -2))}, as agreed with the shop.`);
    const summary = await morningSummary(t.db, addDays(today, -1), 0);
    expect(summary.partPaid.overdue).toBe(1);
    const { text } = summaryMail(summary, { shopName: "Alafia", lowStockThreshold: 0, morningSummaryHour: 7 }, "https://shop.example");
    expect(text).toContain(
      " still to come: https://shop.example/purchasetable?payment=part\n1 of them is past the day agreed for the rest: https://shop.example/purchasetable?payment=rest_overdue\n",
    );
    const [, , toPrepare] = summaryWhatsAppParams(summary, "Alafia", "https://shop.example");
    expect(toPrepare).toContain(" still to come (1 past the day agreed for the rest)");
    // its own list: this order and no other (the one with a day still to come is not)
    const overdue = await (await t.page("/api/purchases?payment=rest_overdue&pageSize=100", { as: admin })).json();
    expect(overdue.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(
      await (await t.page(`/api/purchases?payment=rest_overdue&q=${encodeURIComponent(other.row.email)}`, { as: admin })).json(),
    ).toEqual([]);
    expect(await drawn("/purchasetable?payment=rest_overdue")).toMatch(/aria-current="page"[^>]*>Rest overdue</);
    const csv = await (await t.page("/api/purchases/export.csv?payment=rest_overdue", { as: admin })).text();
    expect(csv).toContain(row.email);
    expect(csv).not.toContain(other.row.email);
    expect(await drawn("/dashboard")).toMatch(
      /data-testid="part-paid-note"[^>]*>.*? still to come · 1 past the day agreed for the rest<\/a>/,
    );

    // the rest paid: no day is waited for any more
    expect((await pay(id, { method: "transfer", amount: left / 100 })).status).toBe(200);
    expect(await (await t.page(`/api/purchases/${id}`, { as: admin })).json()).toMatchObject({ restDueOn: null, restOverdue: false });
    expect((await morningSummary(t.db, addDays(today, -1), 0)).partPaid.overdue).toBe(0);
  });
});
