// 'Complete payment' from My orders (docs/product.md "My orders"): her unpaid checkout opens the
// reminders' saved-order page by her account instead of a signed link, holds its items again and
// starts a fresh payment of the same order. Nobody else's account opens it, the shop's included.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { paymentAttempts, products, purchases } from "../../db/schema";
import { createAdminUser, createCartItem, createDeliveryRate, createProduct, createPurchase, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";
import { address } from "../support/discount-shop";

let t: PagesContext;
beforeAll(async () => {
  t = await createPagesContext();
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
}, 60_000);

const DAY = 24 * 60 * 60_000;
const post = { method: "POST", body: new URLSearchParams() };
const orderOf = async (id: string) => (await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;
const stockOf = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!.stock;
const attemptsOf = async (id: string) => t.db.$count(paymentAttempts, eq(paymentAttempts.purchaseId, id));

/** She checks out, then leaves the payment page without paying: the order is cancelled, its stock back. */
async function cancelledCheckout() {
  const user = await createUser(t.db, { lga: "Ikeja" });
  const kit = await createProduct(t.db, { title: "Traffic Calm Kit", priceKobo: 950_000, discountKobo: 0, stock: 5 });
  await createCartItem(t.db, user.id, kit.id, 2);
  const res = await t.request("/api/purchases/create", { method: "POST", as: user, json: address });
  const { purchase, reference } = await res.json();
  expect((await t.request("/api/purchases/cancel", { method: "POST", as: user, json: { reference } })).status).toBe(200);
  expect(await orderOf(purchase.id)).toMatchObject({ status: "cancelled" });
  return { user, kit, id: purchase.id as string };
}

describe("'Complete payment' from My orders", () => {
  it("My orders links her unpaid order to its page, which holds the items again and brings her back paid", async () => {
    const { user, kit, id } = await cancelledCheckout();
    const profile = await (await t.page("/profile", { as: user })).text();
    expect(profile).toContain(`href="/resume/${id}"`);
    expect(profile).toContain("Complete payment");
    expect(profile).toContain("Not paid");
    // on a phone, where her orders sit below her details, the way to them says one waits
    expect(profile.replace(/<!-- -->/g, "")).toMatch(
      /<a href="#my-orders"[^>]*data-testid="orders-shortcut">My orders \(1\) · 1 to pay<\/a>/,
    );

    const page = await t.page(`/resume/${id}`, { as: user });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Complete my order");
    const started = await t.page(`/resume/${id}`, { as: user, ...post });
    expect(started.status).toBe(302);
    const sandbox = started.headers.get("location")!;
    expect(sandbox).toMatch(/^\/pay\/sandbox\/ALF-/);
    // the payment page sends her back to her order's page, with no link of its own to carry
    const back = new URL(sandbox, "http://x").searchParams.get("back")!;
    expect(back).toMatch(new RegExp(`^/resume/${id}\\?reference=ALF-`));
    expect(await orderOf(id)).toMatchObject({ status: "pending" });
    expect(await stockOf(kit.id)).toBe(3);
    const events = await t.request(`/api/purchases/${id}`, { as: await createAdminUser(t.db) });
    expect(((await events.json()).events as { note: string }[]).map((e) => e.note)).toContain(
      "taken up again from My orders: items held for 30 minutes, waiting for payment",
    );

    // she pays on the payment page and comes back to the same page, which says it is paid
    const paid = await t.page(sandbox, { as: user, method: "POST", body: new URLSearchParams({ intent: "pay" }) });
    expect(paid.headers.get("location")).toBe(back);
    const done = await t.page(back, { as: user });
    expect(await done.text()).toContain("This order is paid.");
    expect(await orderOf(id)).toMatchObject({ status: "completed" });
  });

  it("another customer, an admin or someone signed out can neither open nor take up her order", async () => {
    const { id } = await cancelledCheckout();
    const other = await createUser(t.db);
    const admin = await createAdminUser(t.db);
    for (const as of [other, admin]) {
      expect((await t.page(`/resume/${id}`, { as })).status).toBe(404);
      expect((await t.page(`/resume/${id}`, { as, ...post })).status).toBe(404);
      const list = await (await t.page("/profile", { as })).text();
      for (const trace of [`/resume/${id}`, id.slice(0, 8)]) expect(list).not.toContain(trace);
    }
    for (const init of [{}, post]) {
      const res = await t.page(`/resume/${id}`, init);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/resume/${id}`)}`);
    }
    // nothing was held again and no payment started: only the checkout's own attempt
    expect(await orderOf(id)).toMatchObject({ status: "cancelled" });
    expect(await attemptsOf(id)).toBe(1);
  });

  it("one placed over 7 days ago, or one she has ordered again since, says why and takes nothing", async () => {
    const old = await cancelledCheckout();
    await t.db
      .update(purchases)
      .set({ createdAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(purchases.id, old.id));
    const again = await cancelledCheckout();
    await createPurchase(t.db, again.user, [{ product: again.kit, quantity: 1 }]);
    for (const [{ user, id }, why] of [
      [old, "This order was placed more than 7 days ago, so it can no longer be completed."],
      [again, "You have ordered again since, so this order can no longer be completed."],
    ] as const) {
      const text = await (await t.page(`/resume/${id}`, { as: user })).text();
      expect(text).toContain(why);
      expect(text).not.toContain("Complete my order");
      const res = await t.page(`/resume/${id}`, { as: user, ...post });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).not.toMatch(/sandbox/);
      expect(await orderOf(id)).toMatchObject({ status: "cancelled" });
      expect(await attemptsOf(id)).toBe(1);
    }
  });

  it("a checkout whose 30 minutes ended a moment ago, before the timer lapsed it, is taken up, not refused", async () => {
    const user = await createUser(t.db, { lga: "Ikeja" });
    const kit = await createProduct(t.db, { stock: 5 });
    await createCartItem(t.db, user.id, kit.id, 1);
    const { purchase } = await (await t.request("/api/purchases/create", { method: "POST", as: user, json: address })).json();
    await t.db
      .update(purchases)
      .set({ expiresAt: new Date(Date.now() - 5_000) })
      .where(eq(purchases.id, purchase.id));
    const text = await (await t.page(`/resume/${purchase.id}`, { as: user })).text();
    expect(text).toContain("Complete my order");
    const res = await t.page(`/resume/${purchase.id}`, { as: user, ...post });
    expect(res.headers.get("location")).toMatch(/^\/pay\/sandbox\//);
    const row = await orderOf(purchase.id);
    expect(row.status).toBe("pending");
    expect(row.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await stockOf(kit.id)).toBe(4);
  });
});
