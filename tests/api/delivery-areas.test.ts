import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import CheckoutPage, { loader as checkoutLoader } from "../../app/routes/shop/checkout";
import { loader as cartLoader } from "../../app/routes/shop/cart";
import { deliveryRates, purchases, users } from "../../db/schema";
import { createCartItem, createDeliveryRate, createProduct, createPurchase, createUser, stockOf } from "../factories";
import { createTestContext, routerContext, type TestContext } from "../support/test-app";

// An outside audit: the checkout's `lga` was free text, and any area the shop did not know
// (or the form's 'Other area') paid the ₦2,000 fallback whatever the address: Badagry's
// rate is ₦6,000. The LGA must now be one of the shop's delivery areas, everywhere it prices.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await createDeliveryRate(t.db, { lga: "Badagry", chargeKobo: 600_000 });
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 150_000 });
});

const address = { street: "3 Marina Road", city: "Badagry", state: "Lagos", phone: "08031234567" };
const pageUser = (u: { id: string; email: string }) => ({
  id: u.id,
  role: "customer" as const,
  firstName: "Ada",
  lastName: "Obi",
  email: u.email,
});
const withCookie = (path: string, cookie?: string) =>
  new Request(`http://localhost:3000${path}`, cookie ? { headers: { Cookie: cookie } } : {});

async function shopper(profileLga: string | null = "Badagry") {
  const user = await createUser(t.db, { lga: profileLga });
  const product = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 10 });
  await createCartItem(t.db, user.id, product.id, 1);
  return { user, product };
}

describe("POST /api/purchases/create: the LGA is one of the shop's delivery areas", () => {
  it.each([
    { name: "an area the shop does not deliver to", lga: "Atlantis", field: "Choose one of our delivery areas" },
    { name: "the old form's 'Other area' (empty)", lga: "", field: "Choose your delivery area" },
    { name: "'Other area' spelled out, while the shop has no such area", lga: "Other area", field: "Choose one of our delivery areas" },
  ])("$name is a 400 naming lga, and nothing is reserved", async ({ lga, field }) => {
    const { user, product } = await shopper();
    const res = await t.request("/api/purchases/create", { method: "POST", as: user, json: { ...address, lga } });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ lga: field });
    expect(await stockOf(t.db, product.id)).toBe(10);
    expect(await t.db.select().from(purchases).where(eq(purchases.userId, user.id))).toHaveLength(0);
  });

  it("a known area, in any case, is charged its own rate and stored as the shop spells it", async () => {
    const { user } = await shopper(null);
    const res = await t.request("/api/purchases/create", { method: "POST", as: user, json: { ...address, lga: " BADAGRY " } });
    expect(res.status).toBe(201);
    expect((await res.json()).purchase).toMatchObject({ lga: "Badagry", deliveryCharge: 6_000, totalAmount: 10_000 + 750 + 6_000 });
  });

  it("a spec-shaped client that omits lga: the profile's LGA prices it only if it is a delivery area", async () => {
    const known = await shopper("badagry");
    const ok = await t.request("/api/purchases/create", { method: "POST", as: known.user, json: address });
    expect(ok.status).toBe(201);
    expect((await ok.json()).purchase).toMatchObject({ lga: "Badagry", deliveryCharge: 6_000 });

    for (const profileLga of ["Yaba", null]) {
      const { user } = await shopper(profileLga);
      const res = await t.request("/api/purchases/create", { method: "POST", as: user, json: address });
      expect(res.status).toBe(400);
      expect(Object.keys((await res.json()).fields)).toEqual(["lga"]);
    }
  });

  it("an owner who delivers elsewhere adds an 'Other area' rate with its own price", async () => {
    await createDeliveryRate(t.db, { lga: "Other area", chargeKobo: 800_000 });
    try {
      const { user } = await shopper();
      const res = await t.request("/api/purchases/create", { method: "POST", as: user, json: { ...address, lga: "Other area" } });
      expect(res.status).toBe(201);
      expect((await res.json()).purchase).toMatchObject({ lga: "Other area", deliveryCharge: 8_000 });
    } finally {
      await t.db.delete(deliveryRates).where(eq(deliveryRates.lga, "Other area"));
    }
  });
});

