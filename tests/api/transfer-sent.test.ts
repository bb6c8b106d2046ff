// docs/product.md "Paying" ("I have sent it"): a shopper paying by transfer says on her order's
// page that she sent it, with the amount and the name on her account. The order keeps it and its
// history says it; the team is alerted (mail, and WhatsApp on the Alerts number); the order is held
// a day longer while they check, and she gets no "we have not received it"; the order page and the
// list's "Transfer sent" show it; nothing is paid by her word. Only hers, only while it waits for a
// transfer, not twice in ten minutes; bad input is a 400 naming the field.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { mailOutbox, purchaseEvents, purchases, transferReceipts } from "../../db/schema";
import { addDays, lagosDayTime, lagosNow } from "../../lib/lagos-calendar";
import { morningSummary, summaryMail, summaryWhatsAppParams } from "../../modules/reports/morning-summary.server";
import { expireStalePurchases, remindPendingTransfers } from "../../modules/orders/expiry.server";
import { orderCompletePath } from "../../modules/orders/order-links.server";
import { orderNumber } from "../../modules/orders/statuses";
import { sayTransferSent, TRANSFER_CHECK_HOURS } from "../../modules/orders/transfer-sent.server";
import { updateSettings } from "../../modules/settings/service.server";
import { renderTemplate } from "../../modules/whatsapp/templates";
import { createAdminUser, createCartItem, createDeliveryRate, createProduct, createStaffUser, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
let admin: Awaited<ReturnType<typeof createAdminUser>>;
beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  admin = await createAdminUser(t.db);
  await createDeliveryRate(t.db, { lga: "Yaba", chargeKobo: 150_000 });
  await updateSettings(t.db, {
    transferEnabled: true,
    transferHours: 24,
    transferReminderHours: 6,
    bankName: "GTBank",
    accountName: "Alafia Self-Care Ltd",
    accountNumber: "0123456789",
    alertWhatsappNumber: "0803 555 0142",
  });
});

