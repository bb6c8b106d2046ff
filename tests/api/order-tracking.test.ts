// Order tracking (docs/product.md "Tracking an order"): /track takes the order number and the
// phone or email she ordered with and opens the order's own signed page, which shows its progress.
// A wrong number and a wrong contact are the same answer; guessing is rate-limited per address.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as orderLoader } from "../../app/routes/shop/checkout-complete";
import { mailOutbox, paymentAttempts, purchaseEvents, purchases } from "../../db/schema";
import { orderCompletePath } from "../../modules/orders/order-links.server";
import { orderTimeline } from "../../modules/orders/tracking.server";
import { createAdminUser, createProduct, createPurchase, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";
import { routerContext } from "../support/test-app";

let t: PagesContext;
beforeAll(async () => {
  t = await createPagesContext();
});

const track = (fields: Record<string, string>, ip = "10.9.0.1") =>
  t.page("/track", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    ip,
  });

async function anOrder(overrides: Parameters<typeof createPurchase>[3] = {}) {
  const user = await createUser(t.db, { phone: "+2348035550142" });
  const product = await createProduct(t.db, { stock: null });
  return createPurchase(t.db, user, [{ product, quantity: 1 }], { phone: "+2348035550142", ...overrides });
}

describe("/track", () => {
  it("opens the order's signed page from its number and the phone (any spelling) or the email", async () => {
    const order = await anOrder();
    const number = order.id.slice(0, 8);
    for (const contact of ["0803 555 0142", "+234 803 555 0142", order.email.toUpperCase()]) {
      const res = await track({ number: `#${number.toUpperCase()}`, contact });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(orderCompletePath(t.env, order));
    }
  });

  it("gives the same 404 for a wrong number and for a wrong contact, and keeps what she typed", async () => {
    const order = await anOrder();
    const other = await anOrder({ phone: "+2348099990000" });
    const answers = await Promise.all([
      track({ number: other.id.slice(0, 8), contact: "0803 555 0142" }),
      track({ number: order.id.slice(0, 8), contact: "someone.else@example.ng" }),
      track({ number: "00000000", contact: order.email }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(404);
    }
    const bodies = await Promise.all(answers.map((r) => r.text()));
    for (const body of bodies) {
      expect(body).toContain("We could not find an order with that number and phone or email");
      // the reason alone: no "Something went wrong" heading above it (that line is the account screens')
      expect(body).not.toContain("Something went wrong");
    }
    // the page has no script: the form drawn again holds what she typed (number and contact)
    expect(bodies[1]).toContain(`value="${order.id.slice(0, 8)}"`);
    expect(bodies[1]).toContain('value="someone.else@example.ng"');
    expect(bodies[0]).toContain('value="0803 555 0142"');
  });

  it("answers a malformed number with a 400 naming the field", async () => {
    const res = await track({ number: "abc", contact: "x@example.ng" }, "10.9.0.2");
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain("Order number is the 8 letters and digits in your order mail");
    expect(body).toContain('value="abc"');
    expect(body).toContain('value="x@example.ng"');
  });

  it("slows guessing: past 30 tries an hour from one address, a 429 with Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await track({ number: "0000000" + (i % 10), contact: "a@b.ng" }, "10.9.0.3")).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("the order's progress", () => {
  it("shows each step as it happens: placed, paid, preparing, out for delivery, delivered", async () => {
    const order = await anOrder({ status: "pending", paidAt: null });
    const done = async () => (await orderTimeline(t.db, order.id)).filter((s) => s.at).map((s) => s.key);
    expect(await done()).toEqual(["placed"]);
    await t.db.update(purchases).set({ status: "completed", paidAt: new Date() }).where(eq(purchases.id, order.id));
    expect(await done()).toEqual(["placed", "paid"]);
    for (const status of ["processing", "shipped", "delivered"] as const) {
      await t.db.update(purchases).set({ status }).where(eq(purchases.id, order.id));
      await t.db.insert(purchaseEvents).values({ purchaseId: order.id, status, note: "internal note" });
    }
    const steps = await orderTimeline(t.db, order.id);
    expect(steps.map((s) => [s.key, !!s.at])).toEqual([
      ["placed", true],
      ["paid", true],
      ["preparing", true],
      ["shipped", true],
      ["delivered", true],
    ]);
    expect(JSON.stringify(steps)).not.toContain("internal note");
  });

  it("a pay-on-delivery order is delivered before it is paid; a cancelled one ends with its cancellation", async () => {
    const pod = await anOrder({ status: "delivered", paidAt: null, paymentMethod: "pod" });
    await t.db.insert(purchaseEvents).values({ purchaseId: pod.id, status: "delivered" });
    const steps = await orderTimeline(t.db, pod.id);
    expect(steps.find((s) => s.key === "paid")).toEqual({ key: "paid", label: "Paid on delivery", at: null });
    expect(steps.find((s) => s.key === "delivered")?.at).not.toBeNull();

    const cancelled = await anOrder({ status: "cancelled", paidAt: null });
    await t.db.insert(purchaseEvents).values({ purchaseId: cancelled.id, status: "cancelled" });
    expect((await orderTimeline(t.db, cancelled.id)).map((s) => s.key)).toEqual(["placed", "cancelled"]);
  });

  it("shows what the shop wrote with 'shipped' and 'delivered' (the rider, who received it), as mailed to her with her order's link", async () => {
    const admin = { id: (await createAdminUser(t.db)).id, role: "admin" as const };
    const order = await anOrder();
    const move = (status: string, note?: string) =>
      t.request(`/api/purchases/${order.id}/status`, { method: "PATCH", as: admin, json: note ? { status, note } : { status } });
    expect((await move("processing")).status).toBe(200);
    expect((await move("shipped", "Musa Bello, 0803 111 2222")).status).toBe(200);
    expect((await move("delivered", "Her sister Kemi")).status).toBe(200);
    const steps = await orderTimeline(t.db, order.id);
    expect(steps.map((s) => [s.key, s.detail ?? null])).toEqual([
      ["placed", null],
      ["paid", null],
      ["preparing", null],
      ["shipped", "Musa Bello, 0803 111 2222"],
      ["delivered", "Her sister Kemi"],
    ]);
    const [shipped] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, order.email), eq(mailOutbox.kind, "order_shipped")));
    expect(shipped!.text).toContain("Delivery details: Musa Bello, 0803 111 2222");
    expect(shipped!.text).toContain(`Follow your order: http://localhost:3000${orderCompletePath(t.env, order)}`);
    // a note nobody wrote for her (the payment's own record) stays in the back office
    await t.db.insert(purchaseEvents).values({ purchaseId: order.id, status: "delivered", note: "payment confirmed by webhook" });
    expect((await orderTimeline(t.db, order.id)).find((s) => s.key === "delivered")?.detail).toBe("Her sister Kemi");
  });

  it("is on the order's page opened with its signed link", async () => {
    const order = await anOrder();
    await t.db
      .insert(paymentAttempts)
      .values({ purchaseId: order.id, reference: order.reference, provider: "sandbox", amountKobo: order.totalKobo });
    const url = `http://localhost:3000${orderCompletePath(t.env, order)}`;
    // (no wish list's cookie: the page's data as it is, not wrapped with a header)
    const data = (await orderLoader({ request: new Request(url), params: {}, context: routerContext(t, null) } as never)) as {
      timeline: { key: string }[];
    };
    expect(data.timeline.map((s) => s.key)).toEqual(["placed", "paid", "preparing", "shipped", "delivered"]);
    const html = await (await t.page(orderCompletePath(t.env, order))).text();
    expect(html).toContain('data-testid="order-timeline"');
    expect(html).toContain("Out for delivery");
  });
});
