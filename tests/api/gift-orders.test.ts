// Gift orders (docs/product.md "Gift orders"): the recipient's address and area on the order, priced
// by the one pricing function; the buyer stays the payer and the contact; the card's message has a
// limit; surprise mode keeps the recipient uncontacted before delivery day; 'hide prices' leaves
// every price off the parcel's papers; anonymous hides the buyer from all the recipient sees; the
// buyer's own view of the address follows the owner's setting.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, purchases } from "../../db/schema";
import { changePurchaseStatus } from "../../modules/orders/admin.server";
import { verifyAndComplete } from "../../modules/orders/completion.server";
import { recipientShippedMail } from "../../modules/orders/gift-mails.server";
import { GIFT_MESSAGE_MAX } from "../../modules/orders/gift-schemas";
import { lagosDayTime } from "../../lib/lagos-calendar";
import { orderCompletePath } from "../../modules/orders/order-links.server";
import { GIFT_POD_PROBLEM } from "../../modules/orders/payment-choices";
import { loadPricing } from "../../modules/pricing/load-pricing.server";
import { priceOrder } from "../../modules/pricing/price-order";
import { recordSandboxDecision, sandboxProvider } from "../../modules/payments/sandbox.server";
import { getSettings, updateSettings } from "../../modules/settings/service.server";
import { createAdminUser, createDeliveryRate, createProduct, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createPagesContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
  await createDeliveryRate(t.db, { lga: "Lekki", chargeKobo: 400_000 });
});

const stamp = () => crypto.randomUUID().slice(0, 8);
const BUYER = { name: "Adaeze Okonkwo", phone: "0803 555 0142" };

/** A guest's gift order through POST /api/purchases/create; `extra` overrides the gift's fields. */
async function giftOrder(extra: Record<string, unknown> = {}, priceKobo = 1_000_000) {
  const product = await createProduct(t.db, { priceKobo, discountKobo: 0, stock: null });
  const email = `buyer.${stamp()}@example.ng`;
  const body = {
    name: BUYER.name,
    email,
    phone: BUYER.phone,
    street: "7 Admiralty Way",
    city: "Lekki Phase 1",
    lga: "lekki",
    lines: [{ productId: product.id, quantity: 2 }],
    isGift: true,
    recipientName: "Kemi Adebayo",
    recipientPhone: "0809 111 2233",
    recipientEmail: `kemi.${stamp()}@example.ng`,
    giftMessage: "Happy birthday, Kemi! Take a moment for you.",
    ...extra,
  };
  const res = await t.request("/api/purchases/create", { method: "POST", json: body });
  return { res, body, product };
}

async function placed(extra: Record<string, unknown> = {}) {
  const { res, body, product } = await giftOrder(extra);
  expect(res.status).toBe(201);
  const started = await res.json();
  const row = (await t.db.select().from(purchases).where(eq(purchases.id, started.purchase.id)))[0]!;
  return { started, body, product, row };
}

async function pay(reference: string) {
  await recordSandboxDecision(t.db, reference, "pay");
  return verifyAndComplete(t.db, sandboxProvider(t.db, t.env.SESSION_SECRET), reference, { links: t.env });
}

