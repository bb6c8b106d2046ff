import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "../../app/routes/account/login";
import { action as settingsAction } from "../../app/routes/admin/settings";
import { loader as blogTableLoader } from "../../app/routes/admin/blogtable";
import { loader as categoryTableLoader } from "../../app/routes/admin/categorytable";
import { loader as dashboardLoader } from "../../app/routes/admin/dashboard";
import { loader as lgaLoader } from "../../app/routes/admin/lga";
import { loader as productTableLoader } from "../../app/routes/admin/producttable";
import { loader as purchaseTableLoader } from "../../app/routes/admin/purchasetable";
import { loader as teamTableLoader } from "../../app/routes/admin/teamtable";
import { action as paySandboxAction, loader as paySandboxLoader } from "../../app/routes/pay-sandbox";
import { action as checkoutAction } from "../../app/routes/shop/checkout";
import { loader as checkoutCompleteLoader } from "../../app/routes/shop/checkout-complete";
import { loader as productsLoader } from "../../app/routes/shop/products";
import { createAdminUser, createUser } from "../factories";
import { createTestContext, routerContext, type TestContext } from "../support/test-app";

// Input no one types but anyone can send: a NUL character (PostgreSQL text cannot hold one),
// a date in year 1, a body nested 50,000 levels deep. Each is a 400 saying what is wrong,
// on the pages as on the API, never a 500 from the database or a stack overflow.
let t: TestContext;
let admin: { id: string; role: "admin" };
let customer: { id: string; role: "customer" };

beforeAll(async () => {
  t = await createTestContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
  customer = { id: (await createUser(t.db)).id, role: "customer" };
});

type Args = { request: Request; params: Record<string, string>; context: unknown };
type Handler = (args: never) => Promise<unknown>;
const user = (who: typeof admin | typeof customer) => ({ ...who, email: "x@example.ng", firstName: "X", lastName: "Y" });

/** What a loader or action answered: the status and body of what it threw or returned. */
async function call(handler: Handler, path: string, as: typeof admin | typeof customer | null, init: RequestInit = {}, params = {}) {
  const args: Args = {
    request: new Request(`http://localhost:3000${path}`, init),
    params,
    context: routerContext(t, as ? (user(as) as never) : null),
  };
  try {
    const result = (await handler(args as never)) as { init?: { status?: number }; data?: unknown } | undefined;
    return { status: result?.init?.status ?? 200, body: result?.data ?? result };
  } catch (e) {
    const thrown = e as { init?: { status?: number }; data?: unknown; status?: number };
    if (thrown.init) return { status: thrown.init.status, body: thrown.data };
    if (e instanceof Response) return { status: e.status, body: null };
    throw e;
  }
}

const NUL_MESSAGE = /invisible control character/;

describe("a NUL character in a page's query", () => {
  it("is a 400 on /products and /checkout/complete", async () => {
    const products = await call(productsLoader, "/products?q=%00", null);
    expect(products).toMatchObject({ status: 400, body: { msg: expect.stringMatching(NUL_MESSAGE), fields: { q: expect.any(String) } } });
    const complete = await call(checkoutCompleteLoader, "/checkout/complete?reference=%00", customer);
    expect(complete).toMatchObject({ status: 400, body: { fields: { reference: expect.stringMatching(NUL_MESSAGE) } } });
  });

  it("is a 400 on /pay/sandbox/{reference}, shown and posted", async () => {
    expect(await call(paySandboxLoader, "/pay/sandbox/%00", customer, {}, { reference: "\u0000" })).toMatchObject({
      status: 400,
      body: { msg: "Please check the link: Not a payment reference." },
    });
    const post = { method: "POST", body: new URLSearchParams({ intent: "pay" }) };
    expect((await call(paySandboxAction, "/pay/sandbox/%00", customer, post, { reference: "\u0000" })).status).toBe(400);
  });

  it.each([
    ["/dashboard", dashboardLoader],
    ["/teamtable", teamTableLoader],
    ["/producttable", productTableLoader],
    ["/categorytable", categoryTableLoader],
    ["/blogtable", blogTableLoader],
    ["/purchasetable", purchaseTableLoader],
    ["/lga", lgaLoader],
  ])("is a 400 on %s naming the search box", async (path, loader) => {
    const res = await call(loader, `${path}?q=%25%00%25`, admin);
    expect(res).toMatchObject({
      status: 400,
      body: { msg: expect.stringMatching(/^Please check the filters: q: /), fields: { q: expect.any(String) } },
    });
  });
});

