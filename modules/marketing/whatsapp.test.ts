import { describe, expect, it } from "vitest";
import { contactLinkFields } from "../settings/contact-link-schemas";
import {
  askOnWhatsAppUrl,
  cartQuestion,
  orderQuestion,
  productQuestion,
  shareMessage,
  shareOnWhatsAppUrl,
  shopOrderPath,
  shopUrl,
} from "./whatsapp";

const text = (url: string) => new URL(url).searchParams.get("text");

describe("Ask on WhatsApp", () => {
  it("opens a chat with the shop's number in wa.me's digits-only form", () => {
    const url = askOnWhatsAppUrl("+2348031234567", "Hi");
    expect(url).toBe("https://wa.me/2348031234567?text=Hi");
  });

  it("names the product with its sale price in naira and its absolute link, encoded for a URL", () => {
    const message = productQuestion("Alafia Self-Care", {
      title: "Journal & Pen: 30 days #1",
      price: 12500.5,
      url: "https://shop.alafia.ng/productdetails/abc",
    });
    expect(message).toBe(
      "Hello Alafia Self-Care, I have a question about Journal & Pen: 30 days #1 (₦12,500.50): https://shop.alafia.ng/productdetails/abc",
    );
    const url = askOnWhatsAppUrl("+2348031234567", message);
    // nothing in the message can end the text parameter or start another
    expect(url.split("?text=")[1]).not.toMatch(/[ &#₦:/]/);
    expect(url).toContain("%26%20Pen%3A%2030%20days%20%231%20(%E2%82%A612%2C500.50)");
    expect(text(url)).toBe(message);
  });

  it("names the order by its number (the first 8 characters of its id), its total and the shop's link to it", () => {
    const id = "0b7e2f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b";
    const message = orderQuestion("Alafia", { id, totalAmount: 30_100, url: shopUrl("https://shop.alafia.ng/", shopOrderPath(id)) });
    expect(message).toBe(`Hello Alafia, I have a question about my order 0b7e2f4a (₦30,100): https://shop.alafia.ng/viewpurchase/${id}`);
    expect(text(askOnWhatsAppUrl("+2348031234567", message))).toBe(message);
  });

  it("lists the cart's products (five at most, the rest counted) one per line", () => {
    const lines = Array.from({ length: 7 }, (_, i) => ({ title: `Card ${i + 1}`, quantity: i + 1, url: `https://a.ng/p/${i + 1}` }));
    const message = cartQuestion("Alafia", lines);
    expect(message.split("\n")).toEqual([
      "Hello Alafia, I have a question about my cart:",
      "- Card 1 x1: https://a.ng/p/1",
      "- Card 2 x2: https://a.ng/p/2",
      "- Card 3 x3: https://a.ng/p/3",
      "- Card 4 x4: https://a.ng/p/4",
      "- Card 5 x5: https://a.ng/p/5",
      "and 2 more items",
    ]);
    expect(askOnWhatsAppUrl("+2348031234567", message)).toContain("%0A-%20Card%202%20x2");
    expect(cartQuestion("Alafia", [])).toBe("Hello Alafia, I have a question about ordering.");
  });
});

describe("Share on WhatsApp", () => {
  it("needs no number: the shopper picks the chat; the title and link are the text", () => {
    const url = shareOnWhatsAppUrl(shareMessage("Rest? Yes & more", "https://shop.alafia.ng/blogdetails/x"));
    expect(url).toBe("https://wa.me/?text=Rest%3F%20Yes%20%26%20more%20https%3A%2F%2Fshop.alafia.ng%2Fblogdetails%2Fx");
  });
});

describe("the settings behind the links", () => {
  it("keep a Nigerian WhatsApp number however it is typed, in +234 form; blank is unset", () => {
    for (const typed of ["0803 123 4567", "+234 803 123 4567", "2348031234567", "803-123-4567"])
      expect(contactLinkFields.whatsappNumber.parse(typed)).toBe("+2348031234567");
    expect(contactLinkFields.whatsappNumber.parse("  ")).toBe("");
    expect(contactLinkFields.whatsappNumber.safeParse("+44 20 7946 0958").success).toBe(false);
    expect(contactLinkFields.whatsappNumber.safeParse("080").success).toBe(false);
  });

  it("take social links as https addresses only", () => {
    expect(contactLinkFields.instagramUrl.parse(" https://www.instagram.com/alafia ")).toBe("https://www.instagram.com/alafia");
    expect(contactLinkFields.xUrl.parse("")).toBe("");
    for (const bad of ["http://x.com/alafia", "javascript:alert(1)", "x.com/alafia", "https://localhost/a", "https://u:p@x.com/"])
      expect(contactLinkFields.xUrl.safeParse(bad).success, bad).toBe(false);
  });
});
