// docs/product.md "Pick-up" ("Two pick-up points"): the shop may give a second point across town
// (the Island and the Mainland are hours apart in traffic). The checkout then asks which one she
// collects from, never guessing; the order keeps the one she chose; a point the shop no longer
// offers, or none chosen, is refused with the field named and nothing placed; the order desk asks
// too; /deliveries says which point each pick-up waits at.
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, products, purchaseEvents, purchases } from "../../db/schema";
import { encodeGuestCart } from "../../app/lib/guest-cart-cookie";
import { PICKUP_POINT_GONE, PICKUP_POINT_MISSING } from "../../modules/orders/pickup";
import { recordManualOrder } from "../../modules/orders/manual-orders.server";
import { orderCompletePath } from "../../modules/orders/order-links.server";
import { orderNumber } from "../../modules/orders/statuses";
import { createAdminUser, createDeliveryRate, createProduct, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";
import { saveSettingsForm } from "../support/settings-form";

let t: PagesContext;
let owner: { id: string; role: "admin" };
const LEKKI = "12 Admiralty Way, Lekki Phase 1, Lagos";
const LEKKI_HOURS = "Monday to Saturday, 10 am to 6 pm";
const IKEJA = "5 Isaac John Street, Ikeja GRA, Lagos";
const IKEJA_HOURS = "Monday to Friday, 9 am to 5 pm";

beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  owner = { id: (await createAdminUser(t.db)).id, role: "admin" };
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 250_000 });
});