const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe("a gift is priced and delivered by the recipient's area", () => {
  it("the order holds her address and area, priced by priceOrder for that area; the buyer stays the contact", async () => {
    const { started, body, product, row } = await placed();
    expect(row).toMatchObject({
      isGift: true,
      firstName: "Adaeze",
      lastName: "Okonkwo",
      email: body.email,
      phone: "+2348035550142",
      street: "7 Admiralty Way",
      city: "Lekki Phase 1",
      lga: "Lekki",
      recipientName: "Kemi Adebayo",
      recipientPhone: "+2348091112233",
      recipientEmail: body.recipientEmail,
      giftMessage: "Happy birthday, Kemi! Take a moment for you.",
      anonymousSender: false,
      hidePrices: false,
      surpriseMode: false,
    });
    // the one pricing function, for the recipient's area, gives the order's figures
    const pricing = await loadPricing(t.db, "Lekki");
    const expected = priceOrder({
      lines: [{ priceKobo: product.priceKobo, discountKobo: 0, quantity: 2, productId: product.id, categoryId: product.categoryId }],
      rules: pricing.rules,
      deliveryMethod: "standard",
      lga: "Lekki",
      rates: pricing.rates,
    });
    expect({ delivery: row.deliveryKobo, total: row.totalKobo }).toEqual({ delivery: 400_000, total: expected.totalKobo });
    expect(expected.deliveryKobo).toBe(400_000);
    expect(started.purchase.gift).toEqual({
      recipientName: "Kemi Adebayo",
      recipientPhone: "+2348091112233",
      recipientEmail: body.recipientEmail,
      message: "Happy birthday, Kemi! Take a moment for you.",
      anonymousSender: false,
      hidePrices: false,
      surpriseMode: false,
      // typed at checkout, not taken from her wish list
      addressPrivate: false,
      // not asked to remind her next year
      remindOn: null,
      remindYearly: false,
      remindedOn: null,
    });
  });

  it("a signed-in buyer's gift is never priced by her own profile area: it needs the recipient's", async () => {
    const buyer = await createUser(t.db, { lga: "Ikeja" });
    const product = await createProduct(t.db, { stock: null });
    await t.request("/api/cart/create", { method: "POST", as: buyer, json: { productId: product.id, quantity: 1 } });
    const gift = {
      street: "2 Bourdillon Road",
      city: "Ikoyi",
      phone: "08035550142",
      isGift: true,
      recipientName: "Tolu Ade",
      recipientPhone: "08091112233",
    };
    const without = await t.request("/api/purchases/create", { method: "POST", as: buyer, json: gift });
    expect(without.status).toBe(400);
    expect((await without.json()).fields).toEqual({ lga: "Choose the recipient's delivery area" });
    const withArea = await t.request("/api/purchases/create", { method: "POST", as: buyer, json: { ...gift, lga: "Lekki" } });
    expect(withArea.status).toBe(201);
    expect((await withArea.json()).purchase).toMatchObject({ lga: "Lekki", deliveryCharge: 4_000, email: buyer.email });
  });

  it("names each missing or wrong recipient field in a 400; a checkout that is not a gift ignores them", async () => {
    const { res } = await giftOrder({ recipientName: "", recipientPhone: "+44 20 7946 0958", recipientEmail: "not-mail" });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({
      recipientName: "Recipient's name is required",
      recipientPhone: "Enter a Nigerian phone number, like 0803 555 0142",
      recipientEmail: "Enter a valid email address for the recipient, or leave it empty",
    });
    const plain = await placed({ isGift: false, recipientName: "", recipientPhone: "nope" });
    expect(plain.row).toMatchObject({ isGift: false, recipientName: null, recipientPhone: null, giftMessage: null });
    expect(plain.started.purchase.gift).toBeNull();
  });
});

describe("the message for the card", () => {
  it(`is at most ${GIFT_MESSAGE_MAX} characters: one more is a 400 that says so and names the field`, async () => {
    const { res } = await giftOrder({ giftMessage: "x".repeat(GIFT_MESSAGE_MAX + 1) });
    expect(res.status).toBe(400);
    const answer = await res.json();
    expect(answer.fields).toEqual({ giftMessage: `The gift message must be at most 250 characters (it has 251)` });
  });

  it("counts a line break as one character, as the browser's counter does (a form sends CRLF)", async () => {
    const message = `${"a".repeat(124)}\r\n${"b".repeat(125)}`;
    const { row } = await placed({ giftMessage: message });
    expect(row.giftMessage).toBe(`${"a".repeat(124)}\n${"b".repeat(125)}`);
    expect(row.giftMessage!.length).toBe(GIFT_MESSAGE_MAX);
  });

  it("is checked by the checkout form's action too, without the page's script", async () => {
    const product = await createProduct(t.db, { stock: null });
    const form = new URLSearchParams({
      attempt: crypto.randomUUID(),
      lga: "Lekki",
      name: BUYER.name,
      email: `form.${stamp()}@example.ng`,
      phone: BUYER.phone,
      street: "7 Admiralty Way",
      city: "Lekki",
      isGift: "on",
      recipientName: "Kemi Adebayo",
      recipientPhone: "08091112233",
      giftMessage: "y".repeat(GIFT_MESSAGE_MAX + 1),
    });
    const res = await t.page("/checkout", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `guest_cart=${product.id}*1` },
      body: form.toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("The gift message must be at most 250 characters (it has 251)");
    // the file's first page: rendering it compiles the pages (slow on a busy machine)
  }, 120_000);
});

