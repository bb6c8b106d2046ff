// Order updates and the owner's alerts on WhatsApp (docs/product.md "WhatsApp"): with WHATSAPP_TOKEN
// and WHATSAPP_PHONE_NUMBER_ID set, the outbox sends them as template messages through the Cloud
// API (faked here on loopback) to shoppers who opted in at checkout and to the owner's alerts
// number; a STOP reply on the signed webhook is honoured; the mail goes whenever WhatsApp cannot.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox, products, purchases, stockAlerts, whatsappOptOuts } from "../../db/schema";
import { createLogger } from "../../lib/logger.server";
import { flushOutbox } from "../../modules/mail/worker.server";
import { tellBackInStock } from "../../modules/marketing/back-in-stock.server";
import { sendMorningSummary } from "../../modules/reports/morning-summary.server";
import { completePurchase } from "../../modules/orders/completion.server";
import { remindUnpaidCheckouts } from "../../modules/orders/checkout-reminders.server";
import { expireStalePurchases } from "../../modules/orders/expiry.server";
import { changePurchaseStatus } from "../../modules/orders/admin.server";
import { updateSettings } from "../../modules/settings/service.server";
import { sendTemplateMessage } from "../../modules/whatsapp/cloud-api.server";
import { renderTemplate, templateParamCount } from "../../modules/whatsapp/templates";
import { createAdminUser, createDeliveryRate, createMail, createProduct } from "../factories";
import { createPagesContext } from "../support/pages-app";
import { createTestContext, type TestContext } from "../support/test-app";

const APP_SECRET = "whatsapp-app-secret-for-tests";
const logger = createLogger("silent");

/** A stand-in for graph.facebook.com: records each message and answers as told. */
type Sent = {
  path: string;
  auth: string | undefined;
  body: { to: string; template: { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] } };
};
const api = { sent: [] as Sent[], answers: [] as { status: number; body: unknown }[] };
let server: http.Server;
let apiUrl = "";

