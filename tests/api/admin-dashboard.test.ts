import { eq, sql } from "drizzle-orm";
import { purchases, refunds } from "../../db/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { searchUsers } from "../../modules/accounts/user-list.server";
import { dashboardStats, monthStart } from "../../modules/reports/dashboard.server";
import { listAdminProducts } from "../../modules/catalog/admin-products.server";
import { BROAD_SEARCH, listAdminPurchases } from "../../modules/orders/admin-list.server";
import { createAdminUser, createCategory, createProduct, createPurchase, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});

describe("dashboard figures", () => {
  it("counts paid revenue, orders, new customers and average order value of this month, and 30 days of sales", async () => {
    const now = new Date("2026-11-20T12:00:00Z");
    const buyer = await createUser(t.db, { createdAt: new Date("2026-11-02T10:00:00Z") });
    await createUser(t.db, { createdAt: new Date("2026-10-02T10:00:00Z") });
    await createAdminUser(t.db, { createdAt: new Date("2026-11-03T10:00:00Z") });
    const product = await createProduct(t.db, { priceKobo: 1_000_000 });
    const paid = { totalKobo: 1_000_000 };
    await createPurchase(t.db, buyer, [{ product, quantity: 1 }], {
      ...paid,
      status: "completed",
      createdAt: new Date("2026-11-19T09:00:00Z"),
    });
    await createPurchase(t.db, buyer, [{ product, quantity: 1 }], {
      totalKobo: 2_000_000,
      status: "shipped",
      createdAt: new Date("2026-11-05T09:00:00Z"),
    });
    await createPurchase(t.db, buyer, [{ product, quantity: 1 }], {
      ...paid,
      status: "pending",
      createdAt: new Date("2026-11-18T09:00:00Z"),
    });
    const lastMonth = await createPurchase(t.db, buyer, [{ product, quantity: 1 }], {
      ...paid,
      status: "completed",
      createdAt: new Date("2026-10-25T09:00:00Z"),
    });
    // given back this month: a processed refund and one on its way; a failed one, and one of last month, are not
    const refund = (amountKobo: number, status: "pending" | "processed" | "failed", createdAt: string, n: number) => ({
      purchaseId: lastMonth.id,
      amountKobo,
      status,
      provider: "manual",
      reference: `RFD-dashboard-${n}`,
      createdAt: new Date(createdAt),
    });
    await t.db
      .insert(refunds)
      .values([
        refund(300_000, "processed", "2026-11-10T09:00:00Z", 1),
        refund(100_000, "pending", "2026-11-20T11:00:00Z", 2),
        refund(500_000, "failed", "2026-11-11T09:00:00Z", 3),
        refund(200_000, "processed", "2026-10-28T09:00:00Z", 4),
      ]);
    const stats = await dashboardStats(t.db, now);
    expect(stats).toMatchObject({ revenue: 30_000, refunded: 4_000, orders: 2, newCustomers: 1, averageOrderValue: 15_000 });
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily.at(-1)!.day).toBe("2026-11-20");
    expect(stats.daily.find((d) => d.day === "2026-11-19")).toMatchObject({ revenue: 10_000, orders: 1 });
    expect(stats.daily.find((d) => d.day === "2026-10-25")).toMatchObject({ revenue: 10_000, orders: 1 });
    expect(stats.daily.find((d) => d.day === "2026-11-18")).toMatchObject({ revenue: 0, orders: 0 });
  });

  it("counts a sale in the month and on the day it was paid, not the day it was ordered", async () => {
    // a month of its own, far from the other tests' orders
    const now = new Date("2035-03-20T12:00:00Z");
    const buyer = await createUser(t.db);
    const product = await createProduct(t.db);
    // ordered in February, paid on 2 March: March's sale
    await createPurchase(t.db, buyer, [{ product, quantity: 1 }], {
      totalKobo: 3_000_000,
      status: "completed",
      createdAt: new Date("2035-02-26T09:00:00Z"),
      paidAt: new Date("2035-03-02T09:00:00Z"),
    });
    // ordered in March, not paid yet: no sale
    await createPurchase(t.db, buyer, [{ product, quantity: 1 }], {
      totalKobo: 5_000_000,
      status: "pending",
      createdAt: new Date("2035-03-10T09:00:00Z"),
    });
    const stats = await dashboardStats(t.db, now);
    expect(stats).toMatchObject({ revenue: 30_000, orders: 1, averageOrderValue: 30_000 });
    expect(stats.daily.find((d) => d.day === "2035-03-02")).toMatchObject({ revenue: 30_000, orders: 1 });
    expect(stats.daily.find((d) => d.day === "2035-02-26")).toMatchObject({ revenue: 0, orders: 0 });
  });

  it("starts the month at midnight in Lagos", () => {
    expect(monthStart(new Date("2026-11-30T23:30:00Z")).toISOString()).toBe("2026-11-30T23:00:00.000Z");
    expect(monthStart(new Date("2026-11-15T00:00:00Z")).toISOString()).toBe("2026-10-31T23:00:00.000Z");
  });

  it("counts as refunded only what went back of sales: money paid over a total and sent back was never a sale", async () => {
    // a month of its own, after the other tests' (a month's figures count what was paid since it began)
    const now = new Date("2036-05-20T12:00:00Z");
    const buyer = await createUser(t.db);
    const product = await createProduct(t.db, { priceKobo: 1_000_000 });
    // ₦10,000 due, ₦15,000 arrived (a transfer of the wrong amount): ₦5,000 over
    const overpaid = (paidAt: string) =>
      createPurchase(t.db, buyer, [{ product, quantity: 1 }], {
        totalKobo: 1_000_000,
        paidAmountKobo: 1_500_000,
        status: "completed",
        createdAt: new Date(paidAt),
        paidAt: new Date(paidAt),
      });
    const [thisMonth, lastMonth] = [await overpaid("2036-05-02T09:00:00Z"), await overpaid("2036-04-10T09:00:00Z")];
    const refund = (purchaseId: string, amountKobo: number, createdAt: string, n: number) => ({
      purchaseId,
      amountKobo,
      status: "processed" as const,
      provider: "manual",
      reference: `RFD-overpaid-${n}`,
      createdAt: new Date(createdAt),
    });
    // this month's order: the ₦5,000 over goes back, then ₦2,000 of the sale
    await t.db.insert(refunds).values([refund(thisMonth.id, 500_000, "2036-05-03T09:00:00Z", 1)]);
    expect((await dashboardStats(t.db, now)).refunded).toBe(0);
    await t.db.insert(refunds).values([refund(thisMonth.id, 200_000, "2036-05-04T09:00:00Z", 2)]);
    expect((await dashboardStats(t.db, now)).refunded).toBe(2_000);
    // last month's order: its ₦5,000 over went back last month, ₦3,000 of its sale this month
    await t.db
      .insert(refunds)
      .values([refund(lastMonth.id, 500_000, "2036-04-11T09:00:00Z", 3), refund(lastMonth.id, 300_000, "2036-05-05T09:00:00Z", 4)]);
    expect((await dashboardStats(t.db, now)).refunded).toBe(5_000);
    // and last month's figures saw none of it: only its overpayment went back then
    expect((await dashboardStats(t.db, new Date("2036-04-30T12:00:00Z"))).refunded).toBe(0);
  });
});

