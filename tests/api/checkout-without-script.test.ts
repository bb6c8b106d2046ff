// The checkout posted before (or without) the page's script (docs/product.md "Guest checkout"): the
// page the server draws again keeps what she typed and chose, prices the area she picked, and a
// button asks the server for the area's delivery, dates and total without placing anything.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { purchases } from "../../db/schema";
import { encodeGuestCart } from "../../app/lib/guest-cart-cookie";
import { createDeliveryRate, createProduct, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
let cartCookie: string;
beforeAll(async () => {
  t = await createPagesContext();
  await createDeliveryRate(t.db, { lga: "Surulere", chargeKobo: 180_000 });
  await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 250_000 });
  const journal = await createProduct(t.db, { title: "Gratitude Journal", priceKobo: 650_000, discountKobo: 0, stock: 20 });
  cartCookie = `guest_cart=${encodeGuestCart([{ productId: journal.id, quantity: 2 }])}`;
});

const typed = {
  attempt: "attempt-without-script-1",
  lga: "Surulere",
  name: "Ngozi Eze",
  email: "ngozi.noscript@example.ng",
  phone: "12345",
  street: "14 Adeniran Ogunsanya Street",
  city: "Surulere",
  deliveryMethod: "express",
  paymentMethod: "online",
  note: "Blue gate & a mango tree",
  saveDetails: "on",
};
const post = (fields: Record<string, string>, cookie = cartCookie) =>
  t.page("/checkout", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
  });
const inputValue = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];
/** the input named `name` (with `value`, for a radio) is drawn ticked */
const checked = (html: string, name: string, value?: string) =>
  (html.match(/<input[^>]*>/g) ?? [])
    .find((tag) => tag.includes(` name="${name}"`) && (!value || tag.includes(` value="${value}"`)))
    ?.includes(' checked=""') ?? false;
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
const ordersOf = async (email: string) => (await t.db.select().from(purchases).where(eq(purchases.email, email))).length;

describe("the checkout without the page's script", () => {
  it("a refused form comes back with what she typed and chose, priced for the area she picked", async () => {
    const refused = await post(typed);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(text(html)).toContain("Enter a Nigerian phone number, like 0803 555 0142");
    expect(inputValue(html, "name")).toBe("Ngozi Eze");
    expect(inputValue(html, "email")).toBe("ngozi.noscript@example.ng");
    expect(inputValue(html, "phone")).toBe("12345");
    expect(inputValue(html, "street")).toBe("14 Adeniran Ogunsanya Street");
    expect(inputValue(html, "city")).toBe("Surulere");
    expect(html).toMatch(/<textarea[^>]*name="note"[^>]*>Blue gate &amp; a mango tree<\/textarea>/);
    expect(html).toMatch(/<option value="Surulere" selected="">/);
    expect(checked(html, "deliveryMethod", "express")).toBe(true);
    expect(checked(html, "saveDetails")).toBe(true);
    // the total is the server's for Surulere by Express: 2 × ₦6,500, VAT ₦975, ₦1,800 + ₦3,000
    expect(text(html)).toContain("Delivery ₦4,800 · Total ₦18,775");
    expect(await ordersOf(typed.email)).toBe(0);
  });

  it("'Update delivery and total' prices the area she picked and keeps the form, placing nothing", async () => {
    const first = await t.page("/checkout", { headers: { Cookie: cartCookie } });
    const blank = await first.text();
    // for a browser that runs no script: inside <noscript>, so a page whose script starts later does not move
    expect(blank).toMatch(
      /<noscript><button(?=[^>]*name="intent")(?=[^>]*value="price")[^>]*>Update delivery and total<\/button><\/noscript>/,
    );
    expect(text(blank)).toContain("Choose your area to see the delivery charge and your total.");

    const priced = await post({ ...typed, phone: "0803 555 0142", lga: "Ikeja", deliveryMethod: "standard", intent: "price" });
    expect(priced.status).toBe(200);
    const html = await priced.text();
    expect(text(html)).toContain("Delivery ₦2,500 · Total ₦16,475");
    expect(html).toMatch(/<option value="Ikeja" selected="">/);
    expect(inputValue(html, "phone")).toBe("0803 555 0142");
    expect(inputValue(html, "street")).toBe("14 Adeniran Ogunsanya Street");
    // no message, no error: only the page drawn again
    expect(html).not.toContain("Please check the highlighted fields.");
    expect(html).not.toMatch(/aria-invalid="true"/);
    expect(await ordersOf(typed.email)).toBe(0);
  });

  it("a gift's fields and how she pays come back too, and a choice the page does not offer is left out", async () => {
    const refused = await post({
      ...typed,
      phone: "0803 555 0142",
      deliveryMethod: "by-drone",
      paymentMethod: "pay_link",
      isGift: "on",
      recipientName: "Bisi Lawal",
      recipientPhone: "0809 444 5566",
      giftMessage: "For the calmest Sunday.",
      surpriseMode: "on",
      street: "",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(checked(html, "isGift")).toBe(true);
    expect(inputValue(html, "recipientName")).toBe("Bisi Lawal");
    expect(inputValue(html, "recipientPhone")).toBe("0809 444 5566");
    expect(html).toMatch(/<textarea[^>]*name="giftMessage"[^>]*>For the calmest Sunday\.<\/textarea>/);
    expect(checked(html, "surpriseMode")).toBe(true);
    expect(checked(html, "anonymousSender")).toBe(false);
    // an unknown speed is Standard's price, as the page's address would have it
    expect(checked(html, "deliveryMethod", "standard")).toBe(true);
    expect(text(html)).toContain("Delivery ₦1,800");
    expect(checked(html, "paymentMethod", "pay_link")).toBe(true);
  });

  it("a signed-in shopper's name and email stay her account's; what she typed elsewhere comes back", async () => {
    const shopper = await createUser(t.db, { firstName: "Amaka", lastName: "Okafor" });
    const { name: _name, email: _email, saveDetails: _save, ...fields } = typed;
    const refused = await t.page("/checkout", {
      as: { id: shopper.id, role: "customer" },
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...fields, name: "Someone Else" }).toString(),
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(text(html)).toContain("Ordering as Amaka Okafor");
    expect(text(html)).not.toContain("Someone Else");
    expect(inputValue(html, "street")).toBe("14 Adeniran Ogunsanya Street");
  });
});
