// Bank transfer to the shop's account and pay on delivery (docs/product.md "Paying"): offered only
// as the owner sets them, they hold stock like any order, a transfer lapses and is reminded once,
// the owner records the money (transfer, or the rider's cash/transfer/POS) and the order is paid;
// a refused delivery gives the stock back and counts against the customer.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, products, purchaseEvents, purchases } from "../../db/schema";
import { lagosDayTime } from "../../lib/lagos-calendar";
import { expireStalePurchases, remindPendingTransfers } from "../../modules/orders/expiry.server";
import { refusedDeliveries } from "../../modules/orders/manual-payments.server";
import { updateSettings } from "../../modules/settings/service.server";
import { createAdminUser, createCartItem, createDeliveryRate, createProduct, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
let admin: Awaited<ReturnType<typeof createAdminUser>>;
beforeAll(async () => {
  t = await createTestContext();
  admin = await createAdminUser(t.db);
  await createDeliveryRate(t.db, { lga: "Yaba", chargeKobo: 150_000 });
  await createDeliveryRate(t.db, { lga: "Epe", chargeKobo: 400_000 });
});

const HOUR = 3_600_000;
const address = { street: "3 Herbert Macaulay Way", city: "Yaba", phone: "0809 111 2233", lga: "Yaba" };
const stockOf = async (id: string) => (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const rowOf = async (id: string) => (await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;
const mails = async (to: string, kind: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) => m.kind === kind);

async function checkout(
  paymentMethod: string,
  opts: { quantity?: number; lga?: string; user?: Awaited<ReturnType<typeof createUser>> } = {},
) {
  const user = opts.user ?? (await createUser(t.db));
  const product = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 10 });
  await createCartItem(t.db, user.id, product.id, opts.quantity ?? 2);
  const res = await t.request("/api/purchases/create", {
    method: "POST",
    as: user,
    // her own number: a returning customer is known by her account, email or phone
    json: { ...address, phone: user.phone, lga: opts.lga ?? "Yaba", paymentMethod },
  });
  return { user, product, res, body: await res.json() };
}

const bank = { bankName: "GTBank", accountName: "Alafia Self-Care Ltd", accountNumber: "0123456789" };

