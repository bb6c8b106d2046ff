// Cost prices and profit (docs/product.md "Cost prices and profit"): the owner sets what a product
// costs the shop; each line sold keeps the cost of its day; the sales report gives the cost and the
// profit by product and category. Staff, shoppers and the storefront never see a cost.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productCosts, products, purchaseItemCosts, purchaseItems } from "../../db/schema";
import { verifyAndComplete } from "../../modules/orders/completion.server";
import { dashboardStats } from "../../modules/reports/dashboard.server";
import { recordSandboxDecision, sandboxProvider } from "../../modules/payments/sandbox.server";
import { createAdminUser, createCategory, createDeliveryRate, createProduct, createStaffUser, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
let owner: { id: string; role: "admin" };
let staff: { id: string; role: "staff" };
let shopper: { id: string; role: "customer" };
beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  owner = { id: (await createAdminUser(t.db)).id, role: "admin" };
  staff = { id: (await createStaffUser(t.db)).id, role: "staff" };
  shopper = { id: (await createUser(t.db)).id, role: "customer" };
  await createDeliveryRate(t.db, { lga: "Surulere", chargeKobo: 250_000 });
});

const setCost = (id: string, cost: unknown, as: { id: string; role: "admin" | "staff" | "customer" } = owner) =>
  t.request(`/api/products/${id}/cost`, { method: "PUT", json: { cost }, as });
const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

/** A guest's order through the real checkout, paid through the sandbox: lines as [product id, quantity]. */
async function paidOrder(lines: [string, number][]) {
  const res = await t.request("/api/purchases/create", {
    method: "POST",
    json: {
      name: "Ada Obi",
      email: `ada.${crypto.randomUUID().slice(0, 8)}@example.ng`,
      phone: "0803 555 0142",
      street: "4 Bode Thomas Street",
      city: "Surulere",
      lga: "surulere",
      lines: lines.map(([productId, quantity]) => ({ productId, quantity })),
    },
  });
  expect(res.status).toBe(201);
  const { purchase } = await res.json();
  await recordSandboxDecision(t.db, purchase.reference, "pay");
  await verifyAndComplete(t.db, sandboxProvider(t.db, t.env.SESSION_SECRET), purchase.reference, { links: t.env });
  return purchase.id as string;
}

describe("PUT /api/products/{id}/cost", () => {
  it("the owner sets, reads and takes away a cost price; bad input is a 400 naming the field and keeps the cost", async () => {
    const product = await createProduct(t.db, { priceKobo: 1_500_000 });
    const saved = await setCost(product.id, 6_000.5);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ productId: product.id, cost: 6_000.5 });
    const read = await t.request(`/api/products/${product.id}/cost`, { as: owner });
    expect((await read.json()).cost).toBe(6_000.5);
    for (const [bad, msg] of [
      [-1, "Cost price cannot be negative"],
      ["abc", "Cost price must be a number"],
      [1.234, "Cost price can have at most 2 decimals"],
      [20_000_000, "Cost price is too high"],
    ] as const) {
      const res = await setCost(product.id, bad);
      expect(res.status).toBe(400);
      expect((await res.json()).fields.cost).toBe(msg);
    }
    const extra = await t.request(`/api/products/${product.id}/cost`, { method: "PUT", json: { cost: 1, price: 1 }, as: owner });
    expect(extra.status).toBe(400);
    expect((await t.db.select().from(productCosts).where(eq(productCosts.productId, product.id)))[0]!.costKobo).toBe(600_050);
    // null (or a blank form field) takes it away
    expect((await (await setCost(product.id, null)).json()).cost).toBeNull();
    expect(await t.db.select().from(productCosts).where(eq(productCosts.productId, product.id))).toEqual([]);
    const unknown = await setCost(crypto.randomUUID(), 100);
    expect(unknown.status).toBe(404);
  });

  it("is the owner's alone: staff and shoppers are refused, and no product read carries a cost", async () => {
    const product = await createProduct(t.db, { title: "Lavender eye pillow", priceKobo: 1_200_000 });
    await setCost(product.id, 4_321);
    for (const as of [staff, shopper]) {
      const put = await setCost(product.id, 1, as);
      expect(put.status).toBe(403);
      expect((await t.request(`/api/products/${product.id}/cost`, { as })).status).toBe(403);
    }
    expect((await t.request(`/api/products/${product.id}/cost`)).status).toBe(401);
    expect((await t.request(`/api/products/${product.id}/cost`, { method: "PUT", json: { cost: 1 } })).status).toBe(401);
    // the cost is unchanged, and the storefront's and the staff's reads of the product never name it
    expect((await (await t.request(`/api/products/${product.id}/cost`, { as: owner })).json()).cost).toBe(4_321);
    for (const res of [
      await t.request(`/api/products/${product.id}`),
      await t.request(`/api/products?q=Lavender`),
      await t.page(`/productdetails/${product.id}`),
      await t.page(`/editproduct/${product.id}`, { as: staff }),
      await t.page(`/producttable`, { as: staff }),
    ]) {
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).not.toContain("4321");
      expect(body).not.toContain("4,321");
      expect(body).not.toMatch(/cost price/i);
    }
  });
});

