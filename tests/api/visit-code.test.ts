import { beforeAll, describe, expect, it } from "vitest";
import { action as cartAction } from "../../app/routes/shop/cart";
import { sessionCookieName } from "../../modules/accounts/session-cookie.server";
import { readVisitCode, visitCodeCookie } from "../../modules/discounts/visit-code.server";
import { discountRedemptions } from "../../db/schema";
import { createCartItem, createDeliveryRate, createDiscountCode, createProduct, createPurchase, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";
import { routerContext } from "../support/test-app";

// docs/product.md "Discount codes": a link with ?code= keeps the code for the visit; the cart
// applies or removes it through its route action and shows what it saves.
let t: PagesContext;
beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "60000" });
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
  await createDiscountCode(t.db, { code: "VAL25", kind: "fixed", amountKobo: 500_000 });
}, 60_000);

describe("?code= on any page", () => {
  it.each([
    ["/?code=VAL25", "/"],
    ["/products?q=journal&code=val25&page=2", "/products?q=journal&page=2"],
    ["/productdetails/123?code=VAL25", "/productdetails/123"],
    // never an address on another site
    ["//evil.example/?code=VAL25", "/evil.example/"],
  ])("%s keeps the code for the visit and answers 302 to %s", async (from, to) => {
    const res = await t.page(from);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(to);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^alafia_code=(VAL25|val25); Path=\/; HttpOnly; SameSite=Lax$/);
    // a session cookie: no Max-Age or Expires
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a code that is not a code is dropped from the address and not kept; /api is left alone", async () => {
    const res = await t.page("/?code=%3Cscript%3E");
    expect([res.status, res.headers.get("location"), res.headers.get("set-cookie")]).toEqual([302, "/", null]);
    expect((await t.page("/api/health?code=VAL25")).status).toBe(200);
  });

  it("is Secure in production, like the other cookies", () => {
    expect(visitCodeCookie({ NODE_ENV: "production" }, "VAL25")).toBe("alafia_code=VAL25; Path=/; HttpOnly; SameSite=Lax; Secure");
    expect(readVisitCode(new Headers({ cookie: "a=1; alafia_code=VAL25; b=2" }))).toBe("VAL25");
    expect(readVisitCode(new Headers({ cookie: "alafia_code=%E0%A4%A" }))).toBeNull();
  });

  it("public pages do not vary by the code: the cached home page is served to a visitor carrying one", async () => {
    await t.page("/");
    const withCode = await t.page("/", { headers: { cookie: "alafia_code=VAL25" } });
    expect(withCode.status).toBe(200);
    expect(withCode.headers.get("x-cache")).toBe("hit");
  });
});

describe("the cart with the visit's code", () => {
  it("shows the code's line and the discounted total to a signed-in shopper", { timeout: 60_000 }, async () => {
    const user = await createUser(t.db, { lga: "Ikeja" });
    const product = await createProduct(t.db, { priceKobo: 1_000_000, stock: null });
    await createCartItem(t.db, user.id, product.id, 2);
    const token = await t.loginAs({ id: user.id, role: "customer" });
    const res = await t.page("/cart", { headers: { cookie: `${sessionCookieName(t.env)}=${token}; alafia_code=VAL25` } });
    expect(res.status).toBe(200);
    const html = (await res.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Code VAL25");
    expect(html).toMatch(/data-testid="summary-code-saving">−₦5,000</);
    // ₦20,000 − ₦5,000 + 7.5% of ₦15,000 + ₦1,500
    expect(html).toMatch(/data-testid="summary-total">₦17,625</);
  });
});

describe("the cart's Discount code field (its route action)", () => {
  const post = async (body: Record<string, string>, user: { id: string; role: "customer" } | null = null) => {
    const context = routerContext(t, user ? ({ ...user, email: "ada@example.ng", firstName: "Ada", lastName: "Obi" } as never) : null);
    const request = new Request("http://localhost:3000/cart", { method: "POST", body: new URLSearchParams(body) });
    const result = (await cartAction({ request, context, params: {} } as never)) as { data: unknown; init: ResponseInit | null };
    return { status: result.init?.status ?? 200, body: result.data, cookie: new Headers(result.init?.headers).get("set-cookie") };
  };

  it("applies a usable code for the visit, spelled as the shop spells it", async () => {
    expect(await post({ intent: "apply-code", code: " val25 " })).toEqual({
      status: 200,
      body: { ok: true },
      cookie: "alafia_code=VAL25; Path=/; HttpOnly; SameSite=Lax",
    });
  });

  it("refuses what cannot be used at all with its message, and keeps nothing", async () => {
    await createDiscountCode(t.db, { code: "ENDED1", endsAt: new Date("2025-12-31T22:00:00Z") });
    expect(await post({ intent: "apply-code", code: "nope" })).toEqual({
      status: 400,
      body: {
        msg: "We don't recognise the code nope. Check the spelling and try again.",
        code: "invalid",
        fields: { code: expect.any(String) },
      },
      cookie: null,
    });
    expect((await post({ intent: "apply-code", code: "ended1" })).body).toMatchObject({
      msg: "The code ENDED1 expired on 31 December 2025, 11:00 pm (Lagos time).",
    });
    expect(await post({ intent: "apply-code", code: "" })).toMatchObject({
      status: 400,
      body: { fields: { code: "Enter a discount code" } },
    });
  });

  it("tells a signed-in shopper she has used it already", async () => {
    const code = await createDiscountCode(t.db, { code: "MINE1", maxUsesPerCustomer: 1 });
    const user = await createUser(t.db);
    const product = await createProduct(t.db);
    const paid = await createPurchase(t.db, user, [{ product, quantity: 1 }], { discountCode: "MINE1" });
    await t.db
      .insert(discountRedemptions)
      .values({ codeId: code.id, purchaseId: paid.id, email: user.email, phone: "", status: "used", discountKobo: 100_000 });
    expect(await post({ intent: "apply-code", code: "mine1" }, { id: user.id, role: "customer" })).toMatchObject({
      status: 409,
      body: { msg: "You have already used the code MINE1." },
      cookie: null,
    });
    // anyone else may
    expect((await post({ intent: "apply-code", code: "mine1" }, { id: (await createUser(t.db)).id, role: "customer" })).status).toBe(200);
  });

  it("removes the code", async () => {
    expect(await post({ intent: "remove-code" })).toEqual({
      status: 200,
      body: { ok: true },
      cookie: "alafia_code=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
    });
  });
});