describe("a date the database cannot hold", () => {
  it.each(["0001-01-01", "0000-12-31", "2026-02-31", "10000-01-01", "3000-01-01"])(
    "from=%s on GET /api/products is a 400 naming `from`",
    async (day) => {
      const res = await t.request(`/api/products?from=${day}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "invalid", fields: { from: expect.stringMatching(/date/) } });
    },
  );

  it("is a 400 on the admin lists' from and to, API and pages alike", async () => {
    for (const query of ["from=0001-01-01", "to=0001-01-01"]) {
      const res = await t.request(`/api/purchases?${query}`, { as: admin });
      expect(res.status).toBe(400);
      for (const loader of [productTableLoader, purchaseTableLoader])
        expect(await call(loader, `/x?${query}`, admin)).toMatchObject({
          status: 400,
          body: { msg: expect.stringMatching(/between 1900 and 2999/) },
        });
    }
  });

  it("still filters by a real day", async () => {
    const res = await t.request("/api/products?from=2026-01-01&to=2026-12-31");
    expect(res.status).toBe(200);
  });
});

describe("a JSON body nested thousands of levels deep", () => {
  const deepArray = "[".repeat(50_000) + "]".repeat(50_000);
  const deepObject = '{"a":'.repeat(20_000) + "1" + "}".repeat(20_000);
  it.each([
    ["POST", "/api/auth/login", null],
    ["POST", "/api/cart/quote", null],
    ["PUT", "/api/settings", "admin"],
    ["POST", "/api/contact", null],
  ] as const)("%s %s answers a 400, not a stack overflow", async (method, path, role) => {
    for (const body of [deepArray, deepObject]) {
      const res = await t.request(path, { method, body, headers: { "Content-Type": "application/json" }, as: role ? admin : undefined });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "invalid", msg: expect.stringMatching(/nested too deeply/) });
    }
  });
});

describe("a lone UTF-16 surrogate in a JSON body", () => {
  // JSON may escape one ("\ud800"); PostgreSQL's jsonb (the settings, stored idempotent answers) refuses it
  it("is a 400 naming the field, on PUT /api/settings and POST /api/purchases/create", async () => {
    const settings = await t.request("/api/settings", {
      method: "PUT",
      as: admin,
      body: '{"shopName":"\\udfff\\ud800"}',
      headers: { "Content-Type": "application/json" },
    });
    expect(settings.status).toBe(400);
    expect(await settings.json()).toMatchObject({ fields: { shopName: expect.stringMatching(NUL_MESSAGE) } });
    const purchase = await t.request("/api/purchases/create", {
      method: "POST",
      as: customer,
      body: '{"street":"1 Allen \\ud800 Avenue","city":"Lagos","state":"Lagos","phone":"08012345678"}',
      headers: { "Content-Type": "application/json", "Idempotency-Key": "surrogate-key-1" },
    });
    expect(purchase.status).toBe(400);
    expect(await purchase.json()).toMatchObject({ fields: { street: expect.stringMatching(NUL_MESSAGE) } });
  });
});

describe("a page form that is not a form", () => {
  // found by the page fuzzer: request.formData() throws on these, and the actions let it through as a 500
  it.each([
    ["a broken multipart body", "--x\r\nnonsense", "multipart/form-data; boundary=x"],
    ["multipart without a boundary", "a=b", "multipart/form-data"],
    ["JSON", '{"email":"ada@example.ng"}', "application/json"],
  ])("%s posted to /login is a 400 saying so", async (_what, body, type) => {
    const res = await call(loginAction, "/login", null, { method: "POST", body, headers: { "Content-Type": type } });
    expect(res).toMatchObject({ status: 400, body: { msg: expect.stringMatching(/form could not be read/) } });
  });

  it.each([
    ["a broken multipart body", "--x\r\nnonsense", "multipart/form-data; boundary=x"],
    ["JSON", '{"email":"ada@example.ng"}', "application/json"],
  ])("%s posted to /checkout is a 400 saying so, for a guest and a shopper", async (_what, body, type) => {
    for (const who of [null, customer]) {
      const res = await call(checkoutAction, "/checkout", who, { method: "POST", body, headers: { "Content-Type": type } });
      expect(res).toMatchObject({ status: 400, body: { msg: expect.stringMatching(/form could not be read/) } });
    }
  });

  it("holding a NUL character in a field of the checkout form is a 400 naming the field", async () => {
    const body = new URLSearchParams({ name: "Ada Obi", street: "12 Allen\u0000 Avenue", attempt: "attempt-0001" });
    for (const who of [null, customer])
      expect(await call(checkoutAction, "/checkout", who, { method: "POST", body })).toMatchObject({
        status: 400,
        body: { fields: { street: expect.stringMatching(NUL_MESSAGE) } },
      });
  });

  it("holding a NUL character in any field is a 400 naming the field", async () => {
    const body = new URLSearchParams({ email: "ada@example.ng", password: "pass\u0000word" });
    expect(await call(loginAction, "/login", null, { method: "POST", body })).toMatchObject({
      status: 400,
      body: { fields: { password: expect.stringMatching(NUL_MESSAGE) } },
    });
  });
});

describe("the /settings form", () => {
  const form = (overrides: Record<string, string>) => {
    const body = new URLSearchParams({
      shopName: "Alafia",
      contactEmail: "hello@alafia.ng",
      contactPhone: "+2348000000000",
      contactAddress: "Lekki, Lagos",
      vatRate: "7.5",
      usdRate: "0.0007",
      standardDeliveryFee: "1500",
      expressSurcharge: "1000",
      lowStockThreshold: "5",
      maxLineQuantity: "10",
      ...overrides,
    });
    return { method: "POST", body };
  };

  it("answers a NUL character in a field with a 400 naming it, and saves nothing", async () => {
    const res = await call(settingsAction, "/settings", admin, form({ shopName: "Alafia\u0000" }));
    expect(res).toMatchObject({ status: 400, body: { fields: { shopName: expect.stringMatching(NUL_MESSAGE) } } });
    expect((await (await t.request("/api/settings", { as: admin })).json()).shopName).not.toContain("\u0000");
  });

  it("answers a body that is not a form with a 400", async () => {
    const broken = { method: "POST", body: "--x\r\nnonsense", headers: { "Content-Type": "multipart/form-data; boundary=x" } };
    expect(await call(settingsAction, "/settings", admin, broken)).toMatchObject({
      status: 400,
      body: { msg: expect.stringMatching(/could not be read/) },
    });
  });

  it("still saves a good form", async () => {
    expect((await call(settingsAction, "/settings", admin, form({ shopName: "Alafia Self-Care" }))).body).toMatchObject({ ok: true });
  });
});
