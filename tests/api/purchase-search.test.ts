import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { paymentAttempts, purchases } from "../../db/schema";
import { createAdminUser, createProduct, createPurchase, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

// /purchasetable and GET /api/purchases: what the owner is given over the phone or in a chat
// finds the order it names, and only that one (docs/product.md, the back office's /purchasetable).

let t: TestContext;
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createTestContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
});

const found = async (q: string) => {
  const res = await t.request(`/api/purchases?q=${encodeURIComponent(q)}&pageSize=100`, { as: admin });
  expect(res.status, q).toBe(200);
  const ids = ((await res.json()) as { id: string }[]).map((p) => p.id);
  expect(res.headers.get("X-Total-Count"), q).toBe(String(ids.length));
  return ids;
};

type Purchase = Awaited<ReturnType<typeof createPurchase>>;

describe("GET /api/purchases: what a customer quotes finds her order", () => {
  // two buyers, one order each, and a gift the second sends to a third woman
  let mine: Purchase, hers: Purchase, gift: Purchase;
  beforeAll(async () => {
    const product = await createProduct(t.db);
    const ngozi = await createUser(t.db, { firstName: "Ngozi", lastName: "Eze", email: "ngozi@search.ng" });
    const bola = await createUser(t.db, { firstName: "Bola", lastName: "Ade", email: "bola@search.ng" });
    mine = await createPurchase(t.db, ngozi, [{ product, quantity: 1 }], { phone: "+2348031110001" });
    hers = await createPurchase(t.db, bola, [{ product, quantity: 1 }], { phone: "+2348031110002" });
    gift = await createPurchase(t.db, bola, [{ product, quantity: 1 }], {
      phone: "+2348031110002",
      isGift: true,
      recipientName: "Temitope Bakare",
      recipientPhone: "+2348094445566",
    });
  });

  it("the 8-character order number of her mails and receipt, with or without '#', in any case", async () => {
    const number = mine.id.slice(0, 8);
    for (const q of [`#${number}`, number, number.toUpperCase(), `#${number.toUpperCase()}`, ` #${number} `])
      expect(await found(q), q).toEqual([mine.id]);
    expect(await found(`#${hers.id.slice(0, 8)}`)).toEqual([hers.id]);
    // a part of the number, or a longer string, is not an order number
    expect(await found(`#${number.slice(0, 7)}`)).toEqual([]);
    expect(await found(`#${number}0`)).toEqual([]);
    // the CSV is the list's search too
    const csv = await (await t.request(`/api/purchases/export.csv?q=${encodeURIComponent(`#${number}`)}`, { as: admin })).text();
    const rows = csv.trim().split("\r\n").slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(mine.id);
  });

  it("its payment reference, the checkout's or a later attempt's, exactly", async () => {
    expect(await found(mine.reference)).toEqual([mine.id]);
    expect(await found(hers.reference)).toEqual([hers.id]);
    // a fresh payment (a pay link, a reminder's link) has its own reference, the one Paystack shows her
    const later = `ALF-${crypto.randomUUID()}`;
    await t.db.insert(paymentAttempts).values({ purchaseId: hers.id, reference: later, provider: "paystack", amountKobo: hers.totalKobo });
    expect(await found(later)).toEqual([hers.id]);
    // exact: a part of a reference is no reference (every one starts with ALF-)
    expect(await found(mine.reference.slice(0, 12))).toEqual([]);
    expect(await found("ALF-")).toEqual([]);
  });

  it("a gift's recipient, by her name or her number typed any way", async () => {
    for (const q of ["Temitope Bakare", "bakare", "0809 444 5566", "+234 809 444 5566", "08094445566"])
      expect(await found(q), q).toEqual([gift.id]);
  });

  it("a gift follows a changed recipient", async () => {
    const buyer = await createUser(t.db, { email: "sender@search.ng" });
    const other = await createPurchase(t.db, buyer, [{ product: await createProduct(t.db), quantity: 1 }], {
      isGift: true,
      recipientName: "Ireti Lawal",
      recipientPhone: "+2348095556677",
    });
    expect(await found("Ireti Lawal")).toEqual([other.id]);
    await t.db.update(purchases).set({ recipientPhone: "+2347012223344", recipientName: "Ireti Okafor" }).where(eq(purchases.id, other.id));
    expect(await found("0809 555 6677")).toEqual([]);
    expect(await found("lawal")).toEqual([]);
    expect(await found("0701 222 3344")).toEqual([other.id]);
    expect(await found("ireti okafor")).toEqual([other.id]);
  });

  it("one customer's number, reference or name never lists another's order", async () => {
    const ngozi = await createUser(t.db, { firstName: "Ngozi", email: "ngozi.second@search.ng" });
    await createPurchase(t.db, ngozi, [{ product: await createProduct(t.db), quantity: 1 }], { phone: "+2348037778888" });
    expect(await found(`#${mine.id.slice(0, 8)}`)).toEqual([mine.id]);
    expect(await found(mine.reference)).toEqual([mine.id]);
    expect(await found("0803 111 0001")).toEqual([mine.id]);
    expect(await found(mine.email)).toEqual([mine.id]);
    // the buyer of the gift finds both her orders; the recipient finds the gift alone
    expect((await found(hers.email)).sort()).toEqual([hers.id, gift.id].sort());
    expect(await found("temitope")).toEqual([gift.id]);
  });
});

describe("GET /api/purchases: the Discount column", () => {
  it("an order whose only discount is a code is discounted, in the list as in the CSV", async () => {
    const buyer = await createUser(t.db, { email: "coded@discount.ng" });
    const product = await createProduct(t.db);
    const coded = await createPurchase(t.db, buyer, [{ product, quantity: 1 }], { discountCode: "WELCOME10", codeDiscountKobo: 50_000 });
    const sale = await createPurchase(t.db, buyer, [{ product, quantity: 1 }], { savedKobo: 20_000 });
    const plain = await createPurchase(t.db, buyer, [{ product, quantity: 1 }]);
    const rows: { id: string; discounted: boolean; discount: number }[] = await (
      await t.request(`/api/purchases?q=${encodeURIComponent(buyer.email)}`, { as: admin })
    ).json();
    const listed = Object.fromEntries(rows.map((r) => [r.id, r.discounted]));
    expect(listed).toEqual({ [coded.id]: true, [sale.id]: true, [plain.id]: false });
    // `discount` keeps its meaning everywhere: the naira saved by sale prices
    expect(rows.find((r) => r.id === coded.id)!.discount).toBe(0);
    const csv = await (await t.request(`/api/purchases/export.csv?q=${encodeURIComponent(buyer.email)}`, { as: admin })).text();
    const exported = Object.fromEntries(
      csv
        .trim()
        .split("\r\n")
        .slice(1)
        .map((line) => [JSON.parse(line.split(",")[0]!), line.includes('"Discounted"')]),
    );
    expect(exported).toEqual(listed);
  });
});
