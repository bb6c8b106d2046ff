// 'Deliveries for <date>' and gift orders (docs/product.md "Delivery on a chosen date", "Gift
// orders"): a gift goes on the run sheet under its recipient's name and phone with the card's
// message, and 'Gifts due tomorrow' lists only the gifts of that day.
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, lagosNow } from "../../lib/lagos-calendar";
import { deliveriesFor } from "../../modules/orders/deliveries.server";
import { createAdminUser, createProduct, createPurchase, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
const tomorrow = addDays(lagosNow(new Date()).date, 1);

beforeAll(async () => {
  t = await createPagesContext();
  const buyer = await createUser(t.db, { firstName: "Ada", lastName: "Obi", phone: "+2348031112222", lga: "Yaba" });
  const product = await createProduct(t.db, { title: "Calm Kit", stock: 20 });
  await createPurchase(t.db, buyer, [{ product, quantity: 1 }], { deliveryDate: tomorrow, lga: "Yaba" });
  await createPurchase(t.db, buyer, [{ product, quantity: 2 }], {
    deliveryDate: tomorrow,
    lga: "Ikeja",
    isGift: true,
    recipientName: "Kemi Bello",
    recipientPhone: "+2348059998888",
    giftMessage: "Happy birthday, sis!",
  });
  await createPurchase(t.db, buyer, [{ product, quantity: 1 }], {
    deliveryDate: tomorrow,
    lga: "Ikeja",
    isGift: true,
    anonymousSender: true,
    recipientName: "Tola Ade",
    recipientPhone: "+2348027776666",
  });
  // another day's gift is not tomorrow's
  await createPurchase(t.db, buyer, [{ product, quantity: 1 }], {
    deliveryDate: addDays(tomorrow, 1),
    lga: "Ikeja",
    isGift: true,
    recipientName: "Later",
  });
}, 120_000);

describe("gift orders on the run sheet", () => {
  it("go to the recipient, with the card's message and who it is from (or 'Anonymous')", async () => {
    const sheet = await deliveriesFor(t.db, tomorrow);
    expect(sheet.total).toBe(3);
    const rows = sheet.areas.flatMap((a) => a.rows);
    expect(rows.map((r) => [r.name, r.phone, r.gift])).toEqual(
      expect.arrayContaining([
        ["Ada Obi", "+234 803 111 2222", null],
        ["Kemi Bello", "+234 805 999 8888", { message: "Happy birthday, sis!", from: "Ada Obi" }],
        ["Tola Ade", "+234 802 777 6666", { message: null, from: "Anonymous" }],
      ]),
    );
  });

  it("'Gifts due tomorrow' lists tomorrow's gifts only, and the page links to it", async () => {
    const gifts = await deliveriesFor(t.db, tomorrow, { giftsOnly: true });
    expect(gifts.areas.flatMap((a) => a.rows.map((r) => r.name)).sort()).toEqual(["Kemi Bello", "Tola Ade"]);
    const admin = await createAdminUser(t.db);
    const page = await (await t.page("/deliveries", { as: admin })).text();
    expect(page).toContain(`href="/deliveries?date=${tomorrow}&amp;gifts=1"`);
    const giftPage = await (await t.page(`/deliveries?date=${tomorrow}&gifts=1`, { as: admin })).text();
    expect(giftPage).toContain("2 gifts in 1 area.");
    expect(giftPage).toContain("Happy birthday, sis!");
    expect(giftPage).not.toContain("Ada Obi</span>");
  }, 60_000);
});
