// A shopper's message answered (docs/product.md "Messages"): she writes from /contact on her phone
// and leaves her WhatsApp number; the owner, on hers, sees the count on the back office's menu,
// finds the message in /messages with a WhatsApp reply that opens a chat with that number, and
// marks it read; 'All' then says who read it.
import { describe, expect, it } from "vitest";
import { admin, loginAsAdmin } from "./support/admin";
import { expectAccessible, screenshot, useBrowser, visible } from "./support/browser";
import { adminApi, api, expectNoSidewaysScroll, skipNewsletterPopup, waitForHydration } from "./support/shop";

const browser = useBrowser();
const stamp = Date.now().toString(36).slice(-5);

describe("a shopper's message reaches the owner's inbox", () => {
  it("sent from /contact with a WhatsApp number, it waits in /messages on the owner's phone until she marks it read", async () => {
    const email = `yetunde.${stamp}@example.ng`;
    const shopper = await browser.newPage("phone");
    await skipNewsletterPopup(shopper.context);
    await shopper.page.goto("/contact");
    await waitForHydration(shopper.page);
    await shopper.page.getByLabel("Name", { exact: true }).fill("Yetunde Bakare");
    await shopper.page.getByLabel("Email", { exact: true }).fill(email);
    // a number that is not Nigerian is named before anything is sent
    await shopper.page.getByLabel("WhatsApp number (optional)").fill("12345");
    await shopper.page.getByLabel("Message", { exact: true }).fill("Can I pick up the calm box in Lekki tomorrow?");
    await shopper.page.getByRole("button", { name: "Send Message" }).click();
    await visible(shopper.page.getByText("Enter a Nigerian phone number, like 0803 555 0142"));
    await shopper.page.getByLabel("WhatsApp number (optional)").fill("0803 555 0177");
    await shopper.page.getByRole("button", { name: "Send Message" }).click();
    await visible(shopper.page.getByText(/your message has been sent/i));
    await screenshot(shopper.page, "contact-whatsapp-number-phone");
    await shopper.context.close();

    const owner = await browser.newPage("phone");
    await skipNewsletterPopup(owner.context);
    await loginAsAdmin(owner.page);
    // the menu counts what waits unread
    await owner.page.getByRole("button", { name: "Open admin menu" }).click();
    const link = owner.page.getByRole("link", { name: /^Messages \d+ to answer$/ });
    await visible(link);
    await link.click();
    await owner.page.waitForURL(/\/messages/);
    await admin.search(owner.page, email);
    const card = owner.page.getByTestId("message").filter({ hasText: email });
    await visible(card);
    expect(await card.innerText()).toContain("Can I pick up the calm box in Lekki tomorrow?");
    expect(await card.innerText()).toContain("+234 803 555 0177");
    expect(await card.getByRole("link", { name: "WhatsApp" }).getAttribute("href")).toMatch(
      /^https:\/\/wa\.me\/2348035550177\?text=Hello%20Yetunde/,
    );
    expect(await card.getByRole("link", { name: "Reply by mail" }).getAttribute("href")).toBe(
      `mailto:${email}?subject=${encodeURIComponent("Your message to Alafia Self-Care")}`,
    );
    await expectNoSidewaysScroll(owner.page);
    await expectAccessible(owner.page);
    await screenshot(owner.page, "messages-phone");

    // her question is an order: the order desk opens with her number looked up (a new customer, her number kept)
    await card.getByRole("link", { name: "New order" }).click();
    await owner.page.waitForURL(/\/neworder\?lookup=%2B2348035550177$/);
    await waitForHydration(owner.page);
    await visible(owner.page.getByTestId("new-customer"));
    expect(await owner.page.getByLabel("Phone", { exact: true }).inputValue()).toBe("+2348035550177");
    await owner.page.goBack();
    await owner.page.waitForURL(/\/messages/);
    await waitForHydration(owner.page);

    await card.getByRole("button", { name: "Mark as read" }).click();
    await visible(owner.page.getByText("Marked as read"));
    // the 'Not read' list no longer holds it
    await expect.poll(() => card.count()).toBe(0);
    await owner.page.goto(`/messages?show=all&q=${encodeURIComponent(email)}`);
    const read = owner.page.getByTestId("message").filter({ hasText: email });
    await visible(read.getByText(/^Read by \w+ · /));
    await visible(read.getByRole("button", { name: "Mark as unread" }));
    const signedIn = await owner.context.cookies();
    await owner.context.close();

    const desk = await browser.newPage("desktop");
    await skipNewsletterPopup(desk.context);
    await desk.context.addCookies(signedIn);
    await desk.page.goto(`/messages?show=all&q=${encodeURIComponent(email)}`);
    await visible(desk.page.getByTestId("message").filter({ hasText: email }));
    await screenshot(desk.page, "messages-desktop");
    await desk.context.close();
  });
});

