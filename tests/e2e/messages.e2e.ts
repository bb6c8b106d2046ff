// A shopper's message answered (docs/product.md "Messages"): she writes from /contact on her phone
// and leaves her WhatsApp number; the owner, on hers, sees the count on the back office's menu,
// finds the message in /messages with a WhatsApp reply that opens a chat with that number, and
// marks it read; 'All' then says who read it.
import { describe, expect, it } from "vitest";
import { admin, loginAsAdmin } from "./support/admin";
import { expectAccessible, screenshot, useBrowser, visible } from "./support/browser";
import { expectNoSidewaysScroll, skipNewsletterPopup, waitForHydration } from "./support/shop";

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
    const link = owner.page.getByRole("link", { name: /^Messages \d+ not read$/ });
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
