import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deliveryRates, discountCodes, products, refunds, users } from "../../db/schema";
import { createAdminUser, createCategory, createProduct, createPurchase, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

// A form sent before its page's script has run (a slow phone on mobile data) is a plain post; when
// the server refuses it, it draws the page again. That page keeps everything that was typed and
// chosen, never a password, and says what was wrong (docs/product.md §4 "Forms").
let t: PagesContext;
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createPagesContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
});

const form = (fields: [string, string][] | Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});
/** a page's markup as drawn, without its scripts (the answer is in the hydration data too) */
const drawn = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "").replace(/<script\b[\s\S]*?<\/script>/g, "");
/** the page drawn again for a refused post, as text */
async function refused(
  path: string,
  fields: [string, string][] | Record<string, string>,
  as: { id: string; role: "admin" | "customer" } = admin,
) {
  const res = await t.page(path, { ...form(fields), as });
  expect([400, 409]).toContain(res.status);
  return drawn(res);
}
/** the page's controls named `name`, as their tags */
const controls = (html: string, name: string) =>
  [...html.matchAll(/<(?:input|select|textarea)\b[^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(` name="${name}"`));
const attr = (tag: string | undefined, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(tag ?? "")?.[1];
const valueOf = (html: string, name: string) => attr(controls(html, name)[0], "value");
const textOf = (html: string, name: string) => new RegExp(`<textarea[^>]*name="${name}"[^>]*>([^<]*)</textarea>`).exec(html)?.[1];
/** the box named `name` with this value (a box without one sends "on") is ticked */
const ticked = (html: string, name: string, value = "on") =>
  controls(html, name).some((tag) => (attr(tag, "value") ?? "on") === value && tag.includes(' checked=""'));
/** the options chosen in the select named `name`: their values, or their text when they have none */
function chosen(html: string, name: string) {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option(?: value="([^"]*)")? selected="">([^<]*)/g)].map((m) => m[1] ?? m[2]);
}

describe("a refused back-office form comes back as it was sent", () => {
  it("/createproduct: every field, the category and the stock, with the field's message", async () => {
    const category = await createCategory(t.db);
    const html = await refused("/createproduct", {
      title: "Lavender gratitude journal",
      price: "5000",
      discount: "6000",
      description: "Lined pages\nfor evening notes",
      categoryId: category.id,
      color: "Lilac",
      size: "M",
      trackStock: "true",
      stock: "7",
    });
    expect(html).toContain("Discount must be below the price");
    // the browser opens the page on the field to fix: the only one marked autofocus
    expect(controls(html, "discount")[0]).toContain('autofocus=""');
    expect(html.match(/autofocus=""/g)).toHaveLength(1);
    expect([valueOf(html, "title"), valueOf(html, "price"), valueOf(html, "discount"), valueOf(html, "color")]).toEqual([
      "Lavender gratitude journal",
      "5000",
      "6000",
      "Lilac",
    ]);
    expect(textOf(html, "description")).toBe("Lined pages\nfor evening notes");
    expect(chosen(html, "categoryId")).toEqual([category.id]);
    expect(chosen(html, "size")).toEqual(["M"]);
    expect(ticked(html, "trackStock", "true")).toBe(true);
    expect(valueOf(html, "stock")).toBe("7");
    expect(await t.db.select().from(products).where(eq(products.title, "Lavender gratitude journal"))).toEqual([]);
  });

  it("/editproduct/{id}: what was typed over the product's values, and the stock as it was first loaded", async () => {
    const product = await createProduct(t.db, { title: "Oat bath soak", priceKobo: 800_000, stock: 8 });
    const html = await refused(`/editproduct/${product.id}`, {
      title: "Oat and honey bath soak",
      price: "9000",
      discount: "9500",
      description: product.description,
      categoryId: product.categoryId,
      color: "",
      size: "",
      trackStock: "false",
      stockAsLoaded: "true:8",
    });
    expect([valueOf(html, "title"), valueOf(html, "price"), valueOf(html, "discount")]).toEqual([
      "Oat and honey bath soak",
      "9000",
      "9500",
    ]);
    // she switched stock tracking off: it stays off, and the stock she loaded is still the one compared on the next save
    expect(ticked(html, "trackStock", "true")).toBe(false);
    expect(valueOf(html, "stockAsLoaded")).toBe("true:8");
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect([row!.title, row!.priceKobo, row!.stock]).toEqual(["Oat bath soak", 800_000, 8]);
  });

  it("/createcategory and /createpost keep the name, the title and the text", async () => {
    const taken = await createCategory(t.db, { name: "Gratitude journals" });
    const category = await refused("/createcategory", { name: taken.name });
    expect(valueOf(category, "name")).toBe("Gratitude journals");

    const post = await refused("/createpost", { title: "Rest is productive", heading: "", text: "Three habits\n\nfor slow Sundays" });
    expect(valueOf(post, "title")).toBe("Rest is productive");
    expect(textOf(post, "text")).toBe("Three habits\n\nfor slow Sundays");
  });

  it("/createlga keeps the area, its charge and its delivery dates", async () => {
    const html = await refused("/createlga", {
      lga: "Eti-Osa",
      deliveryCharge: "2550",
      dateMode: "required",
      leadDays: "2",
      cutoffHour: "14",
      dailyCapacity: "30",
    });
    expect(html).toContain("Delivery Charge must be in steps of ₦100");
    for (const [name, value] of [
      ["lga", "Eti-Osa"],
      ["deliveryCharge", "2550"],
      ["leadDays", "2"],
      ["cutoffHour", "14"],
      ["dailyCapacity", "30"],
    ] as const)
      expect(valueOf(html, name), name).toBe(value);
    expect(chosen(html, "dateMode")).toEqual(["required"]);
    expect(await t.db.select().from(deliveryRates).where(eq(deliveryRates.lga, "Eti-Osa"))).toEqual([]);
  });

  it("/creatediscount keeps the kind, the figures, the chosen products and the pause", async () => {
    const one = await createProduct(t.db, { title: "Self-care cards" });
    await createProduct(t.db, { title: "Desk calendar" });
    const html = await refused("/creatediscount", [
      ["code", "TREAT150"],
      ["kind", "percent"],
      ["percent", "150"],
      ["minOrder", "10000"],
      ["maxUses", "50"],
      ["maxUsesPerCustomer", "1"],
      ["startsAt", "2027-02-10T09:00"],
      ["endsAt", "2027-02-15T23:00"],
      ["productIds", one.id],
      ["paused", "on"],
    ]);
    expect(chosen(html, "kind")).toEqual(["percent"]);
    expect([valueOf(html, "code"), valueOf(html, "percent"), valueOf(html, "minOrder"), valueOf(html, "maxUses")]).toEqual([
      "TREAT150",
      "150",
      "10000",
      "50",
    ]);
    expect([valueOf(html, "startsAt"), valueOf(html, "endsAt")]).toEqual(["2027-02-10T09:00", "2027-02-15T23:00"]);
    expect(chosen(html, "productIds")).toEqual([one.id]);
    expect(ticked(html, "paused")).toBe(true);
    expect(await t.db.select().from(discountCodes).where(eq(discountCodes.code, "TREAT150"))).toEqual([]);
  });

  it("/settings and /paymentsettings keep every field, boxes unticked included", async () => {
    const settings = await refused("/settings", {
      shopName: "Alafia Wellness",
      contactEmail: "hello-at-alafia",
      contactPhone: "0803 111 2222",
      contactAddress: "12 Admiralty Way, Lekki",
      giftAddressForBuyer: "full",
      maxLineQuantity: "12",
    });
    expect([valueOf(settings, "shopName"), valueOf(settings, "contactEmail"), valueOf(settings, "maxLineQuantity")]).toEqual([
      "Alafia Wellness",
      "hello-at-alafia",
      "12",
    ]);
    expect(chosen(settings, "giftAddressForBuyer")).toEqual(["full"]);

    // bank transfer on without an account number: refused; her ticks and the figures she typed stay
    const payments = await refused("/paymentsettings", [
      ["paymentChannels", "card"],
      ["paymentChannels", "ussd"],
      ["transferEnabled", "on"],
      ["bankName", "GTBank"],
      ["accountName", "Alafia Wellness Ltd"],
      ["accountNumber", ""],
      ["transferHours", "12"],
      ["transferReminderHours", "3"],
      ["podMaxOrder", "75000"],
    ]);
    expect(payments).toContain("Give the bank, account name and account number before offering bank transfer");
    expect(["card", "bank_transfer", "ussd"].map((c) => ticked(payments, "paymentChannels", c))).toEqual([true, false, true]);
    expect([ticked(payments, "transferEnabled"), ticked(payments, "podEnabled")]).toEqual([true, false]);
    expect([valueOf(payments, "bankName"), valueOf(payments, "transferHours"), valueOf(payments, "podMaxOrder")]).toEqual([
      "GTBank",
      "12",
      "75000",
    ]);
  });

  it("/adminregister keeps the new member's details and role, never the password", async () => {
    const password = "Sunrise-2026-team";
    const html = await refused("/adminregister", {
      firstName: "Ifeoma",
      lastName: "Okafor",
      email: "ifeoma-at-alafia",
      phone: "0803 555 0190",
      password,
      role: "admin",
    });
    expect([valueOf(html, "firstName"), valueOf(html, "lastName"), valueOf(html, "email"), valueOf(html, "phone")]).toEqual([
      "Ifeoma",
      "Okafor",
      "ifeoma-at-alafia",
      "0803 555 0190",
    ]);
    expect(ticked(html, "role", "admin")).toBe(true);
    expect(html).not.toContain(password);
    expect(await t.db.select().from(users).where(eq(users.firstName, "Ifeoma"))).toEqual([]);
  });
});

describe("the order page's forms posted before its script ran", () => {
  it("a refused refund says why on the page and keeps the amount and reason typed, not the full amount", async () => {
    const buyer = await createUser(t.db);
    const order = await createPurchase(t.db, buyer, [{ product: await createProduct(t.db, { priceKobo: 1_000_000 }), quantity: 1 }]);
    const html = await refused(`/viewpurchase/${order.id}`, { intent: "refund", amount: "2500.555", reason: "One journal arrived torn" });
    expect(html).toContain("Amount can have at most 2 decimals");
    expect([valueOf(html, "amount"), valueOf(html, "reason")]).toEqual(["2500.555", "One journal arrived torn"]);
    expect(await t.db.select().from(refunds).where(eq(refunds.purchaseId, order.id))).toEqual([]);
  });

  it("a step posted without the script says it was done, at the top of the page", async () => {
    const buyer = await createUser(t.db);
    const order = await createPurchase(t.db, buyer, [{ product: await createProduct(t.db), quantity: 1 }]);
    const res = await t.page(`/viewpurchase/${order.id}`, { ...form({ intent: "status", status: "processing" }), as: admin });
    expect(res.status).toBe(200);
    expect(await drawn(res)).toContain("Order marked processing; the customer has been emailed");
  });
});

describe("the fetcher forms of other screens, posted before the script ran", () => {
  it("/unpaidcheckouts keeps a refused reminder code and says why; /receipt/{id} keeps a refused company and tax number", async () => {
    const code = await refused("/unpaidcheckouts", { intent: "code", secondReminderCode: "NOSUCHCODE" });
    expect(valueOf(code, "secondReminderCode")).toBe("NOSUCHCODE");
    expect(code).toMatch(/id="field-secondReminderCode-error"[^>]*>[^<]+</);

    const buyer = await createUser(t.db);
    const order = await createPurchase(t.db, buyer, [{ product: await createProduct(t.db), quantity: 1 }]);
    const tin = "TIN-".padEnd(45, "7");
    const receipt = await refused(`/receipt/${order.id}`, { intent: "details", companyName: "Adunni Events Ltd", taxNumber: tin });
    expect([valueOf(receipt, "companyName"), valueOf(receipt, "taxNumber")]).toEqual(["Adunni Events Ltd", tin]);
    expect(receipt).toContain("Tax number must be at most 40 characters");
  });
});

describe("a shopper's refused profile", () => {
  it("comes back with what she typed, not her saved details", async () => {
    const shopper = await createUser(t.db, { firstName: "Bisi", phone: "+2348031234567", address: "3 Bode Thomas, Surulere" });
    const html = await refused(
      "/profile",
      // a number with too much on it: refused, at most 30 characters
      {
        firstName: "Bisola",
        lastName: "Ade",
        phone: "0803 123 4567 or 0809 765 4321 after 6",
        lga: "",
        address: "14 Akerele Street, Surulere",
      },
      { id: shopper.id, role: "customer" },
    );
    expect(html).toContain("Phone number must be at most 30 characters");
    expect([valueOf(html, "firstName"), valueOf(html, "phone")]).toEqual(["Bisola", "0803 123 4567 or 0809 765 4321 after 6"]);
    expect(textOf(html, "address")).toBe("14 Akerele Street, Surulere");
    const [row] = await t.db.select().from(users).where(eq(users.id, shopper.id));
    expect([row!.firstName, row!.address]).toEqual(["Bisi", "3 Bode Thomas, Surulere"]);
  });
});