const HOUR = 3_600_000;
const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString("en-NG")}`;
const owner = () => ({ id: admin.id, role: "admin" as const });
const rowOf = async (id: string) => (await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;
const notesOf = async (id: string) =>
  (await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, id))).map((e) => e.note ?? "");
const drawn = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const alerts = async (id: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order_transfer_sent_admin"))).filter((m) =>
    m.subject.includes(orderNumber(id)),
  );

/** A signed-in shopper's order of two ₦10,000 boxes, to be paid by transfer. */
async function transferOrder() {
  const user = await createUser(t.db);
  const product = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 10 });
  await createCartItem(t.db, user.id, product.id, 2);
  const res = await t.page("/api/purchases/create", {
    method: "POST",
    as: { id: user.id, role: "customer" },
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ street: "3 Herbert Macaulay Way", city: "Yaba", phone: user.phone, lga: "Yaba", paymentMethod: "transfer" }),
  });
  expect(res.status).toBe(201);
  const { purchase } = await res.json();
  return { user, order: await rowOf(purchase.id) };
}
const tokenOf = (order: { id: string; reference: string }) => new URL(orderCompletePath(t.env, order), "http://x").searchParams.get("t")!;
const tell = (order: { id: string; reference: string }, fields: Record<string, string>, as?: { id: string; role: "customer" }) =>
  t.page(orderCompletePath(t.env, order), {
    method: "POST",
    as,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "transfer-sent", purchaseId: order.id, ...fields }).toString(),
  });

describe("she says she sent the transfer", () => {
  it("by the order's link: kept, in the history, the team alerted, the order held a day while they check; nothing paid", async () => {
    const { order } = await transferOrder();
    const page = await drawn(await t.page(orderCompletePath(t.env, order)));
    expect(page).toContain("Sent the transfer? Tell us, and we will look for it at once.");
    expect(page).toContain("I have sent it</button>");
    const before = Date.now();
    const total = naira(order.totalKobo);
    const res = await tell(order, { t: tokenOf(order), amount: String(order.totalKobo / 100), from: "ADA OBI" });
    expect(res.status).toBe(200);
    const answer = await drawn(res);
    const row = await rowOf(order.id);
    expect(answer).toContain(`Thank you: we are looking for your transfer now. We hold your order until ${lagosDayTime(row.expiresAt!)}.`);
    expect(answer).toContain(`You told us you sent <strong>${total}</strong> from the account of <strong>ADA OBI</strong>`);
    expect(row).toMatchObject({ status: "pending", paidAt: null, transferSentKobo: order.totalKobo, transferSentFrom: "ADA OBI" });
    // held TRANSFER_CHECK_HOURS from her word (her 24 hours had more left: the later of the two)
    expect(row.expiresAt!.getTime()).toBeGreaterThanOrEqual(order.expiresAt!.getTime());
    expect(row.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + TRANSFER_CHECK_HOURS * HOUR - 1000);
    expect(await notesOf(order.id)).toContain(`the customer says she sent ${total} by transfer from the account of ADA OBI`);

    const [alert, ...more] = await alerts(order.id);
    expect(more).toHaveLength(0);
    expect(alert!.subject).toBe(`Order #${orderNumber(order.id)}: ${order.firstName} says she sent ${total} by transfer`);
    expect(alert!.text).toContain("Check the shop's account (GTBank, 0123456789), then record the money on the order: ");
    expect(alert!.text).toContain(`/viewpurchase/${order.id}`);
    expect(alert!.whatsapp).toMatchObject({ to: "+2348035550142", template: "transfer_sent_alert" });
    expect(renderTemplate(alert!.whatsapp!)).toBe(
      `${order.firstName} ${order.lastName} says she sent ${total} by transfer for order #${orderNumber(order.id)}, from the account of ADA OBI. Check and record it: ${t.env.PUBLIC_URL}/viewpurchase/${order.id}`,
    );

    // the team sees it on the order, in the list's "Transfer sent", and in the API
    const admin = await drawn(await t.page(`/viewpurchase/${order.id}`, { as: owner() }));
    expect(admin).toMatch(new RegExp(`data-testid="transfer-sent"[^>]*>${total} from ADA OBI · `));
    const listed = await (await t.page("/api/purchases?payment=transfer_sent&pageSize=100", { as: owner() })).json();
    expect(listed.find((r: { id: string }) => r.id === order.id)).toMatchObject({ transferSent: true });
    expect(await (await t.page(`/api/purchases/${order.id}`, { as: owner() })).json()).toMatchObject({
      transferSent: { amount: order.totalKobo / 100, from: "ADA OBI" },
    });
    const screen = await drawn(await t.page("/purchasetable?payment=transfer_sent", { as: owner() }));
    expect(screen).toContain(order.email);
    expect(screen).toMatch(/aria-current="page"[^>]*>Transfer sent</);
    expect(screen).toContain("transfer sent, to check");

    // the next morning's summary: a line to that list, and the same words on WhatsApp
    const yesterday = addDays(lagosNow(new Date()).date, -1);
    const summary = await morningSummary(t.db, yesterday, 0);
    const n = summary.transfersTold;
    expect(n).toBeGreaterThanOrEqual(1);
    const words =
      n === 1 ? "1 customer says she sent a transfer not recorded yet" : `${n} customers say they sent a transfer not recorded yet`;
    const { text } = summaryMail(summary, { shopName: "Alafia", lowStockThreshold: 0, morningSummaryHour: 7 }, "https://shop.example");
    expect(text).toContain(`${words}, to find in the account: https://shop.example/purchasetable?payment=transfer_sent\n`);
    expect(summaryWhatsAppParams(summary, "Alafia", "https://shop.example")[2]).toContain(words);

    // and the owner's dashboard, linking to that list
    const dashboard = await drawn(await t.page("/dashboard", { as: owner() }));
    const note = dashboard.match(/<a[^>]*data-testid="transfers-told-note"[^>]*>(.*?)<\/a>/)!;
    expect(note[0]).toContain('href="/purchasetable?payment=transfer_sent"');
    expect(note[1]).toBe(
      n === 1
        ? "<strong>1 transfer to check</strong> · the customer says she sent it: find it in the account and record it"
        : `<strong>${n} transfers to check</strong> · customers say they sent them: find them in the account and record them`,
    );

    // recorded by the team, it is paid and leaves the list
    const paid = await t.page(`/api/purchases/${order.id}/payment`, {
      method: "POST",
      as: owner(),
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ method: "transfer", amount: order.totalKobo / 100, reference: "TRF ADA OBI" }),
    });
    expect(paid.status).toBe(200);
    const after = await (await t.page("/api/purchases?payment=transfer_sent&pageSize=100", { as: owner() })).json();
    expect(after.map((r: { id: string }) => r.id)).not.toContain(order.id);
    expect((await morningSummary(t.db, yesterday, 0)).transfersTold).toBe(n - 1);
  });

  it("holds the order past its old time, and no 'not received' reminder goes while the team checks", async () => {
    const { order } = await transferOrder();
    const told = new Date(order.expiresAt!.getTime() - 2 * HOUR);
    await sayTransferSent(t.db, t.env, order.id, { amount: 21_500, from: "Ada Obi" }, { token: tokenOf(order) }, told);
    // the reminder's hours before the old time: nothing goes
    expect(await remindPendingTransfers(t.db, t.env, new Date(order.expiresAt!.getTime() - HOUR))).toBe(0);
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, order.email), eq(mailOutbox.kind, "order_transfer_reminder"))),
    ).toHaveLength(0);
    // past the old time: still waiting
    await expireStalePurchases(t.db, new Date(order.expiresAt!.getTime() + HOUR));
    expect((await rowOf(order.id)).status).toBe("pending");
    // past the check's day with nothing recorded: it lapses as any
    await expireStalePurchases(t.db, new Date(told.getTime() + (TRANSFER_CHECK_HOURS + 1) * HOUR));
    expect((await rowOf(order.id)).status).toBe("cancelled");
  });

  it("told three times at once (a double tap, two phones): one is kept, the team alerted once", async () => {
    const { user, order } = await transferOrder();
    const told = await Promise.allSettled(
      [1, 2, 3].map(() => sayTransferSent(t.db, t.env, order.id, { amount: 5_000, from: "Ada Obi" }, { userId: user.id })),
    );
    expect(told.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(told.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.kind)).toEqual([
      "conflict",
      "conflict",
    ]);
    expect(await alerts(order.id)).toHaveLength(1);
    expect((await notesOf(order.id)).filter((n) => n.startsWith("the customer says she sent"))).toHaveLength(1);
  });

  it("a lapse already picked by the timer does not cancel an order held meanwhile", async () => {
    const { order } = await transferOrder();
    const late = new Date(order.expiresAt!.getTime() + 60_000);
    // she tells it a moment before the timer's cancel runs, the order's time already gone
    await t.db
      .update(purchases)
      .set({ expiresAt: new Date(late.getTime() - 1000) })
      .where(eq(purchases.id, order.id));
    await sayTransferSent(t.db, t.env, order.id, { amount: 21_500, from: "Ada Obi" }, { token: tokenOf(order) }, late);
    const { cancelPurchases, shopperCancelNotes } = await import("../../modules/orders/cancellation.server");
    expect(await cancelPurchases(t.db, [order.id], shopperCancelNotes.transferLapsed, late, true)).toEqual([]);
    expect((await rowOf(order.id)).status).toBe("pending");
  });

  it("is hers only, for an order waiting for a transfer, once in ten minutes; bad input names the field", async () => {
    const { user, order } = await transferOrder();
    const stranger = await createUser(t.db);
    expect((await tell(order, { t: "x".repeat(43), amount: "21500", from: "Ada Obi" })).status).toBe(404);
    expect((await tell(order, { amount: "21500", from: "Ada Obi" }, { id: stranger.id, role: "customer" })).status).toBe(404);
    const blank = await tell(order, { t: tokenOf(order), amount: "0", from: " " });
    expect(blank.status).toBe(400);
    const refused = await drawn(blank);
    expect(refused).toContain("Amount you sent must be more than 0");
    expect(refused).toContain("Name on the account you sent from is required");
    expect((await rowOf(order.id)).transferSentAt).toBeNull();
    expect(await alerts(order.id)).toHaveLength(0);

    // by her account, once; again at once is refused; ten minutes on, a second transfer is told
    expect((await tell(order, { amount: "10000", from: "Ada Obi" }, { id: user.id, role: "customer" })).status).toBe(200);
    const again = await tell(order, { amount: "11500", from: "Ada Obi" }, { id: user.id, role: "customer" });
    expect(again.status).toBe(409);
    expect(await drawn(again)).toContain("already: we are checking our account and will confirm your order by email.");
    const later = new Date(Date.now() + 11 * 60_000);
    await sayTransferSent(t.db, t.env, order.id, { amount: 11_500, from: "Ada Obi" }, { userId: user.id }, later);
    expect((await rowOf(order.id)).transferSentKobo).toBe(1_150_000);
    expect(await notesOf(order.id)).toContain(
      `the customer says she sent ₦10,000 by transfer from the account of Ada Obi (${naira(order.totalKobo)} is left to pay)`,
    );
    expect(await alerts(order.id)).toHaveLength(2);

    // paid already, cancelled, or not a transfer: refused with why
    await t.db.update(purchases).set({ status: "cancelled" }).where(eq(purchases.id, order.id));
    const cancelled = await tell(order, { t: tokenOf(order), amount: "21500", from: "Ada Obi" });
    expect(cancelled.status).toBe(409);
    expect(await drawn(cancelled)).toContain("This order was cancelled. If you sent money for it, write to");
    const online = await transferOrder();
    await t.db.update(purchases).set({ paymentMethod: "pod" }).where(eq(purchases.id, online.order.id));
    const pod = await tell(online.order, { t: tokenOf(online.order), amount: "21500", from: "Ada Obi" });
    expect(pod.status).toBe(409);
    expect(await drawn(pod)).toContain("This order is not paid by transfer.");
  });
});

