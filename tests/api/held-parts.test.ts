// A part payment the shop recorded itself on an order it then cancelled (docs/product.md "Part
// payments"): the shop holds that money. Each part is listed with the order's payments not applied,
// and the owner records what became of it, once: given back by hand (the customer is told) or kept
// as agreed. A part that came through the provider is refunded there, never recorded by hand.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, purchaseEvents, purchases, strayPayments } from "../../db/schema";
import { recordManualOrder } from "../../modules/orders/manual-orders.server";
import { orderCompletePath } from "../../modules/orders/order-links.server";
import { morningSummary, summaryMail } from "../../modules/reports/morning-summary.server";
import { lagosNow } from "../../lib/lagos-calendar";
import { createAdminUser, createDeliveryRate, createProduct, createStaffUser, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

type Who = { id: string; role: "admin" | "customer" | "staff" };

let t: PagesContext;
let owner: Awaited<ReturnType<typeof createAdminUser>>;
beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  owner = await createAdminUser(t.db);
  await createDeliveryRate(t.db, { lga: "Yaba", chargeKobo: 150_000 });
});

const json = { "Content-Type": "application/json" };
const notesOf = async (id: string) =>
  (await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, id))).map((e) => e.note ?? "");
const mailsOf = (to: string, kind: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)));
const textOf = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

/** A company's forty gift boxes with ₦150,000 paid by transfer and ₦50,000 in cash, then called off. */
async function cancelledWithParts() {
  const box = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 50 });
  const email = `ada.${crypto.randomUUID().slice(0, 6)}@example.ng`;
  const { id } = await recordManualOrder(
    t.db,
    t.env,
    {
      name: "Ada Obi",
      phone: "0805 222 3344",
      email,
      street: "4 Commercial Avenue",
      city: "Yaba",
      lga: "Yaba",
      source: "whatsapp",
      settle: "paid",
      paidVia: "transfer",
      amount: 150_000,
      reference: "GTB deposit",
      part: true,
      lines: [{ productId: box.id, quantity: 40 }],
    },
    owner.id,
  );
  const cash = await t.page(`/api/purchases/${id}/payment`, {
    method: "POST",
    as: owner,
    headers: json,
    body: JSON.stringify({ method: "cash", amount: 50_000, part: true }),
  });
  expect(cash.status).toBe(200);
  const cancel = await t.page(`/api/purchases/${id}/status`, {
    method: "PATCH",
    as: owner,
    headers: json,
    body: JSON.stringify({ status: "cancelled", note: "the company called it off" }),
  });
  expect(cancel.status).toBe(200);
  const [row] = await t.db.select().from(purchases).where(eq(purchases.id, id));
  const listed = await (await t.page(`/api/purchases/${id}/stray-payments`, { as: owner })).json();
  const byAmount = (naira: number) => listed.strayPayments.find((s: { amount: number }) => s.amount === naira);
  return { id, email, row: row!, transfer: byAmount(150_000), cash: byAmount(50_000), listed: listed.strayPayments };
}

const settle = (id: string, strayId: string, body: Record<string, unknown>, as: Who = owner) =>
  t.page(`/api/purchases/${id}/stray-payments/${strayId}/settle`, { method: "POST", as, headers: json, body: JSON.stringify(body) });

