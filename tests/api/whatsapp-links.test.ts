import { beforeAll, describe, expect, it } from "vitest";
import { action as settingsAction } from "../../app/routes/admin/settings";
import { cartQuestion, orderQuestion, productQuestion } from "../../modules/marketing/whatsapp";
import { verifyAndComplete } from "../../modules/orders/completion.server";
import { recordSandboxDecision, sandboxProvider } from "../../modules/payments/sandbox.server";
import { toSettingsView } from "../../modules/settings/schemas";
import { getSettings } from "../../modules/settings/service.server";
import { createAdminUser, createBlogPost, createCartItem, createProduct, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";
import { routerContext } from "../support/test-app";

// docs/product.md "WhatsApp and social links": the owner's number and pages from /settings; Ask
// and Share links on the pages, absolute links from PUBLIC_URL only; icons only for links given.
const ORIGIN = "https://shop.alafia.test";
let t: PagesContext;
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  // a long cache: a saved setting must still show at once (an admin write empties the caches)
  t = await createPagesContext({ PUBLIC_URL: ORIGIN, CACHE_TTL_MS: "60000" });
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
}, 60_000);

/** Saved through the app that serves the pages, so the save empties its page cache (one server). */
const put = async (json: unknown) => {
  const res = await t.page("/api/settings", {
    method: "PUT",
    as: admin,
    body: JSON.stringify(json),
    headers: { Origin: ORIGIN, "Content-Type": "application/json" },
  });
  return { status: res.status, body: await res.json() };
};
/** A page as an anonymous visitor asks for it, on a Host that is not the shop's. */
const html = async (path: string, init: Parameters<PagesContext["page"]>[1] = {}) => {
  const res = await t.page(`http://evil.example${path}`, init);
  expect(res.status, path).toBe(200);
  return res.text();
};
const hrefsOf = (page: string, testId: string) =>
  [...page.matchAll(new RegExp(`<a[^>]*data-testid="${testId}"[^>]*>`, "g"))].map((m) => m[0]);
const attr = (tag: string, name: string) => tag.match(new RegExp(`${name}="([^"]*)"`))?.[1]?.replaceAll("&amp;", "&");

describe("PUT /api/settings: the WhatsApp number and social links", () => {
  it("keeps the number in +234 form however it is typed, and changes only the fields named", async () => {
    const before = toSettingsView(await getSettings(t.db));
    expect(before).toMatchObject({ whatsappNumber: "", instagramUrl: "", facebookUrl: "", tiktokUrl: "", xUrl: "" });
    const saved = await put({ whatsappNumber: "0803 123 4567", instagramUrl: "https://www.instagram.com/alafia" });
    expect(saved).toEqual({
      status: 200,
      body: { ...before, whatsappNumber: "+2348031234567", instagramUrl: "https://www.instagram.com/alafia" },
    });
    expect((await put({ tiktokUrl: "https://www.tiktok.com/@alafia" })).body).toMatchObject({
      whatsappNumber: "+2348031234567",
      instagramUrl: "https://www.instagram.com/alafia",
      tiktokUrl: "https://www.tiktok.com/@alafia",
    });
  });

  it("refuses a number that is not Nigerian and a link that is not https, naming the field, and saves nothing", async () => {
    const before = await getSettings(t.db);
    const bad = await put({ whatsappNumber: "+44 20 7946 0958", facebookUrl: "http://facebook.com/alafia", xUrl: "javascript:alert(1)" });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      whatsappNumber: "WhatsApp number must be a Nigerian phone number, like 0803 123 4567",
      facebookUrl: "Facebook link must be an https:// address, like https://www.instagram.com/alafia",
      xUrl: "X link must be an https:// address, like https://www.instagram.com/alafia",
    });
    expect((await put({ whatsappNumber: "0803" })).body.fields).toEqual({
      whatsappNumber: "WhatsApp number must be a Nigerian phone number, like 0803 123 4567",
    });
    expect(await getSettings(t.db)).toEqual(before);
  });

  it("the /settings form saves them, and a form without them leaves them as they are", async () => {
    const context = routerContext(t, { id: admin.id, role: "admin", firstName: "Ada", lastName: "Admin", email: "ada@alafia.ng" });
    const view = toSettingsView(await getSettings(t.db));
    const post = (fields: Record<string, string>) => {
      const form = new URLSearchParams({
        ...Object.fromEntries(Object.entries(view).map(([k, v]) => [k, String(v)])),
        vatRate: "7.5",
        ...fields,
      });
      for (const [k, v] of Object.entries(fields)) if (v === "(absent)") form.delete(k);
      const request = new Request("http://localhost:3000/settings", { method: "POST", body: form });
      return settingsAction({ request, context, params: {} } as never).then((r) =>
        "data" in (r as object) ? (r as { data: unknown }).data : r,
      );
    };
    expect(await post({ whatsappNumber: "+234 809 000 1111", xUrl: "https://x.com/alafia" })).toMatchObject({ ok: true });
    expect(await getSettings(t.db)).toMatchObject({ whatsappNumber: "+2348090001111", xUrl: "https://x.com/alafia" });
    expect(await post({ whatsappNumber: "12345" })).toMatchObject({
      code: "invalid",
      fields: { whatsappNumber: "WhatsApp number must be a Nigerian phone number, like 0803 123 4567" },
    });
    expect(await post({ whatsappNumber: "(absent)", xUrl: "(absent)" })).toMatchObject({ ok: true });
    expect(await getSettings(t.db)).toMatchObject({ whatsappNumber: "+2348090001111", xUrl: "https://x.com/alafia" });
    // blank clears a link
    expect(await post({ xUrl: "" })).toMatchObject({ ok: true });
    expect((await getSettings(t.db)).xUrl).toBe("");
  });
});

