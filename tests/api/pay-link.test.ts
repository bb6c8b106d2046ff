// 'Ask someone to pay' (docs/product.md "Paying"): a pending order shared as a link valid 24 hours;
// the payer sees the items and the total, never the address or the buyer's contact; paying
// completes the same order once, whoever pays and however often. The checkout form works for a
// guest whose cart the browser mirrors in a cookie.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, products, purchases } from "../../db/schema";
import { payLinkPath } from "../../modules/orders/order-links.server";
import { expireStalePurchases } from "../../modules/orders/expiry.server";
import { recordSandboxDecision } from "../../modules/payments/sandbox.server";
import { createAdminUser, createDeliveryRate, createProduct } from "../factories";
import { lagosDayTime } from "../../lib/lagos-calendar";
import { updateSettings } from "../../modules/settings/service.server";
import { createPagesContext, type PagesContext } from "../support/pages-app";
import { payLinkOrder } from "../support/pay-link-order";

let t: PagesContext;
beforeAll(async () => {
  t = await createPagesContext();
  await createDeliveryRate(t.db, { lga: "Lekki", chargeKobo: 300_000 });
}, 60_000);

const HOUR = 3_600_000;
const rowOf = async (id: string) => (await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;
const stockOf = async (id: string) => (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

const sharedOrder = () => payLinkOrder(t);

/** Follows the pay page's Pay button through the sandbox's Pay now, back to the pay page. */
async function payThrough(link: string) {
  const start = await t.page(link, { method: "POST", body: new URLSearchParams() });
  expect(start.status).toBe(302);
  const sandbox = start.headers.get("location")!;
  expect(sandbox).toMatch(/^\/pay\/sandbox\/ALF-/);
  const reference = decodeURIComponent(/\/pay\/sandbox\/([^?]+)/.exec(sandbox)![1]!);
  await recordSandboxDecision(t.db, reference, "pay");
  const back = new URL(sandbox, "http://localhost:3000").searchParams.get("back")!;
  return { reference, back: await t.page(back) };
}

describe("ask someone to pay", () => {
  it("holds the stock 24 hours and mails the buyer the link; the order's page shows it to share", async () => {
    const { body, row, product, link } = await sharedOrder();
    expect(row.paymentMethod).toBe("pay_link");
    expect(row.expiresAt!.getTime() - row.createdAt.getTime()).toBeGreaterThan(24 * HOUR - 5_000);
    expect(await stockOf(product.id)).toBe(3);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, row.email));
    expect(mail!.kind).toBe("order_placed_pay_link");
    expect(mail!.text).toContain(`http://localhost:3000${link}`);
    const page = await (await t.page(body.orderUrl)).text();
    expect(page).toContain("share the link");
    expect(page).toContain(link.replace(/&/g, "&amp;"));
  });

  it("works for the hours the owner sets in Payments, and says until when", async () => {
    const owner = await createAdminUser(t.db);
    const as = { id: owner.id, role: "admin" as const };
    const payments = await (await t.page("/paymentsettings", { as })).text();
    expect(payments).toMatch(/<input[^>]*name="payLinkHours"[^>]*value="24"/);
    // the form, posted without the script: her figure kept
    const form = new URLSearchParams([
      ["paymentChannels", "card"],
      ["transferHours", "24"],
      ["transferReminderHours", "6"],
      ["payLinkHours", "48"],
      ["podMaxOrder", "50000"],
    ]);
    const saved = await t.page("/paymentsettings", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      as,
    });
    expect(saved.status).toBe(200);
    const refused = await t.request("/api/settings", { method: "PUT", as: owner, json: { payLinkHours: 0 } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).fields.payLinkHours).toBe("Hours a payment link works must be at least 1");

    const checkout = await (await t.page("/checkout")).text();
    expect(checkout).toContain(
      "Get a payment link to send on WhatsApp, for one person to pay or for friends to chip in; it works for 48 hours",
    );
    const { row, body } = await sharedOrder();
    const held = row.expiresAt!.getTime() - row.createdAt.getTime();
    expect(held).toBeGreaterThan(48 * HOUR - 5_000);
    expect(held).toBeLessThanOrEqual(48 * HOUR + 5_000);
    const page = (await (await t.page(body.orderUrl)).text()).replace(/<!-- -->/g, "");
    expect(page).toContain(`Send this link to the person paying. It works until ${lagosDayTime(row.expiresAt!)}. It shows`);
    await updateSettings(t.db, { payLinkHours: 24 });
  });

  it("the payer sees the items and the total, never the address, the phone or the email", async () => {
    const { row, link } = await sharedOrder();
    const res = await t.page(link);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Gratitude Journal");
    expect(html).toContain("₦19,125");
    for (const secret of ["Admiralty", "Flat 3B", row.email, "0802", "+234802"]) expect(html).not.toContain(secret);
  });

  it("a made-up or altered link opens nothing; an old one says it has ended", async () => {
    const { row, link } = await sharedOrder();
    expect((await t.page(link.replace(/t=[^&]+/, "t=forged-forged-forged-forged-aaaa"))).status).toBe(404);
    const e = Number(new URL(link, "http://x").searchParams.get("e"));
    expect((await t.page(link.replace(`e=${e}`, `e=${e + 3600}`))).status).toBe(404);
    const ended = payLinkPath(t.env, row.id, new Date(Date.now() - 60_000));
    expect(await (await t.page(ended)).text()).toContain("This link has expired");
  });

  it("paying completes the same order once, and a second payer finds it paid", async () => {
    const { row, link, product } = await sharedOrder();
    const { back } = await payThrough(link);
    expect(await back.text()).toContain("This order is paid");
    expect(await rowOf(row.id)).toMatchObject({ status: "completed", paidVia: "provider" });
    expect(await stockOf(product.id)).toBe(3);
    // the confirmation goes to the buyer, not to whoever paid
    const kinds = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, row.email))).map((m) => m.kind);
    expect(kinds.filter((k) => k === "order_confirmation")).toHaveLength(1);
    const again = await t.page(link, { method: "POST", body: new URLSearchParams() });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).not.toMatch(/sandbox/);
  });

  it("two payers at once: two attempts, one completion", async () => {
    const { row, link } = await sharedOrder();
    const starts = await Promise.all([1, 2].map(() => t.page(link, { method: "POST", body: new URLSearchParams() })));
    const references = starts.map((s) => decodeURIComponent(/\/pay\/sandbox\/([^?]+)/.exec(s.headers.get("location")!)![1]!));
    expect(new Set(references).size).toBe(2);
    for (const r of references) await recordSandboxDecision(t.db, r, "pay");
    await Promise.all(references.map((r) => t.page(`${link}&reference=${r}`)));
    const kinds = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, row.email))).map((m) => m.kind);
    expect(kinds.filter((k) => k === "order_confirmation")).toHaveLength(1);
    expect((await rowOf(row.id)).status).toBe("completed");
  });

  it("nobody paid in 24 hours: the order lapses and the stock goes back", async () => {
    const { row, product } = await sharedOrder();
    await expireStalePurchases(t.db, new Date(row.expiresAt!.getTime() + 60_000));
    expect((await rowOf(row.id)).status).toBe("cancelled");
    expect(await stockOf(product.id)).toBe(4);
  });
});