// docs/product.md "Back in stock", by hand: the demo shop shows its WhatsApp number but does not send
// WhatsApp messages itself. A shopper leaves her number on a sold-out product; once the owner
// restocks it, the back-in-stock job hands her to the team, and the owner finds her above the
// messages with a chat ready, and marks her told.
describe("a shopper to tell by hand that a product is back", () => {
  it(
    "leaves her WhatsApp number on a sold-out product; once it is restocked the owner messages her from /messages",
    { timeout: 90_000 },
    async () => {
      const [category] = (await api<{ id: string }[]>("/api/categories")).body;
      const title = `Calm Candle ${stamp}`;
      const product = await adminApi<{ id: string }>("POST", "/api/products/create", {
        title,
        price: 8500,
        description: "Hand-poured soy candle with lavender.",
        categoryId: category!.id,
        stock: 0,
      });
      const shopper = await browser.newPage("phone");
      await skipNewsletterPopup(shopper.context);
      await shopper.page.goto(`/productdetails/${product.id}`);
      await waitForHydration(shopper.page);
      const ask = shopper.page.getByTestId("back-in-stock");
      await ask.getByLabel("Leave your email or WhatsApp number and we will tell you once it is back.").fill("0803 555 0188");
      await ask.getByRole("button", { name: "Tell me when it's back" }).click();
      await expect
        .poll(() => ask.innerText())
        .toBe(`Thank you! We will message +234 803 555 0188 on WhatsApp once when ${title} is back in stock.`);
      await shopper.context.close();

      await adminApi("PUT", `/api/products/${product.id}`, { stock: 6 });
      const owner = await browser.newPage("phone");
      await skipNewsletterPopup(owner.context);
      await loginAsAdmin(owner.page);
      // the restock starts the back-in-stock job's pass at once (not at the next minute's)
      const row = owner.page.getByTestId("to-tell").filter({ hasText: title });
      await expect
        .poll(
          async () => {
            await owner.page.goto("/messages");
            return row.count();
          },
          { timeout: 20_000, interval: 1_000 },
        )
        .toBe(1);
      await visible(owner.page.getByRole("heading", { name: /^Back in stock: tell \d+ shoppers? on WhatsApp$/ }));
      expect(await row.innerText()).toContain("for +234 803 555 0188");
      const chat = new URL((await row.getByRole("link", { name: "WhatsApp" }).getAttribute("href"))!);
      expect(chat.origin + chat.pathname).toBe("https://wa.me/2348035550188");
      expect(chat.searchParams.get("text")).toBe(
        `Hello! You asked Alafia Self-Care to tell you when ${title} was back. It is in stock again, while it lasts: ${new URL(`/productdetails/${product.id}`, owner.page.url()).href}`,
      );
      await expectNoSidewaysScroll(owner.page);
      await expectAccessible(owner.page);
      await screenshot(owner.page, "back-in-stock-to-tell-phone");

      const desk = await browser.newPage("desktop");
      await skipNewsletterPopup(desk.context);
      await desk.context.addCookies(await owner.context.cookies());
      await desk.page.goto("/messages");
      await visible(desk.page.getByTestId("to-tell").filter({ hasText: title }));
      await screenshot(desk.page, "back-in-stock-to-tell-desktop");
      await desk.context.close();

      await row.getByRole("button", { name: "Mark as told" }).click();
      await visible(owner.page.getByText("Marked as told"));
      await expect.poll(() => row.count()).toBe(0);
      await owner.context.close();
    },
  );
});