describe("surprise mode", () => {
  const shipped = async (id: string, now = new Date()) => {
    await changePurchaseStatus(t.db, id, { status: "processing" }, admin.id, t.env, now);
    await changePurchaseStatus(t.db, id, { status: "shipped", note: "Rider: Musa Bello, 0803 111 2222" }, admin.id, t.env, now);
  };

  it("outside surprise mode the recipient hears the gift is on its way when it ships, with no price", async () => {
    const { started, body } = await placed();
    await pay(started.reference);
    await shipped(started.purchase.id);
    const mails = await mailsTo(body.recipientEmail);
    expect(mails.map((m) => m.kind)).toEqual(["gift_on_its_way"]);
    expect(mails[0]!.subject).toBe("A gift from Adaeze Okonkwo is on its way to you");
    expect(mails[0]!.text).toContain("Hello Kemi Adebayo");
    expect(mails[0]!.text).toContain("Rider: Musa Bello, 0803 111 2222");
    expect(mails[0]!.text).not.toMatch(/₦|NGN|\d{1,3},\d{3}/);
    expect(mails[0]!.text).not.toContain("/checkout/complete");
  });

  it("in surprise mode nothing goes to the recipient before delivery: not when placed, paid, prepared or shipped", async () => {
    const { started, body } = await placed({ surpriseMode: true });
    await pay(started.reference);
    await shipped(started.purchase.id);
    expect(await mailsTo(body.recipientEmail)).toEqual([]);
    // the buyer is told each step
    const buyerKinds = (await mailsTo(body.email)).map((m) => m.kind).sort();
    expect(buyerKinds).toEqual(["order_confirmation", "order_processing", "order_shipped"]);
  });

  it("with a delivery day, the recipient may be told only from that day on, in Lagos (fake clock)", async () => {
    const { row } = await placed({ surpriseMode: true });
    // the delivery-dates work adds the order's day; the rule reads it when the order carries it
    const onTheDay = { ...row, status: "shipped" as const, deliveryDate: "2026-12-24" };
    const send = (iso: string) =>
      t.db.transaction(async (tx) => recipientShippedMail(tx, onTheDay, null, await getSettings(tx), new Date(iso)));
    // 23:59 in Lagos on the 23rd is 22:59 UTC: the day before
    expect(await send("2026-12-23T22:59:00Z")).toBe(false);
    expect(await send("2026-12-22T09:00:00Z")).toBe(false);
    expect(await mailsTo(row.recipientEmail!)).toEqual([]);
    // midnight in Lagos on the 24th is 23:00 UTC on the 23rd
    expect(await send("2026-12-23T23:00:00Z")).toBe(true);
    expect((await mailsTo(row.recipientEmail!)).map((m) => m.kind)).toEqual(["gift_on_its_way"]);
  });
});