let t: TestContext;
let adminId: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      api.sent.push({ path: req.url!, auth: req.headers.authorization, body: JSON.parse(raw) });
      const answer = api.answers.shift() ?? {
        status: 200,
        body: { messaging_product: "whatsapp", messages: [{ id: `wamid.${api.sent.length}` }] },
      };
      res.writeHead(answer.status, { "Content-Type": "application/json" }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  t = await createTestContext({
    WHATSAPP_TOKEN: "test-token",
    WHATSAPP_PHONE_NUMBER_ID: "1234567890",
    WHATSAPP_API_URL: apiUrl,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: "verify-me",
    WHATSAPP_TEMPLATE_LANGUAGE: "en_GB",
  });
  await createDeliveryRate(t.db, { lga: "Yaba", chargeKobo: 150_000 });
  adminId = (await createAdminUser(t.db)).id;
  await updateSettings(t.db, { alertWhatsappNumber: "0809 000 1111" });
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(async () => {
  api.sent.length = 0;
  api.answers.length = 0;
  // each test reads only its own messages
  await flushOutbox({ db: t.db, env: t.env, logger });
  api.sent.length = 0;
});

const phone = () => `0803${String(crypto.randomInt(1_000_000, 9_999_999))}`;
/** the number as WhatsApp writes it (2348031234567), from the typed 0803… or the stored +234… */
const digits = (p: string) => (p.startsWith("+") ? p.slice(1) : `234${p.slice(1)}`);

/** A guest's paid order, with or without 'Send my order updates on WhatsApp'. */
async function paidOrder(whatsappOptIn: boolean, shopperPhone = phone()) {
  const product = await createProduct(t.db, { title: "Gratitude Journal", priceKobo: 1_200_000, stock: 50 });
  const res = await t.request("/api/purchases/create", {
    method: "POST",
    json: {
      name: "Ada Obi",
      email: `ada.${crypto.randomUUID().slice(0, 8)}@example.ng`,
      phone: shopperPhone,
      street: "4 Herbert Macaulay Way",
      city: "Yaba",
      lga: "Yaba",
      whatsappOptIn,
      lines: [{ productId: product.id, quantity: 1 }],
    },
  });
  expect(res.status).toBe(201);
  const { purchase } = (await res.json()) as { purchase: { id: string; reference: string } };
  const [row] = await t.db.select().from(purchases).where(eq(purchases.id, purchase.id));
  const done = await completePurchase(
    t.db,
    row!.reference,
    { status: "success", amountKobo: row!.totalKobo, currency: "NGN", transactionId: "T1" },
    "webhook",
    { links: t.env },
  );
  expect(done.outcome).toBe("completed");
  return row!;
}

const outbox = (kind: string, to?: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(to ? and(eq(mailOutbox.kind, kind), eq(mailOutbox.to, to)) : eq(mailOutbox.kind, kind));

function signed(body: unknown) {
  const raw = JSON.stringify(body);
  const signature = `sha256=${crypto.createHmac("sha256", APP_SECRET).update(raw).digest("hex")}`;
  return { raw, signature };
}
const reply = (from: string, text: string) => ({
  object: "whatsapp_business_account",
  entry: [
    { id: "1", changes: [{ field: "messages", value: { messages: [{ from, id: "wamid.in", type: "text", text: { body: text } }] } }] },
  ],
});
const postWebhook = (raw: string, signature?: string) =>
  t.request("/api/whatsapp/webhook", {
    method: "POST",
    body: raw,
    headers: { "Content-Type": "application/json", ...(signature ? { "X-Hub-Signature-256": signature } : {}) },
  });

describe("WhatsApp order updates through the Cloud API", () => {
  it("a shopper who opted in gets her confirmation (as well as the receipt mail) and her updates on WhatsApp, with the order's number and link", async () => {
    const order = await paidOrder(true);
    await changePurchaseStatus(t.db, order.id, { status: "processing" }, adminId, t.env);
    await changePurchaseStatus(t.db, order.id, { status: "shipped", note: "Musa Bello, 0803 111 2222" }, adminId, t.env);
    await flushOutbox({ db: t.db, env: t.env, logger });

    const toHer = api.sent.filter((s) => s.body.to === digits(order.phone));
    expect(toHer.map((s) => s.body.template.name).sort()).toEqual(["order_confirmed", "order_update", "order_update"]);
    for (const s of toHer) {
      expect(s.path).toBe("/v21.0/1234567890/messages");
      expect(s.auth).toBe("Bearer test-token");
      expect(s.body.template.language.code).toBe("en_GB");
    }
    const params = (s: Sent) => s.body.template.components[0]!.parameters.map((p) => p.text);
    const number = order.id.slice(0, 8);
    const link = expect.stringMatching(/^http:\/\/localhost:3000\/checkout\/complete\?reference=ALF-[\w-]+&t=/);
    expect(toHer.filter((s) => s.body.template.name === "order_update").map(params)).toEqual(
      expect.arrayContaining([
        ["Ada", "Alafia Self-Care", number, "is being prepared", link],
        ["Ada", "Alafia Self-Care", number, "is on its way (Musa Bello, 0803 111 2222)", link],
      ]),
    );
    const confirmed = toHer.find((s) => s.body.template.name === "order_confirmed")!;
    expect(renderTemplate({ template: "order_confirmed", params: params(confirmed) })).toMatch(
      new RegExp(`^Hello Ada, your Alafia Self-Care order #${number} is confirmed: ₦[\\d,]+(\\.\\d\\d)? paid\\. Follow it here: http`),
    );
    // the receipt went by mail; the updates went by WhatsApp instead of mail
    expect((await outbox("order_confirmation", order.email)).map((m) => [m.status, m.channel])).toEqual([["sent", "mail"]]);
    expect((await outbox("order_confirmation_whatsapp", order.email)).map((m) => [m.status, m.channel])).toEqual([["sent", "whatsapp"]]);
    expect((await outbox("order_shipped", order.email)).map((m) => [m.status, m.channel])).toEqual([["sent", "whatsapp"]]);
  });

  it("her unpaid checkout's reminder goes on WhatsApp when she opted in, with the order and its 'complete it here' link", async () => {
    const product = await createProduct(t.db, { title: "Calm Candle Trio", priceKobo: 1_390_000, discountKobo: 0, stock: 20 });
    const unpaid = async (whatsappOptIn: boolean) => {
      const res = await t.request("/api/purchases/create", {
        method: "POST",
        json: {
          name: "Ngozi Eze",
          email: `ngozi.${crypto.randomUUID().slice(0, 8)}@example.ng`,
          phone: phone(),
          street: "4 Herbert Macaulay Way",
          city: "Yaba",
          lga: "Yaba",
          whatsappOptIn,
          lines: [{ productId: product.id, quantity: 2 }],
        },
      });
      expect(res.status).toBe(201);
      const { purchase } = (await res.json()) as { purchase: { id: string } };
      return (await t.db.select().from(purchases).where(eq(purchases.id, purchase.id)))[0]!;
    };
    const [optedIn, mailOnly] = [await unpaid(true), await unpaid(false)];
    // 31 minutes later: both lapsed, both reminded
    const later = new Date(Math.max(optedIn.createdAt.getTime(), mailOnly.createdAt.getTime()) + 31 * 60_000);
    await expireStalePurchases(t.db, later);
    expect(await remindUnpaidCheckouts(t.db, t.env, later)).toBeGreaterThanOrEqual(2);
    await flushOutbox({ db: t.db, env: t.env, logger });

    const toHer = api.sent.filter((s) => s.body.to === digits(optedIn.phone));
    expect(toHer.map((s) => s.body.template.name)).toEqual(["checkout_reminder"]);
    const text = renderTemplate({
      template: "checkout_reminder",
      params: toHer[0]!.body.template.components[0]!.parameters.map((p) => p.text),
    });
    expect(text).toMatch(
      new RegExp(
        `^Hello Ngozi, your Alafia Self-Care order #${optedIn.id.slice(0, 8)} was not paid, so we saved it for you: 2 × Calm Candle Trio, ₦[\\d,.]+\\. Complete it here: http://localhost:3000/resume/${optedIn.id}\\?`,
      ),
    );
    expect((await outbox("checkout_reminder_1", optedIn.email)).map((m) => [m.status, m.channel])).toEqual([["sent", "whatsapp"]]);
    // who did not opt in is mailed, as before
    expect(api.sent.filter((s) => s.body.to === digits(mailOnly.phone))).toEqual([]);
    expect((await outbox("checkout_reminder_1", mailOnly.email)).map((m) => [m.status, m.channel])).toEqual([["sent", "mail"]]);
  });

  it("the owner's new-order alert goes to the alerts number; a shopper who did not opt in gets mail only", async () => {
    const order = await paidOrder(false);
    await changePurchaseStatus(t.db, order.id, { status: "processing" }, adminId, t.env);
    await flushOutbox({ db: t.db, env: t.env, logger });
    expect(api.sent.filter((s) => s.body.to === digits(order.phone))).toEqual([]);
    const alert = api.sent.find(
      (s) => s.body.template.name === "new_order_alert" && s.body.template.components[0]!.parameters[0]!.text === order.id.slice(0, 8),
    );
    expect(alert?.body.to).toBe("2348090001111");
    expect(alert!.body.template.components[0]!.parameters.map((p) => p.text).slice(2)).toEqual([
      "Ada Obi",
      "paid",
      `http://localhost:3000/viewpurchase/${order.id}`,
    ]);
    expect((await outbox("order_processing", order.email)).map((m) => [m.status, m.channel])).toEqual([["sent", "mail"]]);
  });

  it("a STOP reply on the signed webhook ends her WhatsApp messages: the next update is mailed; START brings them back", async () => {
    const shopper = phone();
    const order = await paidOrder(true, shopper);
    const stop = signed(reply(digits(shopper), "  Stop "));
    expect((await postWebhook(stop.raw, stop.signature)).status).toBe(200);
    expect(
      await t.db
        .select()
        .from(whatsappOptOuts)
        .where(eq(whatsappOptOuts.phone, `+${digits(shopper)}`)),
    ).toHaveLength(1);
    await changePurchaseStatus(t.db, order.id, { status: "processing" }, adminId, t.env);
    await flushOutbox({ db: t.db, env: t.env, logger });
    expect(api.sent.filter((s) => s.body.to === digits(shopper))).toEqual([]);
    const [processing] = await outbox("order_processing", order.email);
    expect(processing).toMatchObject({ status: "sent", channel: "mail", lastError: "the number opted out of WhatsApp messages" });
    // the WhatsApp-only copy of the confirmation is not sent, and no second receipt is mailed
    expect((await outbox("order_confirmation_whatsapp", order.email)).map((m) => m.status)).toEqual(["failed"]);

    const start = signed(reply(digits(shopper), "START"));
    expect((await postWebhook(start.raw, start.signature)).status).toBe(200);
    await changePurchaseStatus(t.db, order.id, { status: "shipped" }, adminId, t.env);
    await flushOutbox({ db: t.db, env: t.env, logger });
    expect(api.sent.filter((s) => s.body.to === digits(shopper)).map((s) => s.body.template.name)).toEqual(["order_update"]);
  });

  it("refuses a webhook delivery without Meta's signature, and answers the subscription check only with the verify token", async () => {
    const shopper = phone();
    const forged = signed(reply(digits(shopper), "STOP"));
    expect((await postWebhook(forged.raw)).status).toBe(401);
    expect((await postWebhook(forged.raw, `sha256=${"0".repeat(64)}`)).status).toBe(401);
    expect(
      await t.db
        .select()
        .from(whatsappOptOuts)
        .where(eq(whatsappOptOuts.phone, `+${digits(shopper)}`)),
    ).toHaveLength(0);
    const check = (token: string) =>
      t.request(`/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`);
    const ok = await check("verify-me");
    expect([ok.status, await ok.text()]).toEqual([200, "1158201444"]);
    expect((await check("guess")).status).toBe(403);
  });

  it("falls back to mail when the API refuses the message, and retries a throttle before it succeeds", async () => {
    const refused = await paidOrder(true);
    await flushOutbox({ db: t.db, env: t.env, logger });
    api.answers.push({ status: 400, body: { error: { message: "Template name does not exist in the translation", code: 132001 } } });
    await changePurchaseStatus(t.db, refused.id, { status: "processing" }, adminId, t.env);
    await flushOutbox({ db: t.db, env: t.env, logger });
    const [mail] = await outbox("order_processing", refused.email);
    expect(mail).toMatchObject({ status: "sent", channel: "mail" });
    expect(mail!.lastError).toContain("WhatsApp answered 400 (code 132001)");

    // a throttle (429) is tried again after the backoff; the mail is not sent meanwhile
    api.answers.push({ status: 429, body: { error: { message: "Rate limit hit", code: 130429 } } });
    await changePurchaseStatus(t.db, refused.id, { status: "shipped" }, adminId, t.env);
    await flushOutbox({ db: t.db, env: t.env, logger });
    let [shipped] = await outbox("order_shipped", refused.email);
    expect(shipped).toMatchObject({ status: "pending", channel: null, attempts: 1 });
    await t.db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.id, shipped!.id));
    await flushOutbox({ db: t.db, env: t.env, logger });
    [shipped] = await outbox("order_shipped", refused.email);
    expect(shipped).toMatchObject({ status: "sent", channel: "whatsapp", attempts: 2 });
  });

  it("after three failed tries (the API down) the mail goes", async () => {
    const order = await paidOrder(true);
    await flushOutbox({ db: t.db, env: t.env, logger });
    for (let i = 0; i < 3; i++) api.answers.push({ status: 503, body: {} });
    await changePurchaseStatus(t.db, order.id, { status: "processing" }, adminId, t.env);
    for (let i = 0; i < 3; i++) {
      await t.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date() })
        .where(and(eq(mailOutbox.kind, "order_processing"), eq(mailOutbox.to, order.email)));
      await flushOutbox({ db: t.db, env: t.env, logger });
    }
    const [mail] = await outbox("order_processing", order.email);
    expect(mail).toMatchObject({ status: "sent", channel: "mail", attempts: 3 });
    expect(api.sent.filter((s) => s.body.to === digits(order.phone) && s.body.template.name === "order_update")).toHaveLength(3);
  });
});

