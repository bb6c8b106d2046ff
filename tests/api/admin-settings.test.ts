import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import SettingsPage, { action as settingsAction } from "../../app/routes/admin/settings";
import { mailOutbox } from "../../db/schema";
import { defaultSettings, settingsSchema, toSettingsView } from "../../modules/settings/schemas";
import { getSettings } from "../../modules/settings/service.server";
import { createAdminUser, createProduct, createPurchase, createUser } from "../factories";
import { createTestContext, routerContext, type TestContext } from "../support/test-app";

let t: TestContext;
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createTestContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
});

const put = async (json: unknown) => {
  const res = await t.request("/api/settings", { method: "PUT", as: admin, json });
  return { status: res.status, body: await res.json() };
};

describe("PUT /api/settings: messages name the field as /settings labels it", () => {
  it("explains each bad value in words", async () => {
    const res = await put({
      shopName: " ",
      contactEmail: "hello.alafia.ng",
      contactPhone: "080",
      contactAddress: "Lek",
      vatRate: 1.5,
      usdRate: 0,
      standardDeliveryFee: -1,
      expressSurcharge: 1.505,
      lowStockThreshold: 2.5,
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      shopName: "Shop name is required",
      contactEmail: "Contact email must be a valid email address, like hello@alafia.ng",
      contactPhone: "Phone must have at least 5 characters",
      contactAddress: "Address must have at least 5 characters",
      vatRate: "VAT rate must be between 0% and 100%",
      usdRate: "USD display rate must be more than 0",
      standardDeliveryFee: "Standard delivery fee cannot be negative",
      expressSurcharge: "Express surcharge can have at most 2 decimals",
      lowStockThreshold: "Low-stock threshold must be a whole number",
    });
  });

  it("says 'must be a number' for text and 'is required' for a blank form field", async () => {
    expect((await put({ vatRate: "7.5" })).body.fields).toEqual({ vatRate: "VAT rate must be a number" });
    // the /settings form sends a blank number field as NaN
    const blank = settingsSchema.safeParse({ ...defaultSettings, lowStockThreshold: Number.NaN, contactEmail: "" });
    expect(blank.success).toBe(false);
    expect(Object.fromEntries(blank.error!.issues.map((i) => [i.path[0], i.message]))).toEqual({
      lowStockThreshold: "Low-stock threshold is required",
      contactEmail: "Contact email is required",
    });
  });
});

describe("PUT /api/settings: fees in naira, like every other endpoint", () => {
  it("takes and answers the fees in naira and stores kobo; the kobo names are unknown fields", async () => {
    const saved = await put({ standardDeliveryFee: 2250.5, expressSurcharge: 3500 });
    expect(saved).toMatchObject({ status: 200, body: { standardDeliveryFee: 2250.5, expressSurcharge: 3500 } });
    expect(saved.body).not.toHaveProperty("standardDeliveryKobo");
    expect(await getSettings(t.db)).toMatchObject({ standardDeliveryKobo: 225_050, expressSurchargeKobo: 350_000 });
    expect(await (await t.request("/api/settings", { as: admin })).json()).toMatchObject({
      standardDeliveryFee: 2250.5,
      expressSurcharge: 3500,
    });
    expect((await put({ standardDeliveryKobo: 200_000 })).status).toBe(400);
    expect((await put({ standardDeliveryFee: 1_000_000.01 })).body.fields).toEqual({
      standardDeliveryFee: "Standard delivery fee must be at most ₦1,000,000",
    });
    await put({ standardDeliveryFee: 2000, expressSurcharge: 3000 });
  });
});

