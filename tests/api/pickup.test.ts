// docs/product.md "Pick-up": a shopper collects her order at the shop's address instead of a
// delivery, free, once the owner gives that address in /settings. No area, street or date; never
// a gift; the order keeps the address she was told; its steps say ready to collect, then collected.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, products, purchaseEvents, purchases } from "../../db/schema";
import { encodeGuestCart } from "../../app/lib/guest-cart-cookie";
import { orderTimeline } from "../../modules/orders/tracking.server";
import { verifyAndComplete } from "../../modules/orders/completion.server";
import { recordSandboxDecision, sandboxProvider } from "../../modules/payments/sandbox.server";
import { NO_PICKUP } from "../../modules/settings/pickup-points";
import { updateSettings } from "../../modules/settings/service.server";
import { GIFT_PICKUP_PROBLEM, PICKUP_DATE_PROBLEM } from "../../modules/orders/pickup";
import { orderNumber } from "../../modules/orders/statuses";
import { createAdminUser, createDeliveryRate, createProduct } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";
import { saveSettingsForm } from "../support/settings-form";
import { renderTemplate } from "../../modules/whatsapp/templates";

let t: PagesContext;
let owner: { id: string; role: "admin" };
const ADDRESS = "12 Admiralty Way, Lekki Phase 1, Lagos";
const HOURS = "Monday to Saturday, 10 am to 6 pm";

beforeAll(async () => {
  // the settings are read fresh by each request (a write through the app would clear them too)
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  owner = { id: (await createAdminUser(t.db)).id, role: "admin" };
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 250_000 });
});