describe('back in stock on WhatsApp (docs/product.md "Back in stock")', () => {
  // the minute job sends them itself only when WhatsApp is set up (else the team tells them by hand)
  const links = { PUBLIC_URL: "http://localhost:3000", PORT: 3000, WHATSAPP_TOKEN: "test-token", WHATSAPP_PHONE_NUMBER_ID: "1234567890" };
  const ask = (productId: string, json: Record<string, unknown>) =>
    t.request(`/api/products/${productId}/back-in-stock`, { method: "POST", json, ip: "203.0.113.60" });

  it("keeps her number once however she writes it, and says where the message will go; a number or an email, not both", async () => {
    const product = await createProduct(t.db, { title: "Worry Stone", stock: 0 });
    const res = await ask(product.id, { phone: "0803 555 0142" });
    expect(res.status).toBe(201);
    expect((await res.json()).msg).toBe("Thank you! We will message +234 803 555 0142 on WhatsApp once when Worry Stone is back in stock.");
    expect((await ask(product.id, { phone: "+234 803 555 0142" })).status).toBe(201);
    const rows = await t.db.select().from(stockAlerts).where(eq(stockAlerts.productId, product.id));
    expect(rows.map((r) => [r.email, r.phone])).toEqual([[null, "+2348035550142"]]);

    const both = await ask(product.id, { email: "ada@example.ng", phone: "0803 555 0143" });
    expect(both.status).toBe(400);
    expect((await both.json()).fields.email).toBe("Give your email or your WhatsApp number, one of them");
    const neither = await ask(product.id, {});
    expect(neither.status).toBe(400);
    const bad = await ask(product.id, { phone: "12345" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields.phone).toBe("Enter a Nigerian phone number, like 0803 555 0142");
  });

  it("once it is back, the message goes on WhatsApp alone, once; one WhatsApp refuses is handed to the team, never mailed to nobody", async () => {
    const product = await createProduct(t.db, { title: "Calm Cards", stock: 0 });
    const [told, refused] = [phone(), phone()];
    for (const p of [told, refused]) expect((await ask(product.id, { phone: p })).status).toBe(201);
    await t.db.update(products).set({ stock: 3 }).where(eq(products.id, product.id));
    expect(await tellBackInStock(t.db, links)).toBe(2);
    expect(await tellBackInStock(t.db, links)).toBe(0);
    const queued = await outbox("back_in_stock", "");
    expect(queued.map((m) => m.whatsapp?.to).sort()).toEqual([told, refused].map((p) => `+${digits(p)}`).sort());

    // the API takes the first message and refuses the second (a template it does not know)
    api.answers.push(
      { status: 200, body: { messaging_product: "whatsapp", messages: [{ id: "wamid.bis" }] } },
      { status: 400, body: { error: { message: "Template name does not exist in the translation", code: 132001 } } },
    );
    await flushOutbox({ db: t.db, env: t.env, logger });
    expect(api.sent.map((m) => m.body.template.name)).toEqual(["back_in_stock", "back_in_stock"]);
    const first = api.sent[0]!.body;
    expect(first.template.components[0]!.parameters.map((p) => p.text)).toEqual([
      "Calm Cards",
      "Alafia Self-Care",
      `http://localhost:3000/productdetails/${product.id}`,
    ]);
    const after = await outbox("back_in_stock", "");
    expect(after.map((m) => [m.status, m.channel]).sort()).toEqual([
      ["failed", null],
      ["sent", "whatsapp"],
    ]);
    expect(renderTemplate(after[0]!.whatsapp!)).toContain("Calm Cards is back in stock at Alafia Self-Care");

    // the refused number is not dropped: the next pass hands her to the team, once, to tell by hand
    const listed = async () => {
      const res = await t.request("/api/back-in-stock/to-tell", { as: { id: adminId, role: "admin" } });
      return ((await res.json()) as { phone: string; title: string }[]).filter((r) => r.title === "Calm Cards").map((r) => r.phone);
    };
    // (which of the two the API refused is whichever the worker sent second)
    const refusedTo = after.find((m) => m.status === "failed")!.whatsapp!.to;
    expect([told, refused].map((p) => `+${digits(p)}`)).toContain(refusedTo);
    expect(await listed()).toEqual([]);
    expect(await tellBackInStock(t.db, links)).toBe(0);
    expect(await listed()).toEqual([refusedTo]);
    await tellBackInStock(t.db, links);
    expect(await listed()).toEqual([refusedTo]);
  });

  it(
    "the product page's box takes an email or a WhatsApp number; sent before the script runs, her number is kept",
    { timeout: 120_000 },
    async () => {
      const pages = await createPagesContext({
        WHATSAPP_TOKEN: "test-token",
        WHATSAPP_PHONE_NUMBER_ID: "1234567890",
        WHATSAPP_API_URL: apiUrl,
      });
      const product = await createProduct(pages.db, { title: "Worry Stone", stock: 0 });
      const html = await (await pages.page(`/productdetails/${product.id}`)).text();
      expect(html).toContain("Leave your email or WhatsApp number and we will tell you once it is back.");
      expect(html).toContain("Tell me when it&#x27;s back");
      const post = (contact: string) =>
        pages.page(`/productdetails/${product.id}/notify`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ contact }).toString(),
          ip: "203.0.113.61",
        });
      const asked = await post("0803 555 0199");
      expect(asked.status).toBe(200);
      expect(await asked.text()).toContain("We will message +234 803 555 0199 on WhatsApp once when Worry Stone is back in stock.");
      const typo = await post("0803 555");
      expect(typo.status).toBe(400);
      const again = (await typo.text()).replace(/<script\b[\s\S]*?<\/script>/g, "");
      expect(again).toContain("Enter a Nigerian phone number, like 0803 555 0142");
      expect(again).toMatch(/<input[^>]*name="contact"[^>]*value="0803 555"/);
      // an email typed without its @ is told so, not read as a number
      const noAt = await post("ada.waits.example.ng");
      expect(noAt.status).toBe(400);
      expect(await noAt.text()).toContain("Enter a valid email address");
      const mailed = await post("ada.waits@example.ng");
      expect(await mailed.text()).toContain("We will email ada.waits@example.ng once when Worry Stone is back in stock.");
    },
  );
});

