// The reminder's pages (docs/product.md "Unpaid checkouts"): 'complete it here' opens only a link
// we signed and says plainly what sold out; 'no more reminders' changes nothing when opened (mail
// scanners open links) and stops them when its button is pressed.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkoutReminderOptOuts, discountCodes, products, purchases } from "../../db/schema";
import { addDays, lagosNow, shortDay } from "../../lib/lagos-calendar";
import { expireStalePurchases, PAYMENT_WINDOW_MS } from "../../modules/orders/expiry.server";
import { resumePath, stopRemindersUrl } from "../../modules/orders/resume-links.server";
import { checkoutAddress, createCartItem, createDeliveryRate, createDiscountCode, createProduct, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
beforeAll(async () => {
  t = await createPagesContext();
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
}, 60_000);

async function lapsedCheckout(code?: string) {
  const user = await createUser(t.db);
  const kit = await createProduct(t.db, { title: "Traffic Calm Kit", priceKobo: 950_000, discountKobo: 0, stock: 5 });
  const candle = await createProduct(t.db, { title: "Calm Candle Trio", priceKobo: 1_850_000, discountKobo: 0, stock: 5 });
  await createCartItem(t.db, user.id, kit.id, 1);
  await createCartItem(t.db, user.id, candle.id, 2);
  const json = code ? { ...checkoutAddress, code } : checkoutAddress;
  const res = await t.request("/api/purchases/create", { method: "POST", as: user, json });
  const { purchase } = await res.json();
  const [row] = await t.db.select().from(purchases).where(eq(purchases.id, purchase.id));
  await expireStalePurchases(t.db, new Date(row!.createdAt.getTime() + PAYMENT_WINDOW_MS + 60_000));
  return { user, kit, candle, id: purchase.id as string, link: resumePath(t.env, purchase.id, new Date(Date.now() + 86_400_000)) };
}

describe("'complete it here'", () => {
  it("shows the saved order, and says plainly what sold out since", async () => {
    const { link, candle } = await lapsedCheckout();
    const saved = await (await t.page(link)).text();
    expect(saved).toContain("your order is saved");
    expect(saved).toContain("Complete my order");
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, candle.id));
    const short = await (await t.page(link)).text();
    expect(short).toContain("Only 1 left of Calm Candle Trio (you had 2).");
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, candle.id));
    expect(await (await t.page(link)).text()).toContain("Calm Candle Trio is sold out since you ordered.");
  });

  it("a code paused since she ordered: the page says so before she completes it, and she pays without it", async () => {
    const code = await createDiscountCode(t.db, { code: `PAUSED${crypto.randomUUID().slice(0, 4).toUpperCase()}` });
    const { id, link } = await lapsedCheckout(code.code);
    expect((await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]!.discountCode).toBe(code.code);
    await t.db.update(discountCodes).set({ pausedAt: new Date() }).where(eq(discountCodes.id, code.id));
    const saved = await (await t.page(link)).text();
    expect(saved).toContain("Your discount code can no longer be used");
    expect(saved).toContain(`The code ${code.code} is not active.`);
    expect(saved).not.toContain("Some items have sold out");
    expect((await t.page(link, { method: "POST", body: new URLSearchParams() })).status).toBe(302);
    const [row] = await t.db.select().from(purchases).where(eq(purchases.id, id));
    expect(row).toMatchObject({ status: "pending", discountCode: null, codeDiscountKobo: 0 });
  });

  it("a Standard date now too soon closes it, and the page does not also call it saved or completable", async () => {
    const { id, link } = await lapsedCheckout();
    const day = addDays(lagosNow(new Date()).date, 2);
    await t.db.update(purchases).set({ deliveryDate: day, deliveryMethod: "standard" }).where(eq(purchases.id, id));
    const closed = await (await t.page(link)).text();
    expect(closed).toContain(`Standard delivery takes 3–5 days, so it can no longer reach you on ${shortDay(day)}.`);
    expect(closed).toContain("about your order");
    expect(closed).toContain("Why this order cannot be completed");
    expect(closed).toContain("This order can no longer be completed.");
    for (const wrong of ["your order is saved", "Some items have sold out", "You can still complete", "Complete my order"])
      expect(closed).not.toContain(wrong);
  });

  it("a forged or altered link opens nothing; an ended one says so, and gives no other reason", async () => {
    const { id, link, candle } = await lapsedCheckout();
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, candle.id));
    expect((await t.page(link.replace(/t=[^&]+/, "t=forged-forged-forged-forged-aaaa"))).status).toBe(404);
    expect((await t.page(`/resume/${id}?e=1&t=x`)).status).toBe(404);
    const ended = await (await t.page(resumePath(t.env, id, new Date(Date.now() - 60_000)))).text();
    expect(ended).toContain("This link has ended.");
    // the sold-out line is struck through, its label after the struck part (so it stays readable) and
    // kept on one line
    expect(ended).toMatch(
      /line-through">2(<!-- -->)? × (<!-- -->)?Calm Candle Trio<\/span>(<!-- -->)? (<!-- -->)?<span class="whitespace-nowrap[^>]*>\(sold out\)<\/span>/,
    );
    for (const wrong of ["Complete my order", "Why this order cannot be completed", "is sold out since you ordered"])
      expect(ended).not.toContain(wrong);
  });

  it("'Complete my order' holds the items again and starts a fresh payment on the payment page", async () => {
    const { id, link, kit } = await lapsedCheckout();
    const res = await t.page(link, { method: "POST", body: new URLSearchParams() });
    expect(res.status).toBe(302);
    const sandbox = res.headers.get("location")!;
    expect(sandbox).toMatch(/^\/pay\/sandbox\/ALF-/);
    // the payment page sends her back to this page, never to a .data address
    expect(new URL(sandbox, "http://x").searchParams.get("back")).toMatch(new RegExp(`^/resume/${id}\\?e=\\d+&t=[\\w-]+&reference=ALF-`));
    const [row] = await t.db.select().from(purchases).where(eq(purchases.id, id));
    expect(row!.status).toBe("pending");
    expect((await t.db.select().from(products).where(eq(products.id, kit.id)))[0]!.stock).toBe(4);
  });
});

describe("'no more reminders'", () => {
  it("opening the link changes nothing; its button stops the reminders; a forged one is a 404", async () => {
    const email = `sade.${crypto.randomUUID().slice(0, 6)}@example.ng`;
    const url = stopRemindersUrl(t.env, email);
    const page = await t.page(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop these reminders");
    expect(await t.db.select().from(checkoutReminderOptOuts).where(eq(checkoutReminderOptOuts.email, email))).toHaveLength(0);
    const stopped = await t.page(url, { method: "POST", body: new URLSearchParams() });
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain("We will not send");
    expect(await t.db.select().from(checkoutReminderOptOuts).where(eq(checkoutReminderOptOuts.email, email))).toHaveLength(1);
    expect((await t.page(url.replace(/t=[^&]+/, "t=forged"))).status).toBe(404);
    expect((await t.page(url.replace(encodeURIComponent(email), encodeURIComponent("someone.else@example.ng")))).status).toBe(404);
  });
});