describe("a new product's cost price", () => {
  it("the owner may give it with the new product (API and /createproduct); staff may not, and nothing is made", async () => {
    const category = await createCategory(t.db);
    const fields = { price: 9_000, description: "Rose and oud", categoryId: category.id };
    const made = await t.request("/api/products/create", {
      method: "POST",
      json: { ...fields, title: "Costed Candle", cost: 3_500 },
      as: owner,
    });
    expect(made.status).toBe(201);
    const product = await made.json();
    expect(product).not.toHaveProperty("cost");
    expect((await (await t.request(`/api/products/${product.id}/cost`, { as: owner })).json()).cost).toBe(3_500);

    const titles = async () => (await t.db.select({ title: products.title }).from(products)).map((p) => p.title);
    const byStaff = await t.request("/api/products/create", {
      method: "POST",
      json: { ...fields, title: "Staff Candle", cost: 1 },
      as: staff,
    });
    expect(byStaff.status).toBe(403);
    expect((await byStaff.json()).msg).toBe("Only the shop owner can do this.");
    expect(await titles()).not.toContain("Staff Candle");
    // staff add products as before, with no cost; a blank cost is none
    const plain = await t.request("/api/products/create", {
      method: "POST",
      json: { ...fields, title: "Plain Candle", cost: "" },
      as: staff,
    });
    expect(plain.status).toBe(201);
    expect((await (await t.request(`/api/products/${(await plain.json()).id}/cost`, { as: owner })).json()).cost).toBeNull();
    const bad = await t.request("/api/products/create", { method: "POST", json: { ...fields, title: "Bad Candle", cost: -5 }, as: owner });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields.cost).toBe("Cost price cannot be negative");
    expect(await titles()).not.toContain("Bad Candle");

    // the screen: the owner's form has the field, the staff's has not; the form without its script saves it
    expect(await (await t.page("/createproduct", { as: owner })).text()).toContain('name="cost"');
    expect(await (await t.page("/createproduct", { as: staff })).text()).not.toContain('name="cost"');
    const posted = await t.page("/createproduct", {
      ...form({ title: "Form Candle", price: "8000", discount: "", description: "Cedar", categoryId: category.id, cost: "2500" }),
      as: owner,
    });
    expect([posted.status, posted.headers.get("location")]).toEqual([302, "/producttable"]);
    const [formCandle] = await t.db.select({ id: products.id }).from(products).where(eq(products.title, "Form Candle"));
    expect((await (await t.request(`/api/products/${formCandle!.id}/cost`, { as: owner })).json()).cost).toBe(2_500);
  });
});

