import { beforeAll, describe, expect, it } from "vitest";
import { paymentAttempts } from "../../db/schema";
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
  // two buyers, one order each
  let mine: Purchase, hers: Purchase;
  beforeAll(async () => {
    const product = await createProduct(t.db);
    const ngozi = await createUser(t.db, { firstName: "Ngozi", lastName: "Eze", email: "ngozi@search.ng" });
    const bola = await createUser(t.db, { firstName: "Bola", lastName: "Ade", email: "bola@search.ng" });
    mine = await createPurchase(t.db, ngozi, [{ product, quantity: 1 }], { phone: "+2348031110001" });
    hers = await createPurchase(t.db, bola, [{ product, quantity: 1 }], { phone: "+2348031110002" });
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
});