/** through the pages' own app, so its caches hear the write as a server's would */
const json = (path: string, method: string, body: unknown, as?: typeof owner) =>
  t.page(path, { method, as, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const setPickup = (pickupAddress: string, pickupHours = "") => json("/api/settings", "PUT", { pickupAddress, pickupHours }, owner);
const drawn = async (path: string, cookie: string, as?: typeof owner) =>
  (await (await t.page(path, { as, headers: { Cookie: cookie } })).text())
    .replace(/<!-- -->/g, "")
    .replace(/<script\b[\s\S]*?<\/script>/g, "");
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

describe("pick-up at the shop", () => {
  it("is not offered, and refused by the server, until the owner gives the shop's address", async () => {
    expect((await setPickup("")).status).toBe(200);
    const { product, cookie } = await cartOfOne();
    const html = await drawn("/checkout", cookie);
    expect(html).not.toContain('data-testid="pickup-choice"');
    expect(html).not.toContain('data-testid="pickup-hint"');
    expect(await drawn("/cart", cookie)).toContain("you can choose express at checkout.");
    // an address still asking for it is a delivery, with the address to fill
    expect(await drawn("/checkout?method=pickup", cookie)).toContain('name="street"');
    const before = await orders();
    const res = await json("/api/purchases/create", "POST", guest(product.id));
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ deliveryMethod: NO_PICKUP });
    expect(await orders()).toBe(before);
    expect(await stockOf(product.id)).toBe(10);
  });

  it("the owner's address and hours are checked and kept; a form from before the fields keeps them", async () => {
    const long = await setPickup("x".repeat(201));
    expect(long.status).toBe(400);
    expect((await long.json()).fields).toEqual({ pickupAddress: "Pick-up address must be at most 200 characters" });
    expect((await (await setPickup("Lek")).json()).fields).toEqual({ pickupAddress: "Pick-up address must have at least 5 characters" });
    expect((await setPickup(` ${ADDRESS} `, HOURS)).status).toBe(200);
    const saved = await (await t.page("/api/settings", { as: owner })).json();
    expect(saved).toMatchObject({ pickupAddress: ADDRESS, pickupHours: HOURS });
    // another field saved alone leaves them as they were
    expect((await json("/api/settings", "PUT", { shopName: "Alafia Self-Care" }, owner)).status).toBe(200);
    expect(await (await t.page("/api/settings", { as: owner })).json()).toMatchObject({ pickupAddress: ADDRESS, pickupHours: HOURS });
  });

  it("is saved by the /settings form before its script runs; a form from before the fields keeps it", async () => {
    expect((await saveSettingsForm(t, owner, { pickupAddress: ADDRESS, pickupHours: HOURS })).status).toBe(200);
    const settings = (await (await t.page("/settings", { as: owner })).text()).replace(/<!-- -->/g, "");
    expect(settings).toContain(`value="${ADDRESS}"`);
    expect(settings).toContain(`value="${HOURS}"`);
    expect((await saveSettingsForm(t, owner, {})).status).toBe(200);
    expect(await (await t.page("/api/settings", { as: owner })).json()).toMatchObject({ pickupAddress: ADDRESS, pickupHours: HOURS });
    // emptied, the shop offers no pick-up
    expect((await saveSettingsForm(t, owner, { pickupAddress: "", pickupHours: "" })).status).toBe(200);
    expect(await (await t.page("/api/settings", { as: owner })).json()).toMatchObject({ pickupAddress: "" });
  });

  it("a guest collects her order: no area, street or city; nothing to pay for delivery; the order keeps the address she was told", async () => {
    expect((await setPickup(ADDRESS, HOURS)).status).toBe(200);
    const { product, cookie } = await cartOfOne();
    // the cart says it is there to choose; the checkout offers it beside the speeds, and priced with it the total needs no area
    expect(await drawn("/cart", cookie)).toContain("you can choose express or free pick-up at checkout.");
    const offered = await drawn("/checkout", cookie);
    expect(offered).toContain(`Or collect it free at ${ADDRESS}: choose Pick-up below.`);
    expect(offered).toMatch(
      /data-testid="pickup-choice"[\s\S]*Pick-up · Free[\s\S]*12 Admiralty Way, Lekki Phase 1, Lagos · Monday to Saturday/,
    );
    const chosen = await drawn("/checkout?method=pickup", cookie);
    expect(chosen).toContain(`You collect your order at ${ADDRESS}`);
    expect(chosen).toMatch(/data-testid="checkout-total-line">Pick-up free · <strong>Total ₦21,500<\/strong>/);
    expect(chosen).toMatch(/<dt>Pick-up<\/dt><dd data-testid="summary-delivery"><span[^>]*>Free<\/span>/);
    expect(chosen).not.toContain('name="street"');
    expect(chosen).not.toContain('name="lga"');

    const body = guest(product.id);
    const res = await json("/api/purchases/create", "POST", body);
    expect(res.status).toBe(201);
    const { purchase } = await res.json();
    expect(purchase).toMatchObject({
      deliveryMethod: "pickup",
      lga: null,
      street: "",
      city: "",
      address: `${ADDRESS} (${HOURS})`,
      subtotal: 20_000,
      vat: 1_500,
      deliveryCharge: 0,
      totalAmount: 21_500,
      status: "pending",
    });
    expect(await stockOf(product.id)).toBe(8);
    // paid, the owner's report by area counts it as a pick-up, not as an order without an area
    await recordSandboxDecision(t.db, purchase.reference, "pay");
    await verifyAndComplete(t.db, sandboxProvider(t.db, t.env.SESSION_SECRET), purchase.reference, { links: t.env });
    const report = await (await t.page("/api/reports/sales?by=area", { as: owner })).json();
    expect(report.rows).toContainEqual(expect.objectContaining({ key: "Pick-up", label: "Pick-up", orders: 1, sales: 21_500 }));
  });

  it("is refused for a gift and with a delivery date, naming the field; nothing is placed", async () => {
    await setPickup(ADDRESS);
    const { product } = await cartOfOne();
    const before = await orders();
    const gift = await json(
      "/api/purchases/create",
      "POST",
      guest(product.id, { isGift: true, recipientName: "Mama Obi", recipientPhone: "0803 555 0199", lga: "Ikeja" }),
    );
    expect(gift.status).toBe(400);
    expect((await gift.json()).fields).toEqual({ deliveryMethod: GIFT_PICKUP_PROBLEM });
    const dated = await json("/api/purchases/create", "POST", guest(product.id, { deliveryDate: "2030-01-15" }));
    expect(dated.status).toBe(400);
    expect((await dated.json()).fields).toEqual({ deliveryDate: PICKUP_DATE_PROBLEM });
    // a delivery still needs its street, city and area
    const delivered = await json("/api/purchases/create", "POST", guest(product.id, { deliveryMethod: "standard" }));
    expect(delivered.status).toBe(400);
    expect((await delivered.json()).fields).toMatchObject({ street: "Street is required", city: "City is required" });
    expect(await orders()).toBe(before);
    expect(await stockOf(product.id)).toBe(10);
  });

  it("posted as a form without the page's script, the pick-up is placed with no address typed", async () => {
    await setPickup(ADDRESS);
    const { product, cookie } = await cartOfOne();
    const res = await t.page("/checkout", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams({
        attempt: "pickup-without-script-1",
        name: "Bisi Ade",
        email: "bisi.pickup@example.ng",
        phone: "0803 555 0142",
        street: "",
        city: "",
        deliveryMethod: "pickup",
        paymentMethod: "online",
      }).toString(),
    });
    expect(res.status).toBe(302);
    const [row] = await t.db.select().from(purchases).where(eq(purchases.email, "bisi.pickup@example.ng"));
    expect(row).toMatchObject({ deliveryMethod: "pickup", lga: null, deliveryKobo: 0, address: ADDRESS });
    expect(await stockOf(product.id)).toBe(8);
  });

  it("paid on collection: the choice says so, and her steps are ready to collect, then collected, each told to her", async () => {
    await updateSettings(t.db, { podEnabled: true, podAreas: ["Ikeja"], podReturningOnly: false });
    await setPickup(ADDRESS, HOURS);
    const { product, cookie } = await cartOfOne();
    const page = await drawn("/checkout?method=pickup", cookie);
    expect(page).toMatch(
      /data-testid="pay-pod"[\s\S]*?Pay when you collect[\s\S]*?Pay by cash, transfer or POS when you collect your order/,
    );
    const body = guest(product.id, { paymentMethod: "pod", whatsappOptIn: true });
    const res = await json("/api/purchases/create", "POST", body);
    expect(res.status).toBe(201);
    const { purchase, orderUrl } = await res.json();
    // her order's page says where she collects it, and that it cost nothing
    const mine = await drawn(orderUrl, "");
    expect(mine).toMatch(/<dt>Pick-up<\/dt><dd data-testid="order-delivery">₦0<\/dd>/);
    expect(mine).toContain("You pay <strong>₦21,500</strong> when you collect your order at the shop, by cash, transfer or POS.");
    expect(mine).toMatch(
      new RegExp(`data-testid="order-address"><h3[^>]*>Pick up at</h3><p[^>]*>Ada Obi<br/>${ADDRESS} \\(${HOURS}\\)<br/>`),
    );
    const placed = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email)))[0]!;
    expect(placed.text).toContain("when you collect your order, by cash, transfer or POS. We will let you know when it is ready.");
    expect(placed.text).toContain("Pick-up: ₦0\n");
    expect(placed.text).toContain(`Pick up at: ${ADDRESS} (${HOURS})`);

    // the back office lists it with the orders to be collected, whatever the day, until she has it
    const waiting = async () => {
      const html = (await (await t.page("/deliveries", { as: owner })).text()).replace(/<!-- -->/g, "");
      const row = new RegExp(`data-testid="pickup-row">.*?#${orderNumber(purchase.id)}</a><span[^>]*>([^<]*)</span>.*?</tr>`).exec(html);
      return row ? { status: row[1], text: row[0].replace(/<[^>]+>/g, " ") } : null;
    };
    expect(await waiting()).toMatchObject({ status: "Placed" });
    expect((await waiting())!.text).toMatch(/Ada Obi .*2 × Calm Cards .*Collect ₦21,500/);
    for (const status of ["processing", "shipped"])
      expect((await json(`/api/purchases/${purchase.id}/status`, "PATCH", { status }, owner)).status).toBe(200);
    expect(await waiting()).toMatchObject({ status: "Ready to collect" });
    expect((await waiting())!.text).toContain("Ask for her collection code");
    // the team's own WhatsApp chat with her is typed for them: where, and the code
    const given = (await t.db.select({ code: purchases.collectionCode }).from(purchases).where(eq(purchases.id, purchase.id)))[0]!.code;
    const chat = /<a href="([^"]*)"[^>]*data-testid="whatsapp-customer"/.exec(await drawn(`/viewpurchase/${purchase.id}`, "", owner))![1]!;
    expect(new URL(chat.replace(/&amp;/g, "&")).searchParams.get("text")).toBe(
      `Hello Ada, your order #${orderNumber(purchase.id)} is ready to collect at ${ADDRESS} (${HOURS}). Your collection code is ${given}: show it at the counter, or forward this message to whoever collects it for you.`,
    );
    // the purchases list and the order's own page say the pick-up's step, and offer its next
    const [row] = await (await t.page(`/api/purchases?q=${encodeURIComponent(body.email)}`, { as: owner })).json();
    expect(row).toMatchObject({ id: purchase.id, status: "shipped", deliveryMethod: "pickup" });
    const table = await drawn("/purchasetable?q=" + encodeURIComponent(body.email), "", owner);
    expect(table).toMatch(/<span class="[^"]*">Ready to collect<\/span>/);
    const view = await drawn(`/viewpurchase/${purchase.id}`, "", owner);
    expect(view).toContain(">Mark as collected</button>");
    expect(view).toContain("Collected by");
    expect(view).not.toContain("Mark as delivered");
    // collected against the code she shows at the counter (pickup-counter.test.ts)
    expect((await json(`/api/purchases/${purchase.id}/status`, "PATCH", { status: "delivered", code: given }, owner)).status).toBe(200);
    expect(await waiting()).toBeNull();
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email));
    const ready = mails.find((m) => m.kind === "order_shipped")!;
    expect(ready.subject).toBe(`Your order is ready to collect (order #${orderNumber(purchase.id)})`);
    expect(ready.text).toContain(`Your order is ready. Collect it at ${ADDRESS} (${HOURS}).`);
    // with the code to show at the counter, kept on the order: four digits
    const code = (await t.db.select({ code: purchases.collectionCode }).from(purchases).where(eq(purchases.id, purchase.id)))[0]!.code;
    expect(code).toMatch(/^\d{4}$/);
    expect(ready.text).toContain(
      `Your collection code is ${code}. Show it at the counter, or forward this message to whoever collects it for you.`,
    );
    // on WhatsApp too, where to come and the code
    expect(renderTemplate(ready.whatsapp!)).toContain(
      `is ready to collect at ${ADDRESS} (${HOURS}); your collection code is ${code}. Follow it here:`,
    );
    // her order's page shows it; the order page and the pick-ups list tell the team to ask for it
    expect(await drawn(orderUrl, "")).toMatch(new RegExp(`data-testid="collection-code">Collection code <strong[^>]*>${code}</strong>`));
    expect(await drawn(`/viewpurchase/${purchase.id}`, "", owner)).toContain(
      `data-testid="admin-collection-code">Ask for her collection code</span>`,
    );
    expect(mails.find((m) => m.kind === "order_delivered")!.subject).toMatch(/^You have collected your order/);
    const steps = await orderTimeline(t.db, purchase.id);
    expect(steps.map((s) => s.label)).toEqual([
      "Order placed",
      "Paid when collected",
      "Preparing your order",
      "Ready to collect",
      "Collected",
    ]);
  });

  it("paid on collection and never collected: 'Not collected' cancels it, its items go back, and it counts against her", async () => {
    await updateSettings(t.db, { podEnabled: true, podAreas: ["Ikeja"], podReturningOnly: false });
    await setPickup(ADDRESS, HOURS);
    const { product } = await cartOfOne();
    const body = guest(product.id, { paymentMethod: "pod" });
    const { purchase } = await (await json("/api/purchases/create", "POST", body)).json();
    expect(await stockOf(product.id)).toBe(8);
    // she and the owner read it is paid at the shop, not to a rider
    const number = orderNumber(purchase.id);
    const subjects = async (to: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).map((m) => m.subject);
    expect(await subjects(body.email)).toContain(`Your Alafia Self-Care order #${number}: confirmed, pay when you collect`);
    expect(await subjects("hello@alafia.ng")).toContain(`New order #${number} (pay on collection): ₦21,500`);
    const view = await drawn(`/viewpurchase/${purchase.id}`, "", owner);
    expect(view).toContain(">Not collected</button>");
    expect(view).not.toContain("Delivery refused");
    expect(view).toContain("Orders refused or not collected by this customer");

    const res = await t.page(`/viewpurchase/${purchase.id}`, {
      method: "POST",
      as: owner,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "refused", note: "no show after two calls" }).toString(),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Pick-up marked not collected; the items are back in stock");
    const [row] = await t.db.select().from(purchases).where(eq(purchases.id, purchase.id));
    expect(row).toMatchObject({ status: "cancelled", refusedAt: expect.any(Date) });
    expect(await stockOf(product.id)).toBe(10);
    const events = await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, purchase.id));
    expect(events.map(({ status, note }) => ({ status, note }))).toEqual([
      { status: "pending", note: "order placed, to be paid on collection" },
      { status: "cancelled", note: "not collected: no show after two calls" },
    ]);
  });
});
