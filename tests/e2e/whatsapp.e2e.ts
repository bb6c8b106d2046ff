import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loginAsAdmin } from "./support/admin";
import { baseUrl, expectAccessible, screenshot, useBrowser, visible } from "./support/browser";
import { adminApi, expectNoSidewaysScroll, openBuyableProduct, skipNewsletterPopup } from "./support/shop";

// docs/product.md "WhatsApp and social links", on a 360 px phone: the owner gives the shop's
// number and Instagram page in /settings; a shopper then finds Ask and Share on a product's page,
// and the Instagram icon in the footer.
const browser = useBrowser();

const tallEnough = async (link: Locator) => expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);

describe("WhatsApp on a phone", () => {
  it("the owner sets the number; a product's page asks the shop about it and shares it", async () => {
    const owner = await browser.newPage("phone");
    await skipNewsletterPopup(owner.context);
    await loginAsAdmin(owner.page);
    await owner.page.goto("/settings");
    const form = owner.page.locator("main form").first();
    await form.getByLabel("WhatsApp number").fill("0803 123 4567");
    await form.getByLabel("Instagram link").fill("https://www.instagram.com/alafia.selfcare");
    await form.getByRole("button", { name: "Save Settings" }).click();
    await visible(owner.page.getByText("Settings saved."));
    // shown as a person reads it, kept as +234
    await expect.poll(() => form.getByLabel("WhatsApp number").inputValue()).toBe("+234 803 123 4567");
    await expectNoSidewaysScroll(owner.page);
    await screenshot(owner.page, "whatsapp-settings-phone");
    await owner.context.close();

    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await openBuyableProduct(page);
    const id = new URL(page.url()).pathname.split("/").pop()!;
    const link = `${baseUrl}/productdetails/${id}`;
    // the address changes before the product's page is drawn: wait for its links
    const ask = page.getByRole("link", { name: /^Ask on WhatsApp/ });
    await visible(ask);
    const title = (await page.locator("main h1").innerText()).trim();
    const askHref = (await ask.getAttribute("href"))!;
    expect(askHref.startsWith("https://wa.me/2348031234567?text=")).toBe(true);
    const asked = new URL(askHref).searchParams.get("text")!;
    expect(asked).toMatch(
      new RegExp(`^Hello Alafia Self-Care, I have a question about .+ \\(₦[\\d,.]+\\): ${link.replace(/[.]/g, "\\.")}$`),
    );
    expect(asked).toContain(title);
    // every character that means something in a URL is encoded
    expect(askHref.split("?text=")[1]).not.toMatch(/[ :/₦]/);

    const share = page.getByRole("link", { name: /^Share on WhatsApp/ });
    expect(await share.getAttribute("href")).toBe(`https://wa.me/?text=${encodeURIComponent(`${title} ${link}`)}`);
    for (const l of [ask, share]) {
      expect(await l.getAttribute("target")).toBe("_blank");
      expect(await l.getAttribute("rel")).toBe("noopener noreferrer");
      await tallEnough(l);
    }
    const instagram = page.locator("footer").getByRole("link", { name: /^Instagram/ });
    expect(await instagram.getAttribute("href")).toBe("https://www.instagram.com/alafia.selfcare");
    expect(
      await page
        .locator("footer")
        .getByRole("link", { name: /^Facebook/ })
        .count(),
    ).toBe(0);
    await expectNoSidewaysScroll(page);
    await ask.scrollIntoViewIfNeeded();
    await screenshot(page, "whatsapp-product-phone");
    await expectAccessible(page);
    await context.close();

    // the links are in the page as the server sends it: no script needed
    const plain = await browser.newPage("phone", baseUrl, { javaScriptEnabled: false });
    await plain.page.goto(`/productdetails/${id}`);
    expect(await plain.page.getByRole("link", { name: /^Ask on WhatsApp/ }).getAttribute("href")).toBe(askHref);
    await plain.context.close();

    // back to the demo shop's settings for any journey after this one
    await adminApi("PUT", "/api/settings", { whatsappNumber: "+2348035550142", instagramUrl: "" });
  });
});