describe("admin lists", () => {
  it("searches users by name, email or phone and lists only admins for the team", async () => {
    await createUser(t.db, { firstName: "Oluwaseun", email: "seun@find.ng", phone: "08099990000" });
    await createAdminUser(t.db, { firstName: "Teamlead", email: "lead@find.ng" });
    expect((await searchUsers(t.db, { q: "oluwa" })).items.map((u) => u.email)).toEqual(["seun@find.ng"]);
    expect((await searchUsers(t.db, { q: "0809999" })).total).toBe(1);
    expect((await searchUsers(t.db, { q: "find.ng", role: "admin" })).items.map((u) => u.email)).toEqual(["lead@find.ng"]);
  });

  it("searches products by title or category name, filters by createdAt day, 4 per page", async () => {
    const cat = await createCategory(t.db, { name: "Zen Corner" });
    for (let i = 0; i < 5; i++)
      await createProduct(t.db, { categoryId: cat.id, title: `Item ${i}`, createdAt: new Date(`2026-02-0${i + 1}T12:00:00Z`) });
    const byCategory = await listAdminProducts(t.db, { q: "zen corner" });
    expect(byCategory.total).toBe(5);
    expect(byCategory.items).toHaveLength(4);
    expect((await listAdminProducts(t.db, { q: "zen", from: "2026-02-02", to: "2026-02-03" })).total).toBe(2);
  });

  it("counts a broad purchases search exactly and pages it newest first, like a rare one", async () => {
    const buyer = await createUser(t.db, { firstName: "Capper", email: "cap@cap.ng" });
    const product = await createProduct(t.db);
    await createPurchase(t.db, buyer, [{ product, quantity: 1 }], { createdAt: new Date("2026-01-01T10:00:00Z") });
    expect((await listAdminPurchases(t.db, { q: "capper" })).total).toBe(1);
    const wide = BROAD_SEARCH + 5;
    await t.db
      .execute(sql`insert into purchases (first_name, email, phone, street, city, state, address, subtotal_kobo, vat_kobo, delivery_kobo, total_kobo, payment_provider, reference, created_at)
      select 'Capper', 'cap' || g || '@cap.ng', '080', 's', 'c', 'Lagos', 'a', 100, 8, 0, 108, 'sandbox', 'CAP-' || g, timestamptz '2026-02-01 10:00+00' + g * interval '1 minute'
      from generate_series(1, ${wide}) g`);
    const first = await listAdminPurchases(t.db, { q: "CAPPER" });
    expect(first.total).toBe(wide + 1);
    expect(first.items.map((p) => p.email)).toEqual([wide, wide - 1, wide - 2, wide - 3, wide - 4].map((g) => `cap${g}@cap.ng`));
    const last = await listAdminPurchases(t.db, { q: "capper", page: Math.ceil((wide + 1) / 5) });
    expect(last.items.map((p) => p.email)).toEqual(["cap@cap.ng"]);
    expect((await listAdminPurchases(t.db, { q: "capper", sort: "oldest" })).items[0]!.email).toBe("cap@cap.ng");
    expect((await listAdminPurchases(t.db, { q: "capper", page: 10_000 })).items).toEqual([]);
  });

  it("a search sees every later change of a purchase: status, name, deletion", async () => {
    const buyer = await createUser(t.db, { firstName: "Ireti", email: "ireti@sync.ng" });
    const product = await createProduct(t.db);
    const order = await createPurchase(t.db, buyer, [{ product, quantity: 1 }], { status: "completed" });
    expect((await listAdminPurchases(t.db, { q: "ireti", status: "completed" })).total).toBe(1);
    await t.db.update(purchases).set({ status: "shipped", firstName: "Iretiola" }).where(eq(purchases.id, order.id));
    expect((await listAdminPurchases(t.db, { q: "ireti", status: "completed" })).total).toBe(0);
    expect((await listAdminPurchases(t.db, { q: "iretiola", status: "shipped" })).items.map((p) => p.id)).toEqual([order.id]);
    await t.db.delete(purchases).where(eq(purchases.id, order.id));
    expect((await listAdminPurchases(t.db, { q: "ireti" })).total).toBe(0);
  });
});