describe("a picture of her receipt with it", () => {
  /** "I have sent it" as her page's form posts it when a file is chosen (multipart), by the order's link. */
  const tellWith = (order: { id: string; reference: string; totalKobo: number }, receipt: Blob | null, token = tokenOf(order)) => {
    const form = new FormData();
    const fields = {
      intent: "transfer-sent",
      purchaseId: order.id,
      t: token,
      amount: String(order.totalKobo / 100),
      from: "ADA OBI",
    };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (receipt) form.set("receipt", receipt, "receipt.png");
    return t.page(orderCompletePath(t.env, order), { method: "POST", body: form });
  };
  /** A phone's screenshot: 1170 × 2532, with a camera-style note in its metadata. */
  const screenshot = () =>
    sharp({ create: { width: 1170, height: 2532, channels: 3, background: "#e9f2ea" } })
      .png()
      .withExif({ IFD0: { Artist: "Ada Obi's phone" } })
      .toBuffer();
  const receiptsOf = (purchaseId: string) => t.db.select().from(transferReceipts).where(eq(transferReceipts.purchaseId, purchaseId));

  it("is kept small and without the file's metadata, and only the team sees it", async () => {
    const { user, order } = await transferOrder();
    const res = await tellWith(order, new Blob([new Uint8Array(await screenshot())], { type: "image/png" }));
    expect(res.status).toBe(200);
    expect(await drawn(res)).toContain(", with the picture of your receipt. We are checking our account");
    const [kept, ...more] = await receiptsOf(order.id);
    expect(more).toHaveLength(0);
    // its longest side brought to 1600 px, as a WebP with no metadata of the file
    expect(kept).toMatchObject({ width: 739, height: 1600 });
    const meta = await sharp(kept!.image).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 739, 1600, undefined]);
    expect((await rowOf(order.id)).transferReceiptId).toBe(kept!.id);
    expect(await notesOf(order.id)).toContain(
      `the customer says she sent ${naira(order.totalKobo)} by transfer from the account of ADA OBI, with a picture of her receipt`,
    );
    const [alert] = await alerts(order.id);
    expect(alert!.text).toContain("She sent a picture of her receipt: it is on the order's page.");

    // the team: a link on the order's page, and the picture itself, never kept by a browser or a cache
    const page = await drawn(await t.page(`/viewpurchase/${order.id}`, { as: owner() }));
    expect(page).toMatch(new RegExp(`<a href="/transferreceipt/${order.id}"[^>]*>See her receipt</a>`));
    const staff = await createStaffUser(t.db);
    for (const who of [owner(), { id: staff.id, role: "staff" as const }]) {
      const picture = await t.page(`/transferreceipt/${order.id}`, { as: who });
      expect(picture.status).toBe(200);
      expect(picture.headers.get("content-type")).toBe("image/webp");
      expect(picture.headers.get("cache-control")).toBe("private, no-store");
      expect(Buffer.from(await picture.arrayBuffer()).equals(kept!.image)).toBe(true);
    }
    // not she, not anyone signed out, not a public address
    expect((await t.page(`/transferreceipt/${order.id}`, { as: { id: user.id, role: "customer" } })).status).toBe(403);
    expect((await t.page(`/transferreceipt/${order.id}`)).status).toBe(302);
    expect((await t.page(`/uploads/${kept!.id}.webp`)).status).toBe(404);
    // her view says it came with a picture; an order with none, or a made-up id, has no picture to show
    const view = await (await t.page(`/api/purchases/${order.id}`, { as: owner() })).json();
    expect(view.transferSent).toMatchObject({ from: "ADA OBI", receipt: true });
    const plain = await transferOrder();
    expect((await t.page(`/transferreceipt/${plain.order.id}`, { as: owner() })).status).toBe(404);
    expect((await t.page("/transferreceipt/not-an-id", { as: owner() })).status).toBe(404);

    // a later word without a picture: the team's link goes with it (the picture was of the first transfer)
    await sayTransferSent(
      t.db,
      t.env,
      order.id,
      { amount: 1_000, from: "ADA OBI" },
      { userId: user.id },
      new Date(Date.now() + 11 * 60_000),
    );
    expect((await rowOf(order.id)).transferReceiptId).toBeNull();
    expect(await drawn(await t.page(`/viewpurchase/${order.id}`, { as: owner() }))).not.toContain("See her receipt");
  });

  it("anything but a picture is refused with the field named, and nothing is told", async () => {
    const { order } = await transferOrder();
    // a forged link: not found, whatever the picture
    const picture = new Blob([new Uint8Array(await screenshot())], { type: "image/png" });
    expect((await tellWith(order, picture, "x".repeat(43))).status).toBe(404);
    expect(await receiptsOf(order.id)).toHaveLength(0);
    const refused = await tellWith(order, new Blob(["%PDF-1.7 not a picture"], { type: "image/png" }));
    expect(refused.status).toBe(400);
    expect(await drawn(refused)).toContain("This file is not a PNG, JPG, GIF or WebP image. Please choose an image file.");
    expect((await rowOf(order.id)).transferSentAt).toBeNull();
    expect(await receiptsOf(order.id)).toHaveLength(0);
    expect(await alerts(order.id)).toHaveLength(0);
    // more than 10 MB: refused before it is read
    const huge = await tellWith(order, new Blob([new Uint8Array(11 * 1024 * 1024)], { type: "image/png" }));
    expect(huge.status).toBe(413);
    expect((await rowOf(order.id)).transferSentAt).toBeNull();
    // no file chosen (an empty file input): told without a picture
    const none = await tellWith(order, new Blob([], { type: "application/octet-stream" }));
    expect(none.status).toBe(200);
    expect((await rowOf(order.id)).transferReceiptId).toBeNull();
  });
});