describe('the owner\'s morning summary on WhatsApp (docs/product.md "Owner alerts")', () => {
  it("goes to the alerts number as the morning_summary template instead of the mail, and by mail when WhatsApp refuses it", async () => {
    const links = { PUBLIC_URL: "http://localhost:3000", PORT: 3000 };
    const morning = (day: string) => new Date(`${day}T07:10:00+01:00`);
    await createProduct(t.db, { title: "Lavender Eye Pillow", stock: 0 });
    expect(await sendMorningSummary(t.db, links, morning("2027-03-01"))).toBe(true);
    await flushOutbox({ db: t.db, env: t.env, logger });
    const [message] = api.sent.filter((m) => m.body.template.name === "morning_summary");
    expect(message!.body.to).toBe("2348090001111");
    const params = message!.body.template.components[0]!.parameters.map((p) => p.text);
    expect(params).toHaveLength(6);
    expect(params[0]).toBe("Alafia Self-Care");
    expect(params[3]).toContain("Lavender Eye Pillow (sold out)");
    expect(params[5]).toBe("http://localhost:3000/dashboard");
    const rows = await outbox("morning_summary");
    expect(rows.map((r) => [r.status, r.channel])).toEqual([["sent", "whatsapp"]]);

    // the next morning the API refuses it (the template not approved yet): the mail goes instead
    api.answers.push({ status: 400, body: { error: { message: "Template name does not exist in the translation", code: 132001 } } });
    expect(await sendMorningSummary(t.db, links, morning("2027-03-02"))).toBe(true);
    await flushOutbox({ db: t.db, env: t.env, logger });
    const next = (await outbox("morning_summary")).find((r) => r.id !== rows[0]!.id)!;
    expect([next.status, next.channel]).toEqual(["sent", "mail"]);
    expect(next.lastError).toContain("Template name does not exist");
  });
});