describe("the cart's prices: /api/cart/summary and the guest quote", () => {
  it("an unknown or empty area is a 400 naming lga; no area yet prices no delivery", async () => {
    const { user, product } = await shopper("Yaba");
    for (const lga of ["Atlantis", ""]) {
      const res = await t.request(`/api/cart/summary?lga=${encodeURIComponent(lga)}`, { as: user });
      expect(res.status).toBe(400);
      expect(Object.keys((await res.json()).fields)).toEqual(["lga"]);
      const quote = await t.request("/api/cart/quote", { method: "POST", json: { lines: [{ productId: product.id, quantity: 1 }], lga } });
      expect(quote.status).toBe(400);
      expect(Object.keys((await quote.json()).fields)).toEqual(["lga"]);
    }
    // the profile's Yaba is no delivery area: the cart asks for one instead of charging ₦2,000
    const { summary } = await (await t.request("/api/cart/summary", { as: user })).json();
    expect(summary).toMatchObject({ deliveryCharge: null, total: 10_750, areaNeeded: true, deliveryOptions: null, lga: null });
  });

  it("each method's price for the area is in the summary, for the checkout's radios", async () => {
    const { user } = await shopper();
    const { summary } = await (await t.request("/api/cart/summary?lga=ikeja", { as: user })).json();
    expect(summary).toMatchObject({ lga: "Ikeja", deliveryCharge: 1_500, deliveryOptions: { standard: 1_500, express: 4_500 } });
  });

  it("a guest's cart priced for Badagry totals what her order for Badagry charges after she signs in", async () => {
    const { product } = await shopper();
    const lines = [{ productId: product.id, quantity: 2 }];
    const quote = await (await t.request("/api/cart/quote", { method: "POST", json: { lines, lga: "Badagry" } })).json();
    expect(quote.summary).toMatchObject({ deliveryCharge: 6_000, total: 20_000 + 1_500 + 6_000 });
    const user = await createUser(t.db, { lga: null });
    await t.request("/api/cart/merge", { method: "POST", as: user, json: { lines } });
    const order = await (
      await t.request("/api/purchases/create", { method: "POST", as: user, json: { ...address, lga: "Badagry" } })
    ).json();
    expect(order.purchase.totalAmount).toBe(quote.summary.total);
  });
});