describe("a part payment held on a cancelled order", () => {
  it("is listed with the payments not applied, each part with how it came, to give back or keep", async () => {
    const { id, email, listed } = await cancelledWithParts();
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          amount: 150_000,
          provider: "manual",
          reference: null,
          status: "refund_needed",
          reason: "a part payment the shop recorded, and the order was cancelled",
          byHand: { came: "bank transfer (GTB deposit)", givenBackVia: null, note: null },
        }),
        expect.objectContaining({ amount: 50_000, status: "refund_needed", byHand: { came: "cash", givenBackVia: null, note: null } }),
      ]),
    );
    // the history still says it is held when the order is cancelled
    expect(await notesOf(id)).toContain("the company called it off; part payment of ₦200,000 received: give it back, or keep it as agreed");
    // and her cancellation mail says so, rather than "if you paid, the refund follows"
    const [cancelled] = await mailsOf(email, "order_cancelled");
    expect(cancelled!.text).toContain("Your order has been cancelled. We will be in touch about the ₦200,000 you paid towards it.");
    expect(cancelled!.text).not.toContain("the refund follows");
    const page = (await textOf(await t.page(`/viewpurchase/${id}`, { as: owner }))).replace(/<[^>]+>/g, " ");
    expect(page).toContain("Payments not applied to this order");
    expect(page).toContain("received by bank transfer (GTB deposit)");
    expect(page).toContain("To give back or keep");
    expect(page).toContain("Record as given back");
    expect(page).toContain("Keep it, as agreed");
    // a cancelled order has nothing left to pay, and its refunds panel points to the parts
    expect(page).not.toContain("Left to pay");
    expect(page).toContain("The order was cancelled holding ₦200,000 of part payments: each part is listed under Payments not applied");
  });

  it("given back by hand: recorded once, on the history, and the customer is told; kept as agreed: recorded, no mail", async () => {
    const { id, email, row, transfer, cash } = await cancelledWithParts();
    // the provider never refunds money the shop took itself
    const refund = await t.page(`/api/purchases/${id}/stray-payments/${transfer.id}/refund`, { method: "POST", as: owner });
    expect(refund.status).toBe(409);
    expect((await refund.json()).msg).toBe("This part was received by hand: record it given back or kept.");
    // how it went back is asked
    const how = await settle(id, transfer.id, { outcome: "given_back", note: "GTB 0123" });
    expect(how.status).toBe(400);
    expect((await how.json()).fields).toEqual({ method: "Choose how it went back" });
    expect((await settle(id, transfer.id, { outcome: "refunded", method: "cash" })).status).toBe(400);
    expect((await settle(id, transfer.id, { outcome: "kept", extra: 1 })).status).toBe(400);

    const given = await settle(id, transfer.id, { outcome: "given_back", method: "transfer", note: "GTB 0123" });
    expect(given.status).toBe(200);
    const after = (await given.json()).strayPayments;
    expect(after.find((s: { id: string }) => s.id === transfer.id)).toMatchObject({
      status: "refunded",
      actorName: expect.any(String),
      refundedAt: expect.any(String),
      byHand: { came: "bank transfer (GTB deposit)", givenBackVia: "bank transfer", note: "GTB 0123" },
    });
    // the other part is untouched
    expect(after.find((s: { id: string }) => s.id === cash.id)).toMatchObject({ status: "refund_needed", refundedAt: null });
    expect(await notesOf(id)).toContain("part payment of ₦150,000 given back by bank transfer (GTB 0123)");
    const [told] = await mailsOf(email, "order_part_given_back");
    expect(told!.subject).toBe(`Your Alafia Self-Care order #${id.slice(0, 8)}: ₦150,000 given back`);
    expect(told!.text).toContain(
      `We have given back the part payment of ₦150,000 you made towards order #${id.slice(0, 8)}, by bank transfer. Banks can take a little while to show a transfer.`,
    );
    const again = await settle(id, transfer.id, { outcome: "kept" });
    expect(again.status).toBe(409);
    expect((await again.json()).msg).toBe("This part was already given back.");

    const kept = await settle(id, cash.id, { outcome: "kept", method: "cash", note: "agreed: the design fee" });
    expect(kept.status).toBe(200);
    const cashRow = (await kept.json()).strayPayments.find((s: { id: string }) => s.id === cash.id);
    expect(cashRow).toMatchObject({
      status: "kept",
      refundedAt: null,
      byHand: { came: "cash", givenBackVia: null, note: "agreed: the design fee" },
    });
    expect(await notesOf(id)).toContain("part payment of ₦50,000 kept as agreed (agreed: the design fee)");
    expect(await mailsOf(email, "order_part_given_back")).toHaveLength(1);
    expect((await (await settle(id, cash.id, { outcome: "given_back", method: "cash" })).json()).msg).toBe(
      "This part was already recorded as kept.",
    );

    // her order page says where each part is
    const hers = (await textOf(await t.page(orderCompletePath(t.env, row)))).replace(/<[^>]+>/g, "");
    expect(hers).toMatch(
      /We received a payment of ₦150,000 for this order, as a part payment, and the order was cancelled\. It was given back by bank transfer on \w+ \d+, \d{4} at [\d:]+ [AP]M\./,
    );
    expect(hers).toContain("This order was cancelled, so its items went back on sale. What was paid towards it is below.");
    expect(hers).toContain(
      "We received a payment of ₦50,000 for this order, as a part payment, and the order was cancelled. It was kept, as agreed with you.",
    );
  });

  it("is the owner's to record: staff and shoppers are refused, an unknown payment is not found", async () => {
    const { id, transfer, row } = await cancelledWithParts();
    const staff = await createStaffUser(t.db);
    expect((await settle(id, transfer.id, { outcome: "kept" }, staff)).status).toBe(403);
    expect((await settle(id, transfer.id, { outcome: "kept" }, await createUser(t.db))).status).toBe(403);
    expect((await settle(id, crypto.randomUUID(), { outcome: "kept" })).status).toBe(404);
    // while undecided, her page says the shop will be in touch
    const hers = (await textOf(await t.page(orderCompletePath(t.env, row)))).replace(/<[^>]+>/g, "");
    expect(hers).toContain(
      "We received a payment of ₦150,000 for this order, as a part payment, and the order was cancelled. We will be in touch about giving it back.",
    );
    // the order page's form is the owner's too
    const form = (as: Who) =>
      t.page(`/viewpurchase/${id}`, {
        method: "POST",
        as,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          intent: "settle-part",
          strayId: transfer.id,
          outcome: "given_back",
          method: "cash",
          note: "",
        }).toString(),
      });
    expect((await form(staff)).status).toBe(403);
    const saved = await form(owner);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Recorded as given back; the customer has been told");
    const [stored] = await t.db.select().from(strayPayments).where(eq(strayPayments.id, transfer.id));
    expect(stored).toMatchObject({ status: "refunded", givenBackVia: "cash", settledNote: null, actorId: owner.id });
    const page = (await textOf(await t.page(`/viewpurchase/${id}`, { as: owner }))).replace(/<[^>]+>/g, " ");
    expect(page).toMatch(/Given back by cash \w+ \d+/);
  });

  it("two owners recording the same part at once record it once, and she is told once", async () => {
    const { id, email, transfer } = await cancelledWithParts();
    const answers = await Promise.all([
      settle(id, transfer.id, { outcome: "given_back", method: "transfer" }),
      settle(id, transfer.id, { outcome: "kept" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const notes = (await notesOf(id)).filter((n) => n.startsWith("part payment of ₦150,000 "));
    expect(notes).toHaveLength(1);
    const [stored] = await t.db.select().from(strayPayments).where(eq(strayPayments.id, transfer.id));
    expect(await mailsOf(email, "order_part_given_back")).toHaveLength(stored!.status === "refunded" ? 1 : 0);
  });

  it("the orders list, the morning summary and the dashboard find the money waiting to be given back, until it is", async () => {
    const day = lagosNow(new Date()).date;
    const before = (await morningSummary(t.db, day, 0)).toGiveBack;
    const { id, email, transfer, cash } = await cancelledWithParts();
    const list = async (query: string) =>
      ((await (await t.page(`/api/purchases?${query}`, { as: owner })).json()) as { id: string }[]).map((r) => r.id);
    expect(await list("payment=give_back&pageSize=100")).toContain(id);
    expect(await list(`payment=give_back&q=${encodeURIComponent(email)}`)).toEqual([id]);
    // an order part paid and still waiting holds nothing to give back
    expect(await list("payment=part&pageSize=100")).not.toContain(id);
    const [row] = await (await t.page(`/api/purchases?q=${encodeURIComponent(email)}`, { as: owner })).json();
    expect(row).toMatchObject({ id, status: "cancelled", partPaid: false });
    const now = (await morningSummary(t.db, day, 0)).toGiveBack;
    expect(now).toEqual({ payments: before.payments + 2, kobo: before.kobo + 20_000_000 });
    const { text } = summaryMail(
      await morningSummary(t.db, day, 0),
      { shopName: "Alafia", lowStockThreshold: 0, morningSummaryHour: 7 },
      "https://shop.example",
    );
    expect(text).toContain(
      `${now.payments} payments not applied to an order to give back (₦${(now.kobo / 100).toLocaleString("en-NG")}): https://shop.example/purchasetable?payment=give_back`,
    );
    const dashboard = (await textOf(await t.page("/dashboard", { as: owner }))).match(
      /<a[^>]*data-testid="give-back-note"[^>]*>(.*?)<\/a>/,
    )!;
    expect(dashboard[0]).toContain('href="/purchasetable?payment=give_back"');
    expect(dashboard[1]).toBe(
      `<strong>${now.payments} payments to give back</strong> · ₦${(now.kobo / 100).toLocaleString("en-NG")} the shop holds for no order`,
    );
    const screen = await textOf(await t.page("/purchasetable?payment=give_back", { as: owner }));
    expect(screen).toContain(email);
    expect(screen).toMatch(/aria-current="page"[^>]*>To give back</);

    // one given back, one kept: nothing of this order waits any more
    expect((await settle(id, transfer.id, { outcome: "given_back", method: "transfer" })).status).toBe(200);
    expect((await morningSummary(t.db, day, 0)).toGiveBack).toEqual({ payments: before.payments + 1, kobo: before.kobo + 5_000_000 });
    expect(await list(`payment=give_back&q=${encodeURIComponent(email)}`)).toEqual([id]);
    expect((await settle(id, cash.id, { outcome: "kept" })).status).toBe(200);
    expect(await list(`payment=give_back&q=${encodeURIComponent(email)}`)).toEqual([]);
    expect(await list("payment=give_back&pageSize=100")).not.toContain(id);
    expect((await morningSummary(t.db, day, 0)).toGiveBack).toEqual(before);
  });
});