const json = (path: string, method: string, body: unknown, as?: typeof owner) =>
  t.page(path, { method, as, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const setPoints = (points: Partial<Record<"pickupAddress" | "pickupHours" | "pickupAddress2" | "pickupHours2", string>>) =>
  json("/api/settings", "PUT", { pickupAddress: "", pickupHours: "", pickupAddress2: "", pickupHours2: "", ...points }, owner);
const bothPoints = () => setPoints({ pickupAddress: LEKKI, pickupHours: LEKKI_HOURS, pickupAddress2: IKEJA, pickupHours2: IKEJA_HOURS });
const drawn = async (path: string, cookie: string) =>
  (await (await t.page(path, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "").replace(/<script\b[\s\S]*?<\/script>/g, "");
const orders = async () => (await t.db.select({ n: count() }).from(purchases))[0]!.n;
const stockOf = async (id: string) => (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

async function cartOfOne() {
  const product = await createProduct(t.db, { title: "Calm Cards", priceKobo: 1_000_000, discountKobo: 0, stock: 10 });
  return { product, cookie: `guest_cart=${encodeGuestCart([{ productId: product.id, quantity: 2 }])}` };
}
const guest = (productId: string, extra: Record<string, unknown> = {}) => ({
  name: "Ada Obi",
  email: `ada.${crypto.randomUUID().slice(0, 8)}@example.ng`,
  phone: "0803 555 0142",
  deliveryMethod: "pickup",
  lines: [{ productId, quantity: 2 }],
  ...extra,
});

describe("two pick-up points", () => {
  it("the owner's second point is checked and kept; a form from before the fields keeps it", async () => {
    const short = await setPoints({ pickupAddress: LEKKI, pickupAddress2: "Ike" });
    expect(short.status).toBe(400);
    expect((await short.json()).fields).toEqual({ pickupAddress2: "Second pick-up address must have at least 5 characters" });
    expect((await bothPoints()).status).toBe(200);
    expect(await (await t.page("/api/settings", { as: owner })).json()).toMatchObject({
      pickupAddress2: IKEJA,
      pickupHours2: IKEJA_HOURS,
    });
    expect((await saveSettingsForm(t, owner, {})).status).toBe(200);
    expect(await (await t.page("/api/settings", { as: owner })).json()).toMatchObject({ pickupAddress2: IKEJA });
    const form = (await (await t.page("/settings", { as: owner })).text()).replace(/<!-- -->/g, "");
    expect(form).toContain(`value="${IKEJA}"`);
    expect(form).toContain("Second pick-up address (optional)");
  });

  it("the pages name both; the checkout asks which, and the order keeps the one she chose", async () => {
    await bothPoints();
    const { product, cookie } = await cartOfOne();
    expect(await drawn(`/productdetails/${product.id}`, "")).toContain(`Or collect it free at ${LEKKI} or ${IKEJA}.`);
    const offered = await drawn("/checkout", cookie);
    expect(offered).toContain(`Or collect it free at ${LEKKI} or ${IKEJA}: choose Pick-up below.`);
    // not asked until she chooses a pick-up
    expect(offered).not.toContain('data-testid="pickup-points"');
    const chosen = await drawn("/checkout?method=pickup", cookie);
    expect(chosen).toContain("You collect your order at the point you choose below");
    expect(chosen).toMatch(/data-testid="pickup-points"[\s\S]*Where will you collect it\?/);
    for (const [n, words] of [
      [1, `${LEKKI}[\\s\\S]*?${LEKKI_HOURS}`],
      [2, `${IKEJA}[\\s\\S]*?${IKEJA_HOURS}`],
    ] as const) {
      expect(chosen).toMatch(
        new RegExp(`data-testid="pickup-point-${n}"[^>]*>[\\s\\S]*?name="pickupPoint" value="${n}"[\\s\\S]*?${words}`),
      );
    }
    // none chosen: refused with the field named, nothing placed, nothing held
    const before = await orders();
    const missing = await json("/api/purchases/create", "POST", guest(product.id));
    expect(missing.status).toBe(400);
    expect((await missing.json()).fields).toEqual({ pickupPoint: PICKUP_POINT_MISSING });
    const odd = await json("/api/purchases/create", "POST", guest(product.id, { pickupPoint: 3 }));
    expect(odd.status).toBe(400);
    expect((await odd.json()).fields).toEqual({ pickupPoint: "Choose where you will collect your order." });
    expect(await orders()).toBe(before);
    expect(await stockOf(product.id)).toBe(10);

    const placed = await json("/api/purchases/create", "POST", guest(product.id, { pickupPoint: 2 }));
    expect(placed.status).toBe(201);
    const { purchase } = await placed.json();
    expect(purchase).toMatchObject({ deliveryMethod: "pickup", lga: null, deliveryCharge: 0, address: `${IKEJA} (${IKEJA_HOURS})` });

    // paid and being prepared, the list of pick-ups waiting says which point it waits at
    await t.db.update(purchases).set({ status: "processing", paidAt: new Date() }).where(eq(purchases.id, purchase.id));
    const sheet = (await (await t.page("/deliveries", { as: owner })).text()).replace(/<!-- -->/g, "");
    expect(sheet).toContain(`data-testid="pickup-row-point">At ${IKEJA} (${IKEJA_HOURS})<`);
  });

  it("a point the shop no longer offers is refused; with one point left, it needs no choosing", async () => {
    await setPoints({ pickupAddress: LEKKI });
    const { product, cookie } = await cartOfOne();
    const gone = await json("/api/purchases/create", "POST", guest(product.id, { pickupPoint: 2 }));
    expect(gone.status).toBe(400);
    expect((await gone.json()).fields).toEqual({ pickupPoint: PICKUP_POINT_GONE });
    expect(await drawn("/checkout?method=pickup", cookie)).not.toContain('data-testid="pickup-points"');
    const one = await json("/api/purchases/create", "POST", guest(product.id));
    expect((await one.json()).purchase.address).toBe(LEKKI);
    // only the second given: that one is the shop's point
    await setPoints({ pickupAddress2: IKEJA });
    const second = await json("/api/purchases/create", "POST", guest(product.id));
    expect(second.status).toBe(201);
    expect((await second.json()).purchase.address).toBe(IKEJA);
    expect(await drawn("/checkout?method=pickup", cookie)).toContain(`You collect your order at ${IKEJA}`);
  });

  it("posted without the page's script: refused without a point (the page asks for it, her choice of pick-up kept), placed with one", async () => {
    await bothPoints();
    const { product, cookie } = await cartOfOne();
    const post = (extra: Record<string, string>) =>
      t.page("/checkout", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams({
          attempt: `two-points-${crypto.randomUUID()}`,
          name: "Bisi Ade",
          email: "bisi.points@example.ng",
          phone: "0803 555 0142",
          deliveryMethod: "pickup",
          paymentMethod: "online",
          ...extra,
        }).toString(),
      });
    const refused = await post({});
    expect(refused.status).toBe(400);
    const page = (await refused.text()).replace(/<!-- -->/g, "");
    expect(page).toContain('data-testid="pickup-points"');
    expect(page).toContain(PICKUP_POINT_MISSING);
    expect(await stockOf(product.id)).toBe(10);
    expect((await post({ pickupPoint: "1" })).status).toBe(302);
    const [row] = await t.db.select().from(purchases).where(eq(purchases.email, "bisi.points@example.ng"));
    expect(row).toMatchObject({ deliveryMethod: "pickup", address: `${LEKKI} (${LEKKI_HOURS})` });
  });

  it("the order desk asks which point too", async () => {
    await bothPoints();
    const { product } = await cartOfOne();
    const desk = (await (await t.page("/neworder", { as: owner })).text()).replace(/<!-- -->/g, "");
    expect(desk).toMatch(/Pick-up point \(for a pick-up\)[\s\S]*<option value="2">5 Isaac John Street, Ikeja GRA, Lagos<\/option>/);
    const input = {
      name: "Kemi Bello",
      phone: "0805 222 3344",
      source: "instagram" as const,
      settle: "pod" as const,
      deliveryMethod: "pickup" as const,
      lines: [{ productId: product.id, quantity: 1 }],
    };
    const before = await orders();
    await expect(recordManualOrder(t.db, t.env, input, owner.id)).rejects.toMatchObject({ fields: { pickupPoint: PICKUP_POINT_MISSING } });
    expect(await orders()).toBe(before);
    const recorded = await recordManualOrder(t.db, t.env, { ...input, pickupPoint: 2 }, owner.id);
    const [row] = await t.db.select().from(purchases).where(eq(purchases.id, recorded.id));
    expect(row!.address).toBe(`${IKEJA} (${IKEJA_HOURS})`);
  });
});

describe("moving a pick-up to the other point", () => {
  const tokenOf = (order: { id: string; reference: string }) => new URL(orderCompletePath(t.env, order), "http://x").searchParams.get("t")!;
  const move = (order: { id: string; reference: string }, fields: Record<string, string>) =>
    t.page(orderCompletePath(t.env, order), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "pickup-point", purchaseId: order.id, ...fields }).toString(),
    });
  const notesOf = async (id: string) => await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, id));
  async function pickupAt(pickupPoint: number, extra: Record<string, unknown> = {}) {
    const { product } = await cartOfOne();
    const res = await json("/api/purchases/create", "POST", guest(product.id, { pickupPoint, ...extra }));
    expect(res.status).toBe(201);
    const { purchase } = await res.json();
    // paid (her page shows the order's details once it is)
    await t.db
      .update(purchases)
      .set({ status: "completed", paidAt: new Date(), paidVia: "provider", paidAmountKobo: purchase.totalAmount * 100 })
      .where(eq(purchases.id, purchase.id));
    return (await t.db.select().from(purchases).where(eq(purchases.id, purchase.id)))[0]!;
  }

  it("she changes it from her order's page until the shop begins preparing it; the shop hears of it", async () => {
    await bothPoints();
    const order = await pickupAt(1);
    const page = await drawn(orderCompletePath(t.env, order), "");
    expect(page).toContain(`Collect it at ${IKEJA} instead</button>`);
    expect(page).not.toContain(`Collect it at ${LEKKI} instead`);
    expect((await move(order, { t: "x".repeat(43), pickupPoint: "2" })).status).toBe(404);
    const moved = await move(order, { t: tokenOf(order), pickupPoint: "2" });
    expect(moved.status).toBe(200);
    const answer = (await moved.text()).replace(/<!-- -->/g, "");
    expect(answer).toContain(`Done: you collect your order at ${IKEJA}.`);
    expect(answer).toContain(`Collect it at ${LEKKI} instead</button>`);
    const row = (await t.db.select().from(purchases).where(eq(purchases.id, order.id)))[0]!;
    expect(row.address).toBe(`${IKEJA} (${IKEJA_HOURS})`);
    expect((await notesOf(order.id)).map((e) => e.note)).toContain(
      `pick-up point changed by the customer: ${LEKKI} (${LEKKI_HOURS}) → ${IKEJA} (${IKEJA_HOURS})`,
    );
    const [alert] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order_pickup_point_admin"));
    expect(alert!.subject).toBe(`Order #${orderNumber(order.id)}: Ada will collect it at ${IKEJA} (${IKEJA_HOURS})`);
    // the same point again: refused, naming the field
    const same = await move(order, { t: tokenOf(order), pickupPoint: "2" });
    expect(same.status).toBe(400);
    expect(await same.text()).toContain(`The order is already to be collected at ${IKEJA}.`);
    // being prepared: hers no more
    await t.db.update(purchases).set({ status: "processing" }).where(eq(purchases.id, order.id));
    expect(await drawn(orderCompletePath(t.env, order), "")).not.toContain("instead</button>");
    const late = await move(order, { t: tokenOf(order), pickupPoint: "1" });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("We have begun preparing your order: message us to collect it somewhere else.");
  });

  it("the team moves it until it is ready to collect, from the API or the order page; she is told", async () => {
    await bothPoints();
    const order = await pickupAt(2, { whatsappOptIn: true });
    const put = (id: string, body: unknown, as: { id: string; role: "admin" | "customer" } = owner) =>
      json(`/api/purchases/${id}/pickup-point`, "PUT", body, as as typeof owner);
    expect((await put(order.id, {})).status).toBe(400);
    expect((await put(order.id, { pickupPoint: 3 })).status).toBe(400);
    const screen = (await (await t.page(`/viewpurchase/${order.id}`, { as: owner })).text()).replace(/<!-- -->/g, "");
    expect(screen).toContain(`Move to ${LEKKI}</button>`);
    const res = await put(order.id, { pickupPoint: 1 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ address: `${LEKKI} (${LEKKI_HOURS})` });
    const history = await notesOf(order.id);
    const note = history.find((e) => e.note?.startsWith("pick-up point moved: "));
    expect(note).toMatchObject({ note: `pick-up point moved: ${IKEJA} (${IKEJA_HOURS}) → ${LEKKI} (${LEKKI_HOURS})`, actorId: owner.id });
    const [told] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, order.email), eq(mailOutbox.kind, "order_pickup_point")));
    expect(told!.text).toContain(`Your order #${orderNumber(order.id)} is now to be collected at ${LEKKI} (${LEKKI_HOURS}).`);
    expect(told!.whatsapp).toMatchObject({ template: "order_update" });
    // from the order page's form too, with its answer
    const form = await t.page(`/viewpurchase/${order.id}`, {
      method: "POST",
      as: owner,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "pickup-point", pickupPoint: "2" }).toString(),
    });
    expect(await form.text()).toContain(`She now collects it at ${IKEJA}; the customer has been emailed`);
    // ready to collect: the parcel is at its point
    await t.db.update(purchases).set({ status: "shipped" }).where(eq(purchases.id, order.id));
    const ready = await put(order.id, { pickupPoint: 1 });
    expect(ready.status).toBe(409);
    expect((await ready.json()).msg).toBe("This order is ready to collect at its point already: it stays there.");
    expect(await (await t.page(`/viewpurchase/${order.id}`, { as: owner })).text()).not.toContain("Move to ");
    // a delivery, and a shopper, cannot
    const { product } = await cartOfOne();
    const delivered = await json(
      "/api/purchases/create",
      "POST",
      guest(product.id, { deliveryMethod: "standard", street: "3 Allen Avenue", city: "Ikeja", lga: "Ikeja" }),
    );
    expect((await put((await delivered.json()).purchase.id, { pickupPoint: 1 })).status).toBe(409);
    const shopper = await createUser(t.db);
    expect((await put(order.id, { pickupPoint: 1 }, { id: shopper.id, role: "customer" })).status).toBe(403);
  });
});