describe("/cart and /checkout pages", () => {
  it("the checkout offers only the shop's areas (no 'Other area'), and each method shows its price for the area", async () => {
    const { user } = await shopper();
    const loaderData = await checkoutLoader({
      request: withCookie("/checkout"),
      context: routerContext(t, pageUser(user)),
      params: {},
    } as never);
    expect(loaderData.areas).toEqual(["Badagry", "Ikeja"]);
    expect(loaderData.defaults.lga).toBe("Badagry");
    expect(loaderData.summary).toMatchObject({ deliveryCharge: 6_000, deliveryOptions: { standard: 6_000, express: 9_000 } });
    const Stub = createRoutesStub([{ path: "/checkout", Component: () => createElement(CheckoutPage, { loaderData } as never) }]);
    const text = renderToString(createElement(Stub, { initialEntries: ["/checkout"] }))
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    expect(text).toContain("Standard · ₦6,000 3–5 days");
    expect(text).toContain("Express · ₦9,000 1–2 days");
    // the total, VAT included, shows under the area before anything is typed
    expect(text).toContain("Delivery ₦6,000 · Total ₦16,750 (VAT included)");
    expect(text).not.toContain("Other area");
  });

  it("the area chosen in the cart (a cookie) prices the cart and starts the checkout, over the profile's", async () => {
    const { user } = await shopper("Badagry");
    const context = routerContext(t, pageUser(user));
    const cookie = "theme=calm; delivery_area=ikeja";
    const cart = await cartLoader({ request: withCookie("/cart", cookie), context, params: {} } as never);
    expect(cart).toMatchObject({ area: "Ikeja", summary: { deliveryCharge: 1_500, lga: "Ikeja" } });
    const checkout = await checkoutLoader({ request: withCookie("/checkout", cookie), context, params: {} } as never);
    expect(checkout.defaults.lga).toBe("Ikeja");
    expect(checkout.summary).toMatchObject({ deliveryCharge: 1_500 });
    // a guest's cart page starts with her chosen area too (her lines are priced in the browser)
    const guest = await cartLoader({ request: withCookie("/cart", cookie), context: routerContext(t, null), params: {} } as never);
    expect(guest).toMatchObject({ signedIn: false, area: "Ikeja", areas: ["Badagry", "Ikeja"] });
    // an area the shop no longer delivers to is dropped, not priced
    const stale = await checkoutLoader({ request: withCookie("/checkout", "delivery_area=Atlantis"), context, params: {} } as never);
    expect(stale.defaults.lga).toBe("Badagry");
  });

  it("a signed-in shopper finds her form filled in: the profile first, her latest order's phone, street and city where it is silent", async () => {
    const { user, product } = await shopper();
    const load = async () =>
      (await checkoutLoader({ request: withCookie("/checkout"), context: routerContext(t, pageUser(user)), params: {} } as never)).defaults;
    // a new account with no phone or address: only what she typed at sign-up
    await t.db.update(users).set({ phone: null, address: null }).where(eq(users.id, user.id));
    expect(await load()).toEqual({
      lga: "Badagry",
      name: `${user.firstName} ${user.lastName}`,
      email: user.email,
      phone: "",
      street: "",
      city: "",
      // a signed-in shopper's gift and instructions start empty (a guest's come back from her unpaid order)
      note: "",
      gift: {},
    });
    // after an order, the next checkout starts with where that one went
    await createPurchase(t.db, user, [{ product, quantity: 1 }], { phone: "08031234567", street: "3 Marina Road", city: "Badagry" });
    expect(await load()).toMatchObject({ phone: "08031234567", street: "3 Marina Road", city: "Badagry" });
    // what her profile says wins over the order
    await t.db.update(users).set({ phone: "07011112222", address: "9 Awolowo Road" }).where(eq(users.id, user.id));
    expect(await load()).toMatchObject({ phone: "07011112222", street: "9 Awolowo Road", city: "Badagry" });
    // and the form shows them
    const loaderData = await checkoutLoader({
      request: withCookie("/checkout"),
      context: routerContext(t, pageUser(user)),
      params: {},
    } as never);
    const Stub = createRoutesStub([{ path: "/checkout", Component: () => createElement(CheckoutPage, { loaderData } as never) }]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/checkout"] }));
    for (const [name, value] of [
      ["phone", "07011112222"],
      ["street", "9 Awolowo Road"],
      ["city", "Badagry"],
    ])
      expect(html).toMatch(new RegExp(`<input[^>]*name="${name}"[^>]*value="${value}"|<input[^>]*value="${value}"[^>]*name="${name}"`));
  });

  it("a shopper whose profile area is not delivered to starts with no area and no delivery charge", async () => {
    const { user } = await shopper("Yaba");
    const data = await checkoutLoader({ request: withCookie("/checkout"), context: routerContext(t, pageUser(user)), params: {} } as never);
    expect(data.defaults.lga).toBe("");
    expect(data.summary).toMatchObject({ areaNeeded: true, deliveryCharge: null });
  });
});

describe("a shop with no delivery rates yet", () => {
  it("delivers to docs/product.md §9's fallback LGAs at the settings' standard fee, and nowhere else", async () => {
    const fresh = await createTestContext();
    const user = await createUser(fresh.db, { lga: null });
    const p = await createProduct(fresh.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 5 });
    await createCartItem(fresh.db, user.id, p.id, 1);
    const refused = await fresh.request("/api/purchases/create", { method: "POST", as: user, json: { ...address, lga: "Atlantis" } });
    expect(refused.status).toBe(400);
    const res = await fresh.request("/api/purchases/create", { method: "POST", as: user, json: { ...address, lga: "surulere" } });
    expect(res.status).toBe(201);
    expect((await res.json()).purchase).toMatchObject({ lga: "Surulere", deliveryCharge: 2_000 });
  });
});