describe('a shopper\'s message on WhatsApp (docs/product.md "Messages")', () => {
  it("goes to the alerts number as new_message_alert, with her number to answer her on", async () => {
    const res = await t.request("/api/contact", {
      method: "POST",
      json: { name: "Yetunde Bakare", email: "yetunde@example.ng", phone: "0803 555 0177", message: "Can I pick up in Lekki\ntomorrow?" },
    });
    expect(res.status).toBe(201);
    await flushOutbox({ db: t.db, env: t.env, logger });
    const [message, ...more] = api.sent.filter((m) => m.body.template.name === "new_message_alert");
    expect(more).toHaveLength(0);
    expect(message!.body.to).toBe("2348090001111");
    expect(message!.body.template.components[0]!.parameters.map((p) => p.text)).toEqual([
      "Yetunde Bakare",
      "+234 803 555 0177",
      "Can I pick up in Lekki tomorrow?",
      "http://localhost:3000/messages",
    ]);
    expect((await outbox("new_message_admin")).map((r) => [r.status, r.channel])).toEqual([["sent", "whatsapp"]]);
  });
});

describe("the marketing templates and Meta's Marketing Messages API (WHATSAPP_MARKETING_MESSAGES)", () => {
  const templates = ["checkout_reminder", "back_in_stock", "gift_reminder", "order_update", "new_order_alert"] as const;
  const message = (template: (typeof templates)[number]) => ({
    to: "+2348031234567",
    template,
    params: Array.from({ length: templateParamCount(template) }, (_, i) => `p${i + 1}`),
    mail: true,
  });

  it("on: the three marketing templates go to /marketing_messages with the same body, the rest to /messages; off: all to /messages", async () => {
    const config = { ...t.env, WHATSAPP_MARKETING_MESSAGES: true };
    for (const template of templates) await sendTemplateMessage(config, message(template));
    expect(api.sent.map((s) => s.path)).toEqual([
      "/v21.0/1234567890/marketing_messages",
      "/v21.0/1234567890/marketing_messages",
      "/v21.0/1234567890/marketing_messages",
      "/v21.0/1234567890/messages",
      "/v21.0/1234567890/messages",
    ]);
    const onBodies = api.sent.map((s) => s.body);
    api.sent.length = 0;
    // the default
    expect(t.env.WHATSAPP_MARKETING_MESSAGES).toBe(false);
    for (const template of templates) await sendTemplateMessage(t.env, message(template));
    expect(new Set(api.sent.map((s) => s.path))).toEqual(new Set(["/v21.0/1234567890/messages"]));
    expect(api.sent.map((s) => s.body)).toEqual(onBodies);
  });

  it("is read from the environment: a gift reminder queued in the outbox goes through the Marketing Messages API", async () => {
    const marketing = await createTestContext({
      WHATSAPP_TOKEN: "test-token",
      WHATSAPP_PHONE_NUMBER_ID: "1234567890",
      WHATSAPP_API_URL: apiUrl,
      WHATSAPP_MARKETING_MESSAGES: "true",
    });
    expect(marketing.env.WHATSAPP_MARKETING_MESSAGES).toBe(true);
    await createMail(marketing.db, { kind: "gift_reminder", whatsapp: message("gift_reminder") });
    await createMail(marketing.db, { kind: "order_update", whatsapp: message("order_update") });
    await flushOutbox({ db: marketing.db, env: marketing.env, logger });
    expect(api.sent.map((s) => [s.body.template.name, s.path])).toEqual(
      expect.arrayContaining([
        ["gift_reminder", "/v21.0/1234567890/marketing_messages"],
        ["order_update", "/v21.0/1234567890/messages"],
      ]),
    );
    expect(api.sent).toHaveLength(2);
  });
});