describe("the cost of what was sold, and the profit in the sales report", () => {
  it("each line keeps its product's cost when sold; a sale before any cost takes the product's current one", async () => {
    const category = await createCategory(t.db, { name: "Journals for costs" });
    const journal = await createProduct(t.db, { title: "Costed Journal", categoryId: category.id, priceKobo: 1_500_000, discountKobo: 0 });
    const cards = await createProduct(t.db, { title: "Uncosted Cards", categoryId: category.id, priceKobo: 500_000, discountKobo: 0 });
    const candle = await createProduct(t.db, { title: "Late Candle", priceKobo: 1_000_000, discountKobo: 0 });
    // the candle sells before it has a cost
    await paidOrder([[candle.id, 1]]);
    await setCost(journal.id, 6_000);
    const first = await paidOrder([
      [journal.id, 2],
      [cards.id, 1],
    ]);
    // a dearer supplier: the orders placed before keep 6,000
    await setCost(journal.id, 8_000);
    await paidOrder([[journal.id, 1]]);
    await setCost(candle.id, 4_000);
    // an order never paid is no sale
    await t.request("/api/purchases/create", {
      method: "POST",
      json: {
        name: "Bola Ade",
        email: "bola.costs@example.ng",
        phone: "0803 555 0143",
        street: "1 Adeniran Ogunsanya",
        city: "Surulere",
        lga: "surulere",
        lines: [{ productId: journal.id, quantity: 5 }],
      },
    });

    const kept = await t.db
      .select({ title: purchaseItems.title, costKobo: purchaseItemCosts.costKobo })
      .from(purchaseItems)
      .leftJoin(purchaseItemCosts, eq(purchaseItemCosts.purchaseItemId, purchaseItems.id))
      .where(eq(purchaseItems.purchaseId, first));
    expect(kept.sort((a, b) => a.title.localeCompare(b.title))).toEqual([
      { title: "Costed Journal", costKobo: 600_000 },
      { title: "Uncosted Cards", costKobo: null },
    ]);

    const res = await t.request("/api/reports/sales?by=product", { as: owner });
    expect(res.status).toBe(200);
    const report = await res.json();
    const row = (label: string) => report.rows.find((r: { label: string }) => r.label === label);
    // 2 × 6,000 + 1 × 8,000 against 3 × 15,000
    expect(row("Costed Journal")).toMatchObject({ units: 3, sales: 45_000, cost: 20_000, profit: 25_000, unitsWithoutCost: 0 });
    expect(row("Uncosted Cards")).toMatchObject({ units: 1, sales: 5_000, cost: null, profit: null, unitsWithoutCost: 1 });
    expect(row("Late Candle")).toMatchObject({ units: 1, sales: 10_000, cost: 4_000, profit: 6_000, unitsWithoutCost: 0 });
    // 31,000 on 55,000 of goods with a cost: 56 %
    expect(report.totals.profit).toEqual({
      sales: 55_000,
      cost: 24_000,
      profit: 31_000,
      margin: 56,
      unitsWithoutCost: 1,
      expenses: 0,
      afterExpenses: 31_000,
    });

    const byCategory = await (await t.request("/api/reports/sales?by=category", { as: owner })).json();
    expect(byCategory.rows.find((r: { label: string }) => r.label === "Journals for costs")).toMatchObject({
      units: 4,
      sales: 50_000,
      cost: 20_000,
      profit: 25_000,
      unitsWithoutCost: 1,
    });
    expect(byCategory.totals.profit).toEqual(report.totals.profit);
    // an order's groupings have whole order totals: no line costs there
    const byArea = await (await t.request("/api/reports/sales?by=area", { as: owner })).json();
    expect(byArea.rows[0]).not.toHaveProperty("cost");
    expect(byArea.totals).not.toHaveProperty("profit");

    const csv = await (await t.request("/api/reports/sales.csv?by=product", { as: owner })).text();
    const lines = csv.trim().replaceAll('"', "").split(/\r?\n/);
    expect(lines[0]).toContain("Cost (NGN),Profit (NGN),Units without a cost");
    expect(lines.find((l) => l.startsWith("Costed Journal"))).toMatch(/,45000\.00,,,20000\.00,25000\.00,0$/);
    expect(lines.find((l) => l.startsWith("Uncosted Cards"))).toMatch(/,5000\.00,,,,,1$/);
    expect(lines.at(-1)).toMatch(/,24000\.00,31000\.00,1$/);

    // the screen: the columns and the line above them
    const page = (await (await t.page("/reports?by=product", { as: owner })).text()).replaceAll("<!-- -->", "");
    expect(page).toContain(">Cost</th>");
    expect(page).toContain(">Profit</th>");
    expect(page).toContain("No cost price");
    expect(page).toContain(
      "₦31,000</strong> profit on ₦55,000 of goods with a cost price (56% margin), before codes, VAT, delivery and refunds; 1 unit without a cost price, left out.",
    );
    expect(page).toContain('href="/costprices"');
    // days with no sales: the table says so, and there is no profit to speak of
    const empty = await (await t.page("/reports?by=product&from=2020-01-01&to=2020-01-31", { as: owner })).text();
    expect(empty).toContain("No paid orders in these dates");
    expect(empty).not.toContain('data-testid="report-profit"');
  });
});