describe("the checkout form for a guest", () => {
  const cookieFor = (lines: { id: string; q: number }[]) =>
    `guest_cart=${encodeURIComponent(lines.map((l) => `${l.id}*${l.q}`).join("|"))}`;
  const form = (extra: Record<string, string> = {}) =>
    new URLSearchParams({
      attempt: crypto.randomUUID(),
      lga: "Lekki",
      name: "Kemi Bello",
      email: "kemi.bello@example.ng",
      phone: "0705 123 4567",
      street: "2 Fola Osibo Road",
      city: "Lekki",
      deliveryMethod: "standard",
      paymentMethod: "online",
      ...extra,
    });

  it("renders the guest's cart priced for her area, then places the order and sends her to pay", async () => {
    const product = await createProduct(t.db, { title: "Calm Cards", priceKobo: 800_000, discountKobo: 0, stock: 5 });
    const cookie = cookieFor([{ id: product.id, q: 2 }]);
    const page = (await (await t.page("/checkout?lga=Lekki", { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
    expect(page).toContain("2 × Calm Cards");
    expect(page).toContain("Total ₦20,200</strong>");
    const res = await t.page("/checkout", { method: "POST", body: form(), headers: { Cookie: cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/pay\/sandbox\/ALF-/);
    // her browser remembers this checkout (signed), so a new one replaces it
    expect(res.headers.get("set-cookie")).toMatch(/^guest_checkout=[0-9a-f-]{36}\.[\w-]+; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax/);
    // and which order it placed from her cart: that order's page empties the cart, no other does
    const placedId = res.headers.get("set-cookie")!.slice("guest_checkout=".length, "guest_checkout=".length + 36);
    expect(res.headers.getSetCookie()).toContain(`placed_order=${placedId}; Path=/; Max-Age=604800; SameSite=Lax`);
    expect(await stockOf(product.id)).toBe(3);
    const again = await t.page("/checkout", {
      method: "POST",
      body: form(),
      headers: { Cookie: `${cookie}; ${res.headers.get("set-cookie")!.split(";")[0]}` },
    });
    expect(again.status).toBe(302);
    expect(await stockOf(product.id)).toBe(3);
  });

  it("back from a payment that did not go through, she finds what she typed; never a paid order's, nor another browser's", async () => {
    const product = await createProduct(t.db, { title: "Calm Cards", priceKobo: 800_000, discountKobo: 0, stock: 5 });
    const cookie = cookieFor([{ id: product.id, q: 1 }]);
    const res = await t.page("/checkout", {
      method: "POST",
      body: form({ name: "Adaeze Obi", note: "Blue gate, call on arrival" }),
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(302);
    const checkoutCookie = res.headers.get("set-cookie")!.split(";")[0]!;
    const shown = async (cookies: string) =>
      (await (await t.page("/checkout?payment=cancelled&lga=Lekki", { headers: { Cookie: cookies } })).text()).replace(/<!-- -->/g, "");
    const back = await shown(`${cookie}; ${checkoutCookie}`);
    for (const typed of ['value="Adaeze Obi"', 'value="kemi.bello@example.ng"', 'value="+234 705 123 4567"', 'value="2 Fola Osibo Road"'])
      expect(back).toContain(typed);
    expect(back).toContain("Blue gate, call on arrival</textarea>");
    // another order's id under this one's signature is nobody's
    const [id] = checkoutCookie.slice("guest_checkout=".length).split(".");
    const forged = checkoutCookie.replace(id!, crypto.randomUUID());
    expect(await shown(`${cookie}; ${forged}`)).not.toContain("Adaeze Obi");
    // once paid, the browser no longer shows her details this way
    await t.db.update(purchases).set({ paidAt: new Date(), status: "completed" }).where(eq(purchases.id, id!));
    expect(await shown(`${cookie}; ${checkoutCookie}`)).not.toContain("Adaeze Obi");
  });

  it("an empty cart, or a missing field, is answered on the form", async () => {
    const empty = await t.page("/checkout", { method: "POST", body: form() });
    expect(empty.status).toBe(400);
    const product = await createProduct(t.db, { stock: 5 });
    const noEmail = await t.page("/checkout", {
      method: "POST",
      body: form({ email: "" }),
      headers: { Cookie: cookieFor([{ id: product.id, q: 1 }]) },
    });
    expect(noEmail.status).toBe(400);
  });
});