describe("without WhatsApp set up", () => {
  it("mails everything, and the checkout does not offer WhatsApp updates", async () => {
    const plain = await createTestContext();
    await createDeliveryRate(plain.db, { lga: "Yaba", chargeKobo: 150_000 });
    await updateSettings(plain.db, { alertWhatsappNumber: "0809 000 1111" });
    const product = await createProduct(plain.db, { stock: 5 });
    const res = await plain.request("/api/purchases/create", {
      method: "POST",
      json: {
        name: "Ada Obi",
        email: "ada.plain@example.ng",
        phone: "08031234567",
        street: "4 Herbert Macaulay Way",
        city: "Yaba",
        lga: "Yaba",
        whatsappOptIn: true,
        lines: [{ productId: product.id, quantity: 1 }],
      },
    });
    const { purchase } = (await res.json()) as { purchase: { reference: string } };
    const [row] = await plain.db.select().from(purchases).where(eq(purchases.reference, purchase.reference));
    await completePurchase(
      plain.db,
      purchase.reference,
      { status: "success", amountKobo: row!.totalKobo, currency: "NGN", transactionId: "T2" },
      "webhook",
      { links: plain.env },
    );
    const sentBefore = api.sent.length;
    await flushOutbox({ db: plain.db, env: plain.env, logger });
    expect(api.sent.length).toBe(sentBefore);
    const rows = await plain.db.select().from(mailOutbox);
    expect(rows.filter((m) => m.kind === "order_new_admin").map((m) => [m.status, m.channel])).toEqual([["sent", "mail"]]);
    expect(rows.filter((m) => m.kind === "order_confirmation").map((m) => [m.status, m.channel])).toEqual([["sent", "mail"]]);
  });

  it("the checkout offers 'Send my order updates on WhatsApp' only once the shop can send them", { timeout: 120_000 }, async () => {
    const checkoutPage = async (overrides: Record<string, string>) => {
      const pages = await createPagesContext(overrides);
      await createDeliveryRate(pages.db, { lga: "Yaba", chargeKobo: 150_000 });
      const product = await createProduct(pages.db, { stock: 5 });
      const res = await pages.page("/checkout", { headers: { Cookie: `guest_cart=${product.id}*1` } });
      expect(res.status).toBe(200);
      return res.text();
    };
    expect(await checkoutPage({})).not.toContain('name="whatsappOptIn"');
    const offered = await checkoutPage({ WHATSAPP_TOKEN: "test-token", WHATSAPP_PHONE_NUMBER_ID: "1234567890", WHATSAPP_API_URL: apiUrl });
    expect(offered).toContain('name="whatsappOptIn"');
    expect(offered).toContain("Send my order updates on WhatsApp");
  });
});
