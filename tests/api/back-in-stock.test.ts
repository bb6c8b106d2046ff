import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, products, stockAlerts } from "../../db/schema";
import { tellBackInStock } from "../../modules/marketing/back-in-stock.server";
import { createAdminUser, createProduct, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

// docs/product.md "Back in stock": her email on a sold-out product; one mail once it can be bought again.
let t: PagesContext;
beforeAll(async () => {
  t = await createPagesContext();
});

const links = { PUBLIC_URL: "http://localhost:3000", PORT: 3000 };
const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});
const ask = (productId: string, email: unknown, ip = "203.0.113.40") =>
  t.request(`/api/products/${productId}/back-in-stock`, { method: "POST", json: { email }, ip });
const mailsTo = async (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, "back_in_stock")));
const newEmail = () => `waiting-${crypto.randomUUID().slice(0, 8)}@example.ng`;

describe("POST /api/products/{id}/back-in-stock", () => {
  it("keeps her request on a sold-out product, once however often she asks, and says so", async () => {
    const product = await createProduct(t.db, { title: "Gratitude Journal", stock: 0 });
    const email = newEmail();
    const res = await ask(product.id, email);
    expect(res.status).toBe(201);
    expect((await res.json()).msg).toBe(`Thank you! We will email ${email} once when Gratitude Journal is back in stock.`);
    expect((await ask(product.id, email.toUpperCase())).status).toBe(201);
    expect(await t.db.$count(stockAlerts, eq(stockAlerts.productId, product.id))).toBe(1);
  });

  it("refuses an address that is not one (400), a product in stock or untracked (409) and no product (404)", async () => {
    const soldOut = await createProduct(t.db, { stock: 0 });
    const bad = await ask(soldOut.id, "not-an-email");
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields.email).toBeTruthy();
    const inStock = await createProduct(t.db, { title: "Calm Cards", stock: 3 });
    const refused = await ask(inStock.id, newEmail());
    expect(refused.status).toBe(409);
    expect((await refused.json()).msg).toBe("Calm Cards is in stock: you can add it to your cart now.");
    expect((await ask((await createProduct(t.db, { stock: null })).id, newEmail())).status).toBe(409);
    expect((await ask("00000000-0000-4000-8000-000000000000", newEmail())).status).toBe(404);
    expect((await ask("not-an-id", newEmail())).status).toBe(404);
    expect(await t.db.$count(stockAlerts, eq(stockAlerts.productId, inStock.id))).toBe(0);
  });

  it("takes a WhatsApp number only when the shop can message it (WhatsApp set up, or its own number shown): here, her email", async () => {
    const product = await createProduct(t.db, { stock: 0 });
    const res = await t.request(`/api/products/${product.id}/back-in-stock`, {
      method: "POST",
      json: { phone: "0803 555 0142" },
      ip: "203.0.113.44",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.phone).toBe("Leave your email: this shop tells you by email.");
    // the page's box takes an email only, so what she typed is read as one
    const page = await t.page(`/productdetails/${product.id}/notify`, { ...form({ contact: "0803 555 0142" }), ip: "203.0.113.44" });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Enter a valid email address");
    expect(await t.db.$count(stockAlerts, eq(stockAlerts.productId, product.id))).toBe(0);
  });

  it("is limited per address: 30 an hour, then 429 with Retry-After", async () => {
    const product = await createProduct(t.db, { stock: 0 });
    for (let i = 0; i < 30; i++) expect((await ask(product.id, newEmail(), "203.0.113.41")).status).toBe(201);
    const limited = await ask(product.id, newEmail(), "203.0.113.41");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("the mail once it is back", () => {
  it("goes once to each waiting address when the owner restocks it, and never while it is sold out", async () => {
    const product = await createProduct(t.db, { title: "Stress-Relief Box", stock: 0 });
    const [ada, bisi] = [newEmail(), newEmail()];
    await ask(product.id, ada);
    await ask(product.id, bisi);
    await tellBackInStock(t.db, links);
    expect(await mailsTo(ada)).toHaveLength(0);
    // the owner sees who restocking it would tell
    const admin = await createAdminUser(t.db);
    const edit = await (await t.page(`/editproduct/${product.id}`, { as: admin })).text();
    expect(edit).toContain("2 shoppers are waiting for it to come back: restock it and they are told within a minute");
    // and the products list, beside its stock
    const list = await (await t.page(`/producttable?q=${encodeURIComponent("Stress-Relief Box")}`, { as: admin })).text();
    expect(list).toContain("0 · 2 waiting");

    expect((await t.request(`/api/products/${product.id}`, { method: "PUT", as: admin, json: { stock: 4 } })).status).toBe(200);
    await tellBackInStock(t.db, links);
    await tellBackInStock(t.db, links);
    expect(await (await t.page(`/editproduct/${product.id}`, { as: admin })).text()).not.toContain("waiting for it to come back");
    expect(await (await t.page(`/producttable?q=${encodeURIComponent("Stress-Relief Box")}`, { as: admin })).text()).not.toContain(
      "2 waiting",
    );
    for (const to of [ada, bisi]) {
      const mails = await mailsTo(to);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe("Stress-Relief Box is back in stock");
      expect(mails[0]!.text).toContain(`http://localhost:3000/productdetails/${product.id}`);
    }
    // sold out again: she may ask again, and hears again
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    expect((await ask(product.id, ada)).status).toBe(201);
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    await tellBackInStock(t.db, links);
    expect(await mailsTo(ada)).toHaveLength(2);
    expect(await mailsTo(bisi)).toHaveLength(1);
  });

  it("sends each mail once when several servers run the job at the same moment", async () => {
    const product = await createProduct(t.db, { stock: 0 });
    const waiting = Array.from({ length: 6 }, newEmail);
    for (const email of waiting) await ask(product.id, email, "203.0.113.42");
    await t.db.update(products).set({ stock: 2 }).where(eq(products.id, product.id));
    const sent = await Promise.all([tellBackInStock(t.db, links), tellBackInStock(t.db, links), tellBackInStock(t.db, links)]);
    expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(6);
    for (const email of waiting) expect(await mailsTo(email)).toHaveLength(1);
  });

  it("answers a long queue in batches, oldest request first, so one pass stays short", async () => {
    const product = await createProduct(t.db, { stock: 0 });
    const waiting = Array.from({ length: 3 }, newEmail);
    for (const email of waiting) await ask(product.id, email, "203.0.113.43");
    await t.db.update(products).set({ stock: 5 }).where(eq(products.id, product.id));
    expect(await tellBackInStock(t.db, links, new Date(), 2)).toBe(2);
    expect(await mailsTo(waiting[0]!)).toHaveLength(1);
    expect(await mailsTo(waiting[1]!)).toHaveLength(1);
    expect(await mailsTo(waiting[2]!)).toHaveLength(0);
    expect(await tellBackInStock(t.db, links, new Date(), 2)).toBe(1);
    expect(await mailsTo(waiting[2]!)).toHaveLength(1);
  });
});

describe("on the product page", () => {
  it("a sold-out product offers the form; one in stock does not", async () => {
    const soldOut = await createProduct(t.db, { stock: 0 });
    const html = await (await t.page(`/productdetails/${soldOut.id}`)).text();
    expect(html).toContain("Email me when it&#x27;s back");
    expect(html).toContain(`action="/productdetails/${soldOut.id}/notify"`);
    const inStock = await createProduct(t.db, { stock: 5 });
    expect(await (await t.page(`/productdetails/${inStock.id}`)).text()).not.toContain("Email me when it");
  });

  it("sent before the script runs, the request lands on its own page with the answer and a way back", async () => {
    const product = await createProduct(t.db, { title: "Colouring Book", stock: 0 });
    const email = newEmail();
    const res = await t.page(`/productdetails/${product.id}/notify`, { ...form({ contact: email }), ip: "203.0.113.43" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`We will email ${email} once when Colouring Book is back in stock.`);
    expect(html).toContain(`href="/productdetails/${product.id}"`);
    expect(await t.db.$count(stockAlerts, eq(stockAlerts.email, email))).toBe(1);

    const refused = await t.page(`/productdetails/${product.id}/notify`, { ...form({ contact: "nope" }), ip: "203.0.113.43" });
    expect(refused.status).toBe(400);
    // the form again, with what she typed, to fix the address
    const again = await refused.text();
    expect(again).toContain("Email me when it&#x27;s back");
    expect(again).toMatch(/<input[^>]*name="contact"[^>]*value="nope"/);
    // and opens on it
    expect(/<input[^>]*name="contact"[^>]*>/.exec(again)?.[0]).toContain('autofocus=""');
    // a signed-in shopper is no different
    const signedIn = await t.page(`/productdetails/${product.id}/notify`, { ...form({ contact: newEmail() }), as: await createUser(t.db) });
    expect(signedIn.status).toBe(200);
    expect((await t.page("/productdetails/not-an-id/notify")).status).toBe(404);
  });
});