describe("bank transfer to the shop's account", () => {
  it("is refused until the owner turns it on, and she cannot turn it on without the account's details", async () => {
    await updateSettings(t.db, { transferEnabled: false });
    const { res, body } = await checkout("transfer");
    expect(res.status).toBe(400);
    expect(body.fields).toEqual({ paymentMethod: "Bank transfer is not available." });
    await expect(updateSettings(t.db, { transferEnabled: true, accountNumber: "" })).rejects.toMatchObject({
      fields: { accountNumber: expect.stringContaining("account number") },
    });
  });

  it("holds the stock for the owner's hours, tells her where to send what and with which reference, and empties the cart", async () => {
    await updateSettings(t.db, { ...bank, transferEnabled: true, transferHours: 24 });
    const before = Date.now();
    const { user, product, res, body } = await checkout("transfer");
    expect(res.status).toBe(201);
    expect(body.authorizationUrl).toBeUndefined();
    expect(body.purchase).toMatchObject({ status: "pending", paymentMethod: "transfer", totalAmount: 23_000 });
    const expires = new Date(body.purchase.expiresAt).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(24 * HOUR - 5_000);
    expect(expires - before).toBeLessThanOrEqual(24 * HOUR + 5_000);
    expect(await stockOf(product.id)).toBe(8);
    const [mail] = await mails(user.email, "order_placed_transfer");
    expect(mail!.text).toContain("₦23,000");
    expect(mail!.text).toContain("GTBank\nAlafia Self-Care Ltd\n0123456789");
    expect(mail!.text).toContain(`Use ${body.purchase.id.slice(0, 8)} as the reference`);
    // until when, in Lagos time on the 12-hour clock people speak (not '14:30')
    expect(mail!.text).toContain(`We hold your items until ${lagosDayTime(new Date(expires))};`);
    expect(mail!.text).toMatch(/We hold your items until \w+day \d{1,2} \w+, \d{1,2}:\d{2} [ap]m;/);
    const cart = await (await t.request(`/api/cart/user/${user.id}`, { as: user })).json();
    expect(cart.cartItems).toHaveLength(0);
  });

  it("a newer checkout does not replace an order waiting for a transfer", async () => {
    await updateSettings(t.db, { ...bank, transferEnabled: true });
    const first = await checkout("transfer");
    await checkout("online", { user: first.user });
    expect((await rowOf(first.body.purchase.id)).status).toBe("pending");
  });

  it("reminds once before it lapses, then lapses at its time: stock back, nothing after payment", async () => {
    await updateSettings(t.db, { ...bank, transferEnabled: true, transferHours: 24, transferReminderHours: 6 });
    const { user, product, body } = await checkout("transfer");
    const placed = new Date(body.purchase.createdAt).getTime();
    expect(await remindPendingTransfers(t.db, t.env, new Date(placed + 10 * HOUR))).toBe(0);
    const remindAt = new Date(placed + 19 * HOUR);
    // several servers at the same moment: one reminder
    await Promise.all([1, 2, 3].map(() => remindPendingTransfers(t.db, t.env, remindAt)));
    await remindPendingTransfers(t.db, t.env, new Date(placed + 20 * HOUR));
    expect(await mails(user.email, "order_transfer_reminder")).toHaveLength(1);
    await expireStalePurchases(t.db, new Date(placed + 23 * HOUR));
    expect((await rowOf(body.purchase.id)).status).toBe("pending");
    await expireStalePurchases(t.db, new Date(placed + 24 * HOUR + 60_000));
    expect((await rowOf(body.purchase.id)).status).toBe("cancelled");
    expect(await stockOf(product.id)).toBe(10);
    const notes = (await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, body.purchase.id))).map((e) => e.note);
    expect(notes).toContain("no bank transfer arrived in time");
  });

  it("the owner records the transfer: the order is paid, once, with what arrived and its reference", async () => {
    await updateSettings(t.db, { ...bank, transferEnabled: true });
    const { user, body } = await checkout("transfer");
    const url = `/api/purchases/${body.purchase.id}/payment`;
    const short = await t.request(url, { method: "POST", as: admin, json: { method: "transfer", amount: 22_999, reference: "TRF-1" } });
    expect(short.status).toBe(400);
    expect((await short.json()).fields.amount).toBe("The order total is ₦23,000");
    expect((await t.request(url, { method: "POST", as: user, json: { method: "transfer", amount: 23_000 } })).status).toBe(403);
    const answers = await Promise.all(
      [1, 2].map(() => t.request(url, { method: "POST", as: admin, json: { method: "transfer", amount: 23_000, reference: "GTB 0042" } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const row = await rowOf(body.purchase.id);
    expect(row).toMatchObject({ status: "completed", paidVia: "transfer", paidAmountKobo: 2_300_000, paymentNote: "GTB 0042" });
    expect(row.paidAt).not.toBeNull();
    const [mail] = await mails(user.email, "order_confirmation");
    expect(mail!.text).toContain("We have received your bank transfer");
  });
});

describe("pay on delivery", () => {
  it("is refused while off, outside its areas, above its limit, or for a first order when only returning customers may", async () => {
    await updateSettings(t.db, { podEnabled: false });
    expect((await checkout("pod")).body.fields.paymentMethod).toBe("Pay on delivery is not available.");
    await updateSettings(t.db, { podEnabled: true, podAreas: ["Yaba"], podMaxOrderKobo: 5_000_000, podReturningOnly: false });
    expect((await checkout("pod", { lga: "Epe" })).body.fields.paymentMethod).toBe(
      "Pay on delivery is not available in Epe. Please pay online or by transfer.",
    );
    expect((await checkout("pod", { quantity: 5 })).body.fields.paymentMethod).toBe(
      "Pay on delivery is for orders up to ₦50,000. Please pay online or by transfer.",
    );
    await updateSettings(t.db, { podReturningOnly: true });
    const first = await checkout("pod");
    expect(first.body.fields.paymentMethod).toContain("customers who have paid for an order with us before");
    // once she has paid for an order, she may
    const paid = await checkout("online", { user: first.user });
    const cash = { method: "cash", amount: paid.body.purchase.totalAmount };
    expect((await t.request(`/api/purchases/${paid.body.purchase.id}/payment`, { method: "POST", as: admin, json: cash })).status).toBe(
      200,
    );
    expect((await checkout("pod", { user: first.user })).res.status).toBe(201);
    await updateSettings(t.db, { podReturningOnly: false, podAreas: [] });
  });

  it("holds the stock with no time limit, goes out unpaid, and is paid when the rider's collection is recorded", async () => {
    await updateSettings(t.db, { podEnabled: true, podAreas: [], podMaxOrderKobo: 5_000_000 });
    const { user, product, body } = await checkout("pod");
    expect(body.purchase).toMatchObject({ status: "pending", paymentMethod: "pod", expiresAt: null });
    expect(await mails(user.email, "order_placed_pod")).toHaveLength(1);
    await expireStalePurchases(t.db, new Date(Date.now() + 30 * 24 * HOUR));
    expect((await rowOf(body.purchase.id)).status).toBe("pending");
    expect(await stockOf(product.id)).toBe(8);
    const id = body.purchase.id;
    for (const status of ["processing", "shipped"])
      expect((await t.request(`/api/purchases/${id}/status`, { method: "PATCH", as: admin, json: { status } })).status).toBe(200);
    expect((await rowOf(id)).paidAt).toBeNull();
    const collected = await t.request(`/api/purchases/${id}/payment`, {
      method: "POST",
      as: admin,
      json: { method: "pos", amount: 23_000, reference: "POS slip 118" },
    });
    expect(collected.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: "shipped", paidVia: "pos", paymentNote: "POS slip 118" });
    expect((await rowOf(id)).paidAt).not.toBeNull();
    expect((await t.request(`/api/purchases/${id}/status`, { method: "PATCH", as: admin, json: { status: "delivered" } })).status).toBe(
      200,
    );
  });

  it("a refused delivery gives the stock back and is counted against the customer (by email or phone)", async () => {
    await updateSettings(t.db, { podEnabled: true, podAreas: [] });
    const { user, product, body } = await checkout("pod");
    const id = body.purchase.id;
    await t.request(`/api/purchases/${id}/status`, { method: "PATCH", as: admin, json: { status: "processing" } });
    const refused = await t.request(`/api/purchases/${id}/refused`, { method: "POST", as: admin, json: { note: "not at home, twice" } });
    expect(refused.status).toBe(200);
    expect((await rowOf(id)).status).toBe("cancelled");
    expect((await rowOf(id)).refusedAt).not.toBeNull();
    expect(await stockOf(product.id)).toBe(10);
    expect(await refusedDeliveries(t.db, { email: user.email.toUpperCase(), phone: "+234 0000" })).toBe(1);
    expect(await refusedDeliveries(t.db, { email: "someone@else.ng", phone: (await rowOf(id)).phone })).toBe(1);
    // only an unpaid delivery can be refused
    expect((await t.request(`/api/purchases/${id}/refused`, { method: "POST", as: admin, json: {} })).status).toBe(409);
  });
});