describe("/settings form: the fee fields follow the API's rule (any whole kobo)", () => {
  const post = async (fees: Record<string, string>) => {
    const context = routerContext(t, { id: admin.id, role: "admin", firstName: "Ada", lastName: "Admin", email: "ada@alafia.ng" });
    const s = defaultSettings;
    const body = new URLSearchParams({
      shopName: s.shopName,
      contactEmail: s.contactEmail,
      contactPhone: s.contactPhone,
      contactAddress: s.contactAddress,
      vatRate: "7.5",
      usdRate: String(s.usdRate),
      standardDeliveryFee: "2000",
      expressSurcharge: "3000",
      lowStockThreshold: "5",
      maxLineQuantity: "10",
      ...fees,
    });
    const request = new Request("http://localhost:3000/settings", { method: "POST", body });
    const result = await settingsAction({ request, context, params: {} } as never);
    return "data" in (result as object) ? (result as { data: unknown }).data : result;
  };

  it("offers a step of ₦0.01 on both fee fields", () => {
    const loaderData = {
      settings: toSettingsView(defaultSettings),
      subscribers: { items: [], total: 0 },
      messages: { items: [], total: 0 },
    };
    const Stub = createRoutesStub([{ path: "/settings", Component: () => createElement(SettingsPage, { loaderData } as never) }]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/settings"] }));
    for (const name of ["standardDeliveryFee", "expressSurcharge"])
      expect(html, name).toMatch(new RegExp(`<input[^>]*name="${name}"[^>]*step="0.01"|<input[^>]*step="0.01"[^>]*name="${name}"`));
  });

  it("saves a fee in kobo, and names a third decimal as the API does instead of rounding it", async () => {
    expect(await post({ standardDeliveryFee: "1550.5" })).toMatchObject({ ok: true });
    expect((await getSettings(t.db)).standardDeliveryKobo).toBe(155_050);
    // the forms' one error protocol: the API's body (docs/decisions/0011-one-way-to-write.md)
    expect(await post({ expressSurcharge: "3000.125" })).toMatchObject({
      code: "invalid",
      fields: { expressSurcharge: "Express surcharge can have at most 2 decimals" },
    });
    expect((await getSettings(t.db)).expressSurchargeKobo).toBe(300_000);
  });
});

describe("quantity limit per product: PUT /api/settings and the /settings form", () => {
  it("defaults to 10, takes a whole number from 1 to 999, and the form shows and saves it", async () => {
    expect((await getSettings(t.db)).maxLineQuantity).toBe(10);
    for (const [value, message] of [
      [0, "Quantity limit per product must be at least 1"],
      [2.5, "Quantity limit per product must be a whole number"],
      [1000, "Quantity limit per product must be at most 999"],
    ] as const)
      expect((await put({ maxLineQuantity: value })).body.fields).toEqual({ maxLineQuantity: message });
    // an update changes only the fields it names
    const before = await getSettings(t.db);
    const saved = await put({ maxLineQuantity: 4 });
    expect(saved).toMatchObject({ status: 200, body: { ...toSettingsView(before), maxLineQuantity: 4 } });

    const loaderData = { settings: saved.body, subscribers: { items: [], total: 0 }, messages: { items: [], total: 0 } };
    const Stub = createRoutesStub([{ path: "/settings", Component: () => createElement(SettingsPage, { loaderData } as never) }]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/settings"] }));
    expect(html).toContain("Quantity limit per product");
    expect(html).toMatch(/<input[^>]*name="maxLineQuantity"[^>]*value="4"/);

    const context = routerContext(t, { id: admin.id, role: "admin", firstName: "Ada", lastName: "Admin", email: "ada@alafia.ng" });
    const form = new URLSearchParams({
      ...Object.fromEntries(Object.entries(toSettingsView(defaultSettings)).map(([k, v]) => [k, String(v)])),
      vatRate: "7.5",
    });
    form.set("maxLineQuantity", "12");
    await settingsAction({
      request: new Request("http://localhost:3000/settings", { method: "POST", body: form }),
      context,
      params: {},
    } as never);
    expect((await getSettings(t.db)).maxLineQuantity).toBe(12);
    await put({ maxLineQuantity: 10 });
  });
});

describe("how far below the listed price staff may agree a price: PUT /api/settings and the /settings form", () => {
  it("defaults to 20%, takes a whole percent from 0 to 100, and the form shows and saves it", async () => {
    expect((await getSettings(t.db)).staffPriceCutPercent).toBe(20);
    for (const [value, message] of [
      [-1, "Staff price cut cannot be negative"],
      [12.5, "Staff price cut must be a whole number of percent"],
      [101, "Staff price cut must be at most 100%"],
    ] as const)
      expect((await put({ staffPriceCutPercent: value })).body.fields).toEqual({ staffPriceCutPercent: message });
    const before = await getSettings(t.db);
    const saved = await put({ staffPriceCutPercent: 0 });
    expect(saved).toMatchObject({ status: 200, body: { ...toSettingsView(before), staffPriceCutPercent: 0 } });

    const loaderData = { settings: saved.body, subscribers: { items: [], total: 0 }, messages: { items: [], total: 0 } };
    const Stub = createRoutesStub([{ path: "/settings", Component: () => createElement(SettingsPage, { loaderData } as never) }]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/settings"] }));
    expect(html).toContain("Staff may agree prices down to (% below listed)");
    expect(html).toMatch(/<input[^>]*name="staffPriceCutPercent"[^>]*value="0"/);

    const context = routerContext(t, { id: admin.id, role: "admin", firstName: "Ada", lastName: "Admin", email: "ada@alafia.ng" });
    const form = new URLSearchParams({
      ...Object.fromEntries(Object.entries(toSettingsView(defaultSettings)).map(([k, v]) => [k, String(v)])),
      vatRate: "7.5",
    });
    form.set("staffPriceCutPercent", "15");
    await settingsAction({
      request: new Request("http://localhost:3000/settings", { method: "POST", body: form }),
      context,
      params: {},
    } as never);
    expect((await getSettings(t.db)).staffPriceCutPercent).toBe(15);
    // a form from before the field keeps it
    form.delete("staffPriceCutPercent");
    await settingsAction({
      request: new Request("http://localhost:3000/settings", { method: "POST", body: form }),
      context,
      params: {},
    } as never);
    expect((await getSettings(t.db)).staffPriceCutPercent).toBe(15);
    await put({ staffPriceCutPercent: 20 });
  });
});

describe("status-change mails", () => {
  it("carry the shop's contact email and phone from /settings", async () => {
    expect((await put({ shopName: "Alafia Studio", contactEmail: "care@alafia.ng", contactPhone: "+234 809 000 1111" })).status).toBe(200);
    const buyer = await createUser(t.db, { email: "mail.me@example.ng" });
    const order = await createPurchase(t.db, buyer, [{ product: await createProduct(t.db), quantity: 1 }]);
    const res = await t.request(`/api/purchases/${order.id}/status`, { method: "PATCH", as: admin, json: { status: "processing" } });
    expect(res.status).toBe(200);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, "mail.me@example.ng"), eq(mailOutbox.kind, "order_processing")));
    expect(mail!.text).toContain("Questions? Write to care@alafia.ng or call +234 809 000 1111.");
    expect(mail!.text).toMatch(/With care,\nAlafia Studio$/);
  });
});
