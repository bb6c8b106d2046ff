import { and, eq, isNotNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, products, stockAlerts, whatsappOptOuts } from "../../db/schema";
import { tellBackInStock } from "../../modules/marketing/back-in-stock.server";
import { purgeStaleRows } from "../../modules/maintenance/housekeeping.server";
import { morningSummary, summaryMail, summaryWhatsAppParams } from "../../modules/reports/morning-summary.server";
import { updateSettings } from "../../modules/settings/service.server";
import { createAdminUser, createProduct, createStaffUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

// docs/product.md "Back in stock", by hand: a shop that shows its WhatsApp number but does not send
// WhatsApp messages itself still takes a number on a sold-out product; once it is back, the team
// is told to message her, in the inbox, with the chat ready, until one of them marks her told.
let t: PagesContext;
let owner: { id: string; role: "admin" };
let staff: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createPagesContext();
  await updateSettings(t.db, { whatsappNumber: "0803 100 2000" });
  owner = { id: (await createAdminUser(t.db, { firstName: "Funke" })).id, role: "admin" };
  staff = { id: (await createStaffUser(t.db, { firstName: "Chidi" })).id, role: "admin" };
});

const links = { PUBLIC_URL: "http://localhost:3000", PORT: 3000 };
const ask = (productId: string, json: Record<string, unknown>, ip = "203.0.113.70") =>
  t.request(`/api/products/${productId}/back-in-stock`, { method: "POST", json, ip });
const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});
const drawn = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "").replace(/<script\b[\s\S]*?<\/script>/g, "");
const toTell = async (as = staff) => {
  const res = await t.request("/api/back-in-stock/to-tell", { as });
  expect(res.status).toBe(200);
  return {
    items: (await res.json()) as { id: string; phone: string; title: string; chatUrl: string }[],
    total: res.headers.get("x-total-count"),
  };
};
const restock = (id: string, stock: number | null) => t.db.update(products).set({ stock }).where(eq(products.id, id));