describe("the parcel's papers", () => {
  const papers = async (id: string) => ({
    slip: await (await t.page(`/packingslip/${id}`, { as: admin })).text(),
    receipt: await (await t.page(`/giftreceipt/${id}`, { as: admin })).text(),
  });

  it("with 'hide prices', the packing slip and the gift receipt carry no price at all, and show the message", async () => {
    const { started } = await placed({ hidePrices: true });
    const { slip, receipt } = await papers(started.purchase.id);
    for (const html of [slip, receipt]) {
      expect(html).toContain("Happy birthday, Kemi! Take a moment for you.");
      expect(html).toContain("Kemi Adebayo");
      expect(html).not.toContain("₦");
      // nor in the page's data: the prices are left out, not hidden
      for (const figure of ["20,000", "20000", "4,000", "4000", "25,500", "25500", "1,500", "1500"]) expect(html).not.toContain(figure);
      expect(html).not.toContain("unitPrice");
    }
    expect(slip).toContain("Packing slip");
    expect(receipt).toContain("Gift receipt");
  });

  it("without it, both show the prices; a slip is printed for any order, a gift receipt only for a gift", async () => {
    const { started } = await placed();
    const { slip, receipt } = await papers(started.purchase.id);
    for (const html of [slip, receipt]) expect(html).toContain("₦25,500");
    const plain = await placed({ isGift: false });
    expect((await t.page(`/packingslip/${plain.started.purchase.id}`, { as: admin })).status).toBe(200);
    expect((await t.page(`/giftreceipt/${plain.started.purchase.id}`, { as: admin })).status).toBe(404);
  });

  it("are the back office's: a customer gets a 403, a visitor the admin login", async () => {
    const { started } = await placed();
    const customer = await createUser(t.db);
    expect((await t.page(`/packingslip/${started.purchase.id}`, { as: { id: customer.id, role: "customer" } })).status).toBe(403);
    const anonymous = await t.page(`/giftreceipt/${started.purchase.id}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/admin\?redirectTo=/);
  });
});

describe("anonymous sender", () => {
  it("hides the buyer's name from everything the recipient sees: her mail, the packing slip, the gift receipt", async () => {
    const { started, body } = await placed({ anonymousSender: true });
    await pay(started.reference);
    await changePurchaseStatus(t.db, started.purchase.id, { status: "processing" }, admin.id, t.env);
    await changePurchaseStatus(t.db, started.purchase.id, { status: "shipped" }, admin.id, t.env);
    const [mail] = await mailsTo(body.recipientEmail);
    const slip = await (await t.page(`/packingslip/${started.purchase.id}`, { as: admin })).text();
    const receipt = await (await t.page(`/giftreceipt/${started.purchase.id}`, { as: admin })).text();
    for (const seen of [mail!.subject, mail!.text, slip, receipt]) {
      expect(seen).not.toContain("Adaeze");
      expect(seen).not.toContain("Okonkwo");
      expect(seen).not.toContain(body.email);
    }
    expect(mail!.subject).toBe("A gift is on its way to you");
    expect(mail!.text).toContain("Someone who cares about you");
    expect(slip).toContain("From: Someone who cares about you");
    // the shop still sees who paid
    const view = await t.request(`/api/purchases/${started.purchase.id}`, { as: admin });
    expect((await view.json()).fname).toBe("Adaeze");
  });

  it("a gift that is not anonymous names the buyer to the recipient", async () => {
    const { started } = await placed();
    const slip = await (await t.page(`/packingslip/${started.purchase.id}`, { as: admin })).text();
    expect(slip).toContain("From: Adaeze Okonkwo");
  });
});

describe("the buyer's view", () => {
  it("her order's page, opened from /track, shows the gift's address as the owner's setting says (area only by default)", async () => {
    const { started, row } = await placed();
    const number = row.id.slice(0, 8);
    const tracked = await t.page("/track", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ number, contact: "0803 555 0142" }).toString(),
      ip: "10.7.0.1",
    });
    expect(tracked.status).toBe(302);
    const path = tracked.headers.get("location")!;
    expect(path).toBe(orderCompletePath(t.env, row));
    await pay(started.reference);

    expect((await getSettings(t.db)).giftAddressForBuyer).toBe("area");
    const areaOnly = await (await t.page(path)).text();
    expect(areaOnly).toContain("Gift for Kemi Adebayo");
    expect(areaOnly).toContain("Delivered in Lekki");
    for (const hidden of ["7 Admiralty Way", "Lekki Phase 1", "+2348091112233", "809 111 2233"]) expect(areaOnly).not.toContain(hidden);

    await updateSettings(t.db, { giftAddressForBuyer: "full" });
    try {
      const full = await (await t.page(path)).text();
      expect(full).toContain("7 Admiralty Way, Lekki Phase 1, Lagos");
      expect(full).toContain("+2348091112233");
    } finally {
      await updateSettings(t.db, { giftAddressForBuyer: "area" });
    }
  });

  it("the recipient's phone does not open the order at /track: only the buyer's contact does", async () => {
    const { row } = await placed();
    const res = await t.page("/track", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ number: row.id.slice(0, 8), contact: "0809 111 2233" }).toString(),
      ip: "10.7.0.2",
    });
    expect(res.status).toBe(404);
  });

  it("the owner sets it in /settings (PUT /api/settings too); anything else is a 400 naming the field", async () => {
    const bad = await t.request("/api/settings", { method: "PUT", as: admin, json: { giftAddressForBuyer: "street" } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toHaveProperty("giftAddressForBuyer");
    const ok = await t.request("/api/settings", { method: "PUT", as: admin, json: { giftAddressForBuyer: "full" } });
    expect(ok.status).toBe(200);
    expect((await getSettings(t.db)).giftAddressForBuyer).toBe("full");
    await updateSettings(t.db, { giftAddressForBuyer: "area" });
  });

  it("the buyer hears when it was delivered, and to whom", async () => {
    const { started, body } = await placed();
    await pay(started.reference);
    for (const status of ["processing", "shipped"] as const)
      await changePurchaseStatus(t.db, started.purchase.id, { status }, admin.id, t.env);
    const at = new Date("2026-12-24T14:30:00Z");
    await changePurchaseStatus(t.db, started.purchase.id, { status: "delivered", note: "Her sister Bisi" }, admin.id, t.env, at);
    const [delivered] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, body.email), eq(mailOutbox.kind, "order_delivered")));
    expect(delivered!.text).toContain(`Your gift was delivered to Kemi Adebayo in Lekki on ${lagosDayTime(at)}.`);
    expect(lagosDayTime(at)).toMatch(/24 Dec/);
    expect(delivered!.text).toContain("Received by: Her sister Bisi");
    // nothing more to the recipient than the one 'on its way'
    expect((await mailsTo(body.recipientEmail)).map((m) => m.kind)).toEqual(["gift_on_its_way"]);
  });
});

describe("who pays", () => {
  it("a gift is never paid on delivery: the rider would ask the recipient; the buyer pays online, by transfer or a link", async () => {
    await updateSettings(t.db, { podEnabled: true, podAreas: [] });
    try {
      const { res } = await giftOrder({ paymentMethod: "pod" });
      expect(res.status).toBe(400);
      expect((await res.json()).fields).toEqual({ paymentMethod: GIFT_POD_PROBLEM });
      const plain = await placed({ isGift: false, paymentMethod: "pod" });
      expect(plain.row.paymentMethod).toBe("pod");
      const link = await placed({ paymentMethod: "pay_link" });
      expect(link.row).toMatchObject({ isGift: true, paymentMethod: "pay_link" });
    } finally {
      await updateSettings(t.db, { podEnabled: false });
    }
  });
});