describe("the pages", () => {
  it("the product page asks the shop's number about the product (title, price, its link on PUBLIC_URL) and shares it", async () => {
    const product = await createProduct(t.db, { title: "Gratitude Journal & Pen #2", priceKobo: 1_250_000, discountKobo: 0 });
    expect((await put({ whatsappNumber: "0803 123 4567" })).status).toBe(200);
    const page = await html(`/productdetails/${product.id}`);
    const url = `${ORIGIN}/productdetails/${product.id}`;
    const [ask] = hrefsOf(page, "ask-on-whatsapp");
    const message = productQuestion("Alafia Self-Care", { title: "Gratitude Journal & Pen #2", price: 12_500, url });
    expect(message).toContain("(₦12,500): https://shop.alafia.test/productdetails/");
    expect(attr(ask!, "href")).toBe(`https://wa.me/2348031234567?text=${encodeURIComponent(message)}`);
    expect(attr(ask!, "target")).toBe("_blank");
    expect(attr(ask!, "rel")).toBe("noopener noreferrer");
    const [share] = hrefsOf(page, "share-on-whatsapp");
    expect(attr(share!, "href")).toBe(`https://wa.me/?text=${encodeURIComponent(`Gratitude Journal & Pen #2 ${url}`)}`);
    expect(page).not.toContain("evil.example");

    // no number: no Ask link (the cached page is emptied by the save); Share needs none
    expect((await put({ whatsappNumber: "" })).status).toBe(200);
    const without = await html(`/productdetails/${product.id}`);
    expect(hrefsOf(without, "ask-on-whatsapp")).toEqual([]);
    expect(without).not.toContain("wa.me/234");
    expect(hrefsOf(without, "share-on-whatsapp")).toHaveLength(1);
  });

  it("a blog post is shared with its title and link", async () => {
    const post = await createBlogPost(t.db, { title: "Rest is productive?" });
    const [share] = hrefsOf(await html(`/blogdetails/${post.id}`), "share-on-whatsapp");
    expect(attr(share!, "href")).toBe(`https://wa.me/?text=${encodeURIComponent(`Rest is productive? ${ORIGIN}/blogdetails/${post.id}`)}`);
  });

  it("the cart names its products; her order page names the order number and the shop's link to it", async () => {
    expect((await put({ whatsappNumber: "08031234567" })).status).toBe(200);
    const buyer = await createUser(t.db);
    const as = { id: buyer.id, role: "customer" as const };
    const product = await createProduct(t.db, { title: "Self-Care Cards" });
    await createCartItem(t.db, buyer.id, product.id, 2);
    const [askCart] = hrefsOf(await html("/cart", { as }), "ask-on-whatsapp");
    const cartMessage = cartQuestion("Alafia Self-Care", [
      { title: "Self-Care Cards", quantity: 2, url: `${ORIGIN}/productdetails/${product.id}` },
    ]);
    expect(attr(askCart!, "href")).toBe(`https://wa.me/2348031234567?text=${encodeURIComponent(cartMessage)}`);

    // a guest's order, paid, opened from its signed link
    const res = await t.request("/api/purchases/create", {
      method: "POST",
      headers: { Origin: ORIGIN },
      json: {
        name: "Ada Obi",
        email: "ada.wa@example.ng",
        phone: "0803 555 0142",
        street: "4 Bode Thomas Street",
        city: "Surulere",
        lga: "Ikeja",
        lines: [{ productId: product.id, quantity: 1 }],
      },
    });
    expect(res.status).toBe(201);
    const started = await res.json();
    await recordSandboxDecision(t.db, started.reference, "pay");
    await verifyAndComplete(t.db, sandboxProvider(t.db, t.env.SESSION_SECRET), started.reference, { links: t.env });
    const { id, totalAmount } = started.purchase;
    const page = await html(started.orderUrl);
    const [askOrder] = hrefsOf(page, "ask-on-whatsapp");
    const orderMessage = orderQuestion("Alafia Self-Care", { id, totalAmount, url: `${ORIGIN}/viewpurchase/${id}` });
    expect(orderMessage).toContain(`my order ${id.slice(0, 8)} (₦`);
    expect(attr(askOrder!, "href")).toBe(`https://wa.me/2348031234567?text=${encodeURIComponent(orderMessage)}`);
    // the shopper's signed link to her order never goes into a chat
    expect(decodeURIComponent(attr(askOrder!, "href")!)).not.toContain("/checkout/complete");
  });

  it("the footer shows an icon for each social link given and none for the others, never a dead '#'", async () => {
    expect((await put({ instagramUrl: "", facebookUrl: "", tiktokUrl: "", xUrl: "" })).status).toBe(200);
    const bare = await html("/");
    expect(bare).not.toContain('aria-label="Social media"');
    expect(bare).not.toMatch(/data-testid="social-/);

    expect((await put({ instagramUrl: "https://www.instagram.com/alafia", tiktokUrl: "https://www.tiktok.com/@alafia" })).status).toBe(200);
    const page = await html("/about");
    const icons = [...page.matchAll(/<a[^>]*data-testid="social-([a-z]+)"[^>]*>/g)];
    expect(icons.map((m) => [m[1], attr(m[0], "href"), attr(m[0], "rel"), attr(m[0], "target")])).toEqual([
      ["instagram", "https://www.instagram.com/alafia", "noopener noreferrer", "_blank"],
      ["tiktok", "https://www.tiktok.com/@alafia", "noopener noreferrer", "_blank"],
    ]);
    expect(icons.map((m) => attr(m[0], "aria-label"))).toEqual(["Instagram (opens in a new tab)", "TikTok (opens in a new tab)"]);
    expect(page).not.toMatch(/href="#"/);
  });
});
