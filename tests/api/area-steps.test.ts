import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, purchaseEvents, purchases } from "../../db/schema";
import { createAdminUser, createProduct, createPurchase, createStaffUser, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

// docs/product.md "Delivery on a chosen date": from the day's run sheet the team packs an area's
// orders, then sends the packed ones out with the rider, at once; each order moves as from its own
// page, and its customer is told.
let t: PagesContext;
let staff: { id: string; role: "staff" };
beforeAll(async () => {
  t = await createPagesContext();
  staff = { id: (await createStaffUser(t.db)).id, role: "staff" };
});

const DAY = "2026-12-21";
async function due(lga: string, status: "completed" | "processing" | "pending", extra: Partial<typeof purchases.$inferInsert> = {}) {
  const buyer = await createUser(t.db);
  return createPurchase(t.db, buyer, [{ product: await createProduct(t.db, { stock: 9 }), quantity: 1 }], {
    deliveryDate: DAY,
    lga,
    status,
    ...(status === "pending" ? { paymentMethod: "pod" as const, paidAt: null } : {}),
    ...extra,
  });
}
const post = (fields: Record<string, string>, as: { id: string; role: "staff" | "admin" | "customer" } = staff) =>
  t.page(`/deliveries?date=${DAY}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ date: DAY, ...fields }).toString(),
    as: { id: as.id, role: as.role },
  });
const statusOf = async (id: string) => (await t.db.select({ s: purchases.status }).from(purchases).where(eq(purchases.id, id)))[0]!.s;
const drawn = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

describe("the run sheet's area steps", () => {
  it("sends an area's packed orders out with the rider, telling each customer; other areas and unpacked orders stay", async () => {
    const a = await due("Lekki", "processing");
    const b = await due("Lekki", "processing");
    const paid = await due("Lekki", "completed");
    const onDelivery = await due("Lekki", "pending");
    const ikeja = await due("Ikeja", "processing");

    const page = await drawn(await t.page(`/deliveries?date=${DAY}`, { as: staff }));
    expect(page).toContain("Mark 2 as preparing");
    expect(page).toContain("Send out 2 packed");

    const res = await post({ intent: "send_out", lga: "Lekki", rider: "Musa, 0803 555 0199" });
    expect(res.status).toBe(200);
    expect(await drawn(res)).toContain("2 orders in Lekki are out for delivery with Musa, 0803 555 0199; each customer was told.");
    expect([
      await statusOf(a.id),
      await statusOf(b.id),
      await statusOf(paid.id),
      await statusOf(onDelivery.id),
      await statusOf(ikeja.id),
    ]).toEqual(["shipped", "shipped", "completed", "pending", "processing"]);
    // each as from its own page: its event with the rider, by the member, and its customer's mail
    const [event] = await t.db
      .select()
      .from(purchaseEvents)
      .where(and(eq(purchaseEvents.purchaseId, a.id), eq(purchaseEvents.status, "shipped")));
    expect(event).toMatchObject({ note: "Musa, 0803 555 0199", actorId: staff.id });
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, a.email), eq(mailOutbox.kind, "order_shipped")));
    expect(mail!.text).toContain("Musa, 0803 555 0199");

    // then the rest of Lekki is packed: the paid order and the one paid on delivery
    const packed = await post({ intent: "prepare", lga: "Lekki" });
    expect(await drawn(packed)).toContain("2 orders in Lekki are marked as preparing; each customer was told.");
    expect([await statusOf(paid.id), await statusOf(onDelivery.id)]).toEqual(["processing", "processing"]);
    // nothing left to pack
    expect(await drawn(await post({ intent: "prepare", lga: "Lekki" }))).toContain("No order in Lekki was waiting for this.");
  });

  it("needs the rider to send out, refuses a customer, and moves each order once when two members press at once", async () => {
    const order = await due("Yaba", "processing");
    const noRider = await post({ intent: "send_out", lga: "Yaba" });
    expect(noRider.status).toBe(400);
    expect(await drawn(noRider)).toContain("Write the rider&#x27;s name and phone, or the courier and its tracking number");
    const customer = await createUser(t.db);
    const refused = await post({ intent: "send_out", lga: "Yaba", rider: "Musa" }, { id: customer.id, role: "customer" });
    expect(refused.status).toBeGreaterThanOrEqual(300);
    expect(await statusOf(order.id)).toBe("processing");

    const owner = { id: (await createAdminUser(t.db)).id, role: "admin" as const };
    const answers = await Promise.all([
      post({ intent: "send_out", lga: "Yaba", rider: "Musa" }),
      post({ intent: "send_out", lga: "Yaba", rider: "Ade" }, owner),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200]);
    const events = await t.db
      .select()
      .from(purchaseEvents)
      .where(and(eq(purchaseEvents.purchaseId, order.id), eq(purchaseEvents.status, "shipped")));
    expect(events).toHaveLength(1);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, order.email), eq(mailOutbox.kind, "order_shipped")));
    expect(mails).toHaveLength(1);
  });

  // docs/product.md "Pick-up": the pick-ups have no day or area; packed, then ready to collect, with no rider
  it("packs the pick-ups, then marks the packed ones ready to collect, each customer told where to come", async () => {
    const pickup = (status: "completed" | "processing" | "pending") =>
      due("", status, {
        deliveryMethod: "pickup",
        deliveryDate: null,
        lga: null,
        street: "",
        city: "",
        address: "12 Admiralty Way, Lekki",
      });
    const [a, b, paid, onCollection] = [
      await pickup("processing"),
      await pickup("processing"),
      await pickup("completed"),
      await pickup("pending"),
    ];
    const delivery = await due("Surulere", "processing");

    const steps = /data-testid="pickup-steps">(.*?)<\/div>/s.exec(await drawn(await t.page(`/deliveries?date=${DAY}`, { as: staff })))![1]!;
    expect(steps).toContain("Mark 2 as preparing");
    expect(steps).toContain("Mark 2 packed as ready to collect");

    const ready = await post({ intent: "ready_pickups" });
    expect(ready.status).toBe(200);
    expect(await drawn(ready)).toContain("2 pick-ups are ready to collect; each customer was told.");
    expect([await statusOf(a.id), await statusOf(b.id), await statusOf(paid.id), await statusOf(onCollection.id)]).toEqual([
      "shipped",
      "shipped",
      "completed",
      "pending",
    ]);
    // a delivery packed for its day is not a pick-up: it waits for its rider
    expect(await statusOf(delivery.id)).toBe("processing");
    const [event] = await t.db
      .select()
      .from(purchaseEvents)
      .where(and(eq(purchaseEvents.purchaseId, a.id), eq(purchaseEvents.status, "shipped")));
    expect(event).toMatchObject({ note: null, actorId: staff.id });
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, a.email), eq(mailOutbox.kind, "order_shipped")));
    expect(mail!.subject).toMatch(/^Your order is ready to collect/);
    expect(mail!.text).toContain("Collect it at 12 Admiralty Way, Lekki.");

    const packed = await post({ intent: "prepare_pickups" });
    expect(await drawn(packed)).toContain("2 pick-ups are marked as preparing; each customer was told.");
    expect([await statusOf(paid.id), await statusOf(onCollection.id)]).toEqual(["processing", "processing"]);
    expect(await drawn(await post({ intent: "prepare_pickups" }))).toContain("No pick-up was waiting for this.");
    // a customer cannot
    const customer = await createUser(t.db);
    expect((await post({ intent: "ready_pickups" }, { id: customer.id, role: "customer" })).status).toBeGreaterThanOrEqual(300);
    expect(await statusOf(paid.id)).toBe("processing");
    // an intent the page never sends
    const odd = await post({ intent: "lost_pickups" });
    expect(odd.status).toBe(400);
    expect(await drawn(odd)).toContain("Please reload the page and try again.");
  });
});