describe("every product's cost price at once: PUT /api/product-costs and /costprices", () => {
  it("lists those without a cost first and saves several in one go; a deleted product is skipped, a bad one saves none", async () => {
    const [aloe, baobab, cocoa] = await Promise.all(
      ["Bulk Aloe Gel", "Bulk Baobab Oil", "Bulk Cocoa Butter"].map((title) =>
        createProduct(t.db, { title, priceKobo: 1_000_000, discountKobo: 0 }),
      ),
    );
    await setCost(cocoa!.id, 2_000);
    const listed = await t.request("/api/product-costs?q=Bulk", { as: owner });
    expect(listed.headers.get("x-total-count")).toBe("3");
    expect((await listed.json()).map((r: { title: string; cost: number | null }) => [r.title, r.cost])).toEqual([
      ["Bulk Aloe Gel", null],
      ["Bulk Baobab Oil", null],
      ["Bulk Cocoa Butter", 2_000],
    ]);

    const gone = await createProduct(t.db, { title: "Bulk Gone" });
    await t.db.delete(products).where(eq(products.id, gone.id));
    const saved = await t.request("/api/product-costs", {
      method: "PUT",
      as: owner,
      json: {
        costs: [
          { productId: aloe!.id, cost: 3_000 },
          { productId: baobab!.id, cost: 4_000.5 },
          { productId: cocoa!.id, cost: null },
          { productId: gone.id, cost: 1 },
        ],
      },
    });
    expect(await saved.json()).toEqual({ saved: 3, gone: 1 });
    const costOf = async (id: string) => (await (await t.request(`/api/products/${id}/cost`, { as: owner })).json()).cost;
    expect([await costOf(aloe!.id), await costOf(baobab!.id), await costOf(cocoa!.id)]).toEqual([3_000, 4_000.5, null]);

    const bad = await t.request("/api/product-costs", {
      method: "PUT",
      as: owner,
      json: {
        costs: [
          { productId: aloe!.id, cost: 1 },
          { productId: baobab!.id, cost: -1 },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(await costOf(aloe!.id)).toBe(3_000);
    for (const body of [{ costs: [] }, { costs: "x" }, { costs: [{ productId: "42", cost: 1 }] }, {}]) {
      expect((await t.request("/api/product-costs", { method: "PUT", as: owner, json: body })).status).toBe(400);
    }
    expect(
      (await t.request("/api/product-costs", { method: "PUT", as: staff, json: { costs: [{ productId: aloe!.id, cost: 1 }] } })).status,
    ).toBe(403);
    expect(await costOf(aloe!.id)).toBe(3_000);
  });

  it("the screen writes only the boxes she changed, keeps what she typed when one is refused, and is the owner's", async () => {
    const [dew, ember] = await Promise.all(
      ["Screen Dew Mist", "Screen Ember Candle"].map((title) => createProduct(t.db, { title, priceKobo: 800_000, discountKobo: 0 })),
    );
    await setCost(ember!.id, 3_000);
    const html = (await (await t.page("/costprices?q=Screen", { as: owner })).text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`aria-label="Cost price of Screen Dew Mist"`);
    expect(html).toContain("₦5,000 (63%)");
    expect(html.indexOf("Screen Dew Mist")).toBeLessThan(html.indexOf("Screen Ember Candle"));

    // meanwhile another screen sets Ember's cost: the box she left as it was drawn does not write over it
    await setCost(ember!.id, 3_500);
    const posted = await t.page("/costprices?q=Screen", {
      ...form({ [`cost:${dew!.id}`]: "2500", [`was:${dew!.id}`]: "", [`cost:${ember!.id}`]: "3000", [`was:${ember!.id}`]: "3000" }),
      as: owner,
    });
    expect(posted.status).toBe(200);
    expect((await posted.text()).replaceAll("<!-- -->", "")).toContain("1 cost price saved.");
    const costOf = async (id: string) => (await (await t.request(`/api/products/${id}/cost`, { as: owner })).json()).cost;
    expect([await costOf(dew!.id), await costOf(ember!.id)]).toEqual([2_500, 3_500]);

    const refused = await t.page("/costprices?q=Screen", {
      ...form({ [`cost:${dew!.id}`]: "abc", [`was:${dew!.id}`]: "2500", [`cost:${ember!.id}`]: "9000", [`was:${ember!.id}`]: "3500" }),
      as: owner,
    });
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain("Please check the highlighted cost prices.");
    expect(again).toContain("Cost price must be a number");
    expect(again).toMatch(new RegExp(`name="cost:${ember!.id}"[^>]*value="9000"`));
    expect([await costOf(dew!.id), await costOf(ember!.id)]).toEqual([2_500, 3_500]);

    const byStaff = await t.page("/costprices", { as: staff });
    expect(byStaff.status).toBe(403);
    const staffPost = await t.page("/costprices", { ...form({ [`cost:${dew!.id}`]: "1", [`was:${dew!.id}`]: "2500" }), as: staff });
    expect(staffPost.status).toBe(403);
    expect(await costOf(dew!.id)).toBe(2_500);
  });
});

describe("the owner's dashboard", () => {
  it("adds this month's profit on goods and what the tracked stock cost, with what has no cost price", async () => {
    const before = await dashboardStats(t.db);
    const soap = await createProduct(t.db, { title: "Black soap", priceKobo: 1_000_000, discountKobo: 0, stock: 10 });
    const oil = await createProduct(t.db, { title: "Shea oil", priceKobo: 500_000, discountKobo: 0, stock: 5 });
    // stock not tracked: no units to count
    const ebook = await createProduct(t.db, { title: "Journal prompts", priceKobo: 300_000, discountKobo: 0, stock: null });
    await setCost(soap.id, 4_000);
    await setCost(ebook.id, 100);
    await paidOrder([
      [soap.id, 2],
      [oil.id, 1],
    ]);
    const after = await dashboardStats(t.db);
    expect(after.profit - before.profit).toBe(12_000);
    expect(after.unitsWithoutCost - before.unitsWithoutCost).toBe(1);
    // 8 soaps left at 4,000; the oil has no cost
    expect(after.stockAtCost - before.stockAtCost).toBe(32_000);
    expect(after.productsWithoutCost - before.productsWithoutCost).toBe(1);

    const html = (await (await t.page("/dashboard", { as: owner })).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Profit on goods");
    expect(html).toContain("Stock at cost");
    expect(html).toMatch(/\d+ units? without a cost price/);
    expect(await (await t.page("/dashboard", { as: staff })).text()).not.toContain("Stock at cost");
  });

  it("counts costs far above a price without overflowing: a loss, in the report and on the dashboard", async () => {
    const gold = await createProduct(t.db, { title: "Gold-leaf Journal", priceKobo: 100_000, discountKobo: 0, stock: 500 });
    await setCost(gold.id, 10_000_000);
    await paidOrder([[gold.id, 3]]);
    const report = await (await t.request("/api/reports/sales?by=product", { as: owner })).json();
    expect(report.rows.find((r: { label: string }) => r.label === "Gold-leaf Journal")).toMatchObject({
      sales: 3_000,
      cost: 30_000_000,
      profit: -29_997_000,
    });
    const stats = await dashboardStats(t.db);
    expect(stats.stockAtCost).toBeGreaterThanOrEqual(497 * 10_000_000);
  });
});

describe("/editproduct/{id}: the cost price panel", () => {
  it("the owner sees and saves it with its profit a unit; staff never see it, and their post changes nothing", async () => {
    const product = await createProduct(t.db, { priceKobo: 1_500_000, discountKobo: 1_200_000 });
    const path = `/editproduct/${product.id}`;
    const empty = await (await t.page(path, { as: owner })).text();
    expect(empty).toContain('data-testid="cost-price"');
    const saved = await t.page(path, { ...form({ intent: "cost", cost: "7500" }), as: owner });
    expect(saved.status).toBe(200);
    expect((await t.db.select().from(productCosts).where(eq(productCosts.productId, product.id)))[0]!.costKobo).toBe(750_000);
    // sold at its sale price, ₦12,000: ₦4,500 a unit
    const html = await (await t.page(path, { as: owner })).text();
    expect(html).toMatch(/name="cost"[^>]*value="7500"/);
    expect(html).toContain("Sells for ₦12,000: ₦4,500 profit a unit (38%).");

    const refused = await t.page(path, { ...form({ intent: "cost", cost: "abc" }), as: owner });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("Cost price must be a number");
    expect((await t.db.select().from(productCosts).where(eq(productCosts.productId, product.id)))[0]!.costKobo).toBe(750_000);

    const byStaff = await t.page(path, { ...form({ intent: "cost", cost: "1" }), as: staff });
    expect(byStaff.status).toBe(403);
    expect(await byStaff.text()).toContain("Only the shop owner can do this.");
    expect((await t.db.select().from(productCosts).where(eq(productCosts.productId, product.id)))[0]!.costKobo).toBe(750_000);
    expect(await (await t.page(path, { as: staff })).text()).not.toContain('data-testid="cost-price"');

    // a blank field takes it away
    await t.page(path, { ...form({ intent: "cost", cost: "" }), as: owner });
    expect(await t.db.select().from(productCosts).where(eq(productCosts.productId, product.id))).toEqual([]);
  });
});