describe("a WhatsApp number on a sold-out product, in a shop that messages by hand", () => {
  it("is taken by the box and the API, and told nothing by the shop itself once the product is back", async () => {
    const product = await createProduct(t.db, { title: "Worry Stone", stock: 0 });
    const page = await drawn(await t.page(`/productdetails/${product.id}`));
    expect(page).toContain("Leave your email or WhatsApp number and we will tell you once it is back.");
    const asked = await t.page(`/productdetails/${product.id}/notify`, { ...form({ contact: "0803 555 0171" }), ip: "203.0.113.71" });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("We will message +234 803 555 0171 on WhatsApp once when Worry Stone is back in stock.");
    expect((await ask(product.id, { email: "ada.stone@example.ng" })).status).toBe(201);
    // the product's edit screen says how restocking it tells them
    const editing = await drawn(await t.page(`/editproduct/${product.id}`, { as: owner }));
    expect(editing).toContain(
      "2 shoppers are waiting for it to come back: restock it and those who left an email are told within a minute; the 1 who left a WhatsApp number shows in Messages for you to tell.",
    );

    await restock(product.id, 3);
    expect(await tellBackInStock(t.db, links)).toBe(2);
    expect(await tellBackInStock(t.db, links)).toBe(0);
    // the email is mailed; the number gets no queued message (the shop cannot send one), it is handed to the team
    const queued = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "back_in_stock"));
    expect(queued.map((m) => [m.to, m.whatsapp])).toEqual([["ada.stone@example.ng", null]]);
    const [handed] = await t.db
      .select()
      .from(stockAlerts)
      .where(and(eq(stockAlerts.productId, product.id), isNotNull(stockAlerts.phone)));
    expect(handed!.handAt).not.toBeNull();
    expect(handed!.toldAt).toBeNull();

    const { items, total } = await toTell();
    expect(total).toBe("1");
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: handed!.id, phone: "+2348035550171", title: "Worry Stone" });
    const words = `Hello! You asked Alafia Self-Care to tell you when Worry Stone was back. It is in stock again, while it lasts: http://localhost:3000/productdetails/${product.id}`;
    expect(items[0]!.chatUrl).toBe(`https://wa.me/2348035550171?text=${encodeURIComponent(words)}`);
  });

  it("waits in the inbox with its chat and the sidebar's count until one of the team marks her told", async () => {
    const product = await createProduct(t.db, { title: "Calm Cards", stock: 0 });
    expect((await ask(product.id, { phone: "0803 555 0172" })).status).toBe(201);
    expect(await drawn(await t.page(`/editproduct/${product.id}`, { as: owner }))).toContain(
      "1 shopper is waiting for it to come back: restock it and she shows in Messages for you to tell on WhatsApp.",
    );
    await restock(product.id, 2);
    await tellBackInStock(t.db, links);
    const before = (await toTell()).items;
    const row = before.find((r) => r.title === "Calm Cards")!;

    let html = await drawn(await t.page("/messages", { as: staff }));
    expect(html).toContain(`Back in stock: tell ${before.length === 1 ? "1 shopper" : `${before.length} shoppers`} on WhatsApp`);
    expect(html).toMatch(/Calm Cards<\/a> <span[^>]*>for \+234 803 555 0172<\/span>/);
    expect(html).toContain(`href="${row.chatUrl.replace(/&/g, "&amp;")}"`);
    expect(html).toMatch(new RegExp(`data-testid="to-answer"[^>]*>${before.length}<span class="sr-only"> to answer</span>`));
    expect(await drawn(await t.page("/purchasetable", { as: owner }))).toMatch(
      new RegExp(`data-testid="to-answer"[^>]*>${before.length}<`),
    );

    // a plain post, as before the page's script runs
    const told = await t.page("/messages", { ...form({ intent: "told", id: row.id }), as: staff });
    expect(told.status).toBe(200);
    html = await drawn(told);
    expect(html).toContain("Marked as told");
    expect(html).not.toContain("for +234 803 555 0172");
    expect((await toTell()).items.map((r) => r.id)).not.toContain(row.id);

    // the API: told again keeps the first who did; not the team's to tell, or none, is a 404
    const again = await t.request(`/api/back-in-stock/${row.id}/told`, { method: "POST", as: owner });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id: row.id, toldBy: "Chidi" });
    const waiting = await createProduct(t.db, { title: "Sleep Mask", stock: 0 });
    expect((await ask(waiting.id, { phone: "0803 555 0173" })).status).toBe(201);
    const [stillWaiting] = await t.db.select().from(stockAlerts).where(eq(stockAlerts.productId, waiting.id));
    for (const id of [stillWaiting!.id, crypto.randomUUID(), "not-an-id"]) {
      const res = await t.request(`/api/back-in-stock/${id}/told`, { method: "POST", as: staff });
      expect(res.status).toBe(404);
    }
    const refused = await t.page("/messages", { ...form({ intent: "told", id: "nope" }), as: staff });
    expect(refused.status).toBe(400);
  });

  it("is off the list while the product is sold out again, and never listed for a number that said STOP", async () => {
    const product = await createProduct(t.db, { title: "Lavender Eye Pillow", stock: 0 });
    expect((await ask(product.id, { phone: "0803 555 0174" })).status).toBe(201);
    expect((await ask(product.id, { phone: "0803 555 0175" })).status).toBe(201);
    await restock(product.id, 1);
    await tellBackInStock(t.db, links);
    const listed = async () => (await toTell()).items.filter((r) => r.title === "Lavender Eye Pillow").map((r) => r.phone);
    expect((await listed()).sort()).toEqual(["+2348035550174", "+2348035550175"]);
    await restock(product.id, 0);
    expect(await listed()).toEqual([]);
    await restock(product.id, null);
    await t.db.insert(whatsappOptOuts).values({ phone: "+2348035550175" });
    expect(await listed()).toEqual(["+2348035550174"]);
  });

  it("holds her once when she asks again after it sold out again before anyone told her", async () => {
    const product = await createProduct(t.db, { title: "Affirmation Cards", stock: 0 });
    expect((await ask(product.id, { phone: "0803 555 0177" })).status).toBe(201);
    await restock(product.id, 1);
    await tellBackInStock(t.db, links);
    // gone again in the promo before the team told her; she asks again, and it comes back
    await restock(product.id, 0);
    expect((await ask(product.id, { phone: "0803 555 0177" })).status).toBe(201);
    await restock(product.id, 2);
    await tellBackInStock(t.db, links);
    const listed = (await toTell()).items.filter((r) => r.title === "Affirmation Cards");
    expect(listed.map((r) => r.phone)).toEqual(["+2348035550177"]);
    const rows = await t.db.select().from(stockAlerts).where(eq(stockAlerts.productId, product.id));
    expect(rows).toHaveLength(2);
    expect(listed[0]!.id).toBe(rows.sort((a, b) => +b.createdAt - +a.createdAt)[0]!.id);
  });

  it("counts in the owner's morning summary, by mail and on WhatsApp", async () => {
    const product = await createProduct(t.db, { title: "Gratitude Journal", stock: 0 });
    expect((await ask(product.id, { phone: "0803 555 0176" })).status).toBe(201);
    await restock(product.id, 5);
    await tellBackInStock(t.db, links);
    const { total } = await toTell();
    const summary = await morningSummary(t.db, "2026-12-07", 5);
    expect(summary.toTell).toBe(Number(total));
    const text = summaryMail(
      summary,
      { shopName: "Alafia Self-Care", lowStockThreshold: 5, morningSummaryHour: 7 },
      "https://shop.example.ng",
    ).text;
    expect(text).toContain(`${total} shoppers to tell on WhatsApp that a product is back: https://shop.example.ng/messages\n`);
    expect(summaryWhatsAppParams(summary, "Alafia Self-Care", "https://shop.example.ng")[2]).toContain(
      `${total} shoppers to tell that a product is back`,
    );
  });

  it("keeps a handed number a week after she was told, a month if she never was", async () => {
    const product = await createProduct(t.db, { title: "Colouring Book", stock: 0 });
    for (const phone of ["0803 555 0181", "0803 555 0182", "0803 555 0183"]) expect((await ask(product.id, { phone })).status).toBe(201);
    await restock(product.id, 4);
    await tellBackInStock(t.db, links);
    const rows = await t.db.select().from(stockAlerts).where(eq(stockAlerts.productId, product.id));
    const byPhone = (p: string) => rows.find((r) => r.phone === p)!.id;
    const days = (n: number) => sql`now() - ${`${n} days`}::interval`;
    // told 8 days ago: gone; handed 10 days ago and untold: kept; handed 31 days ago and untold: gone
    await t.db
      .update(stockAlerts)
      .set({ notifiedAt: days(9), handAt: days(9), toldAt: days(8) })
      .where(eq(stockAlerts.id, byPhone("+2348035550181")));
    await t.db
      .update(stockAlerts)
      .set({ notifiedAt: days(10), handAt: days(10) })
      .where(eq(stockAlerts.id, byPhone("+2348035550182")));
    await t.db
      .update(stockAlerts)
      .set({ notifiedAt: days(31), handAt: days(31) })
      .where(eq(stockAlerts.id, byPhone("+2348035550183")));
    await purgeStaleRows(t.db);
    const left = await t.db.select({ phone: stockAlerts.phone }).from(stockAlerts).where(eq(stockAlerts.productId, product.id));
    expect(left.map((r) => r.phone)).toEqual(["+2348035550182"]);
  });
});
