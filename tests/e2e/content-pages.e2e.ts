// The content pages: about, coaching, policies, pop-up pages and the test page.
import { describe, expect, it } from "vitest";
import { expectAccessible, screenshot, useBrowser, visible } from "./support/browser";
import { expectNoSidewaysScroll, skipNewsletterPopup, waitForHydration } from "./support/shop";

const browser = useBrowser();
const viewports = ["phone", "desktop"] as const;

describe("content pages", () => {
  const pages = [
    { path: "/about", heading: "Peace and wellbeing, one small ritual at a time" },
    { path: "/author", heading: "Mindful living, with someone in your corner" },
    { path: "/teamgifts", heading: "Thank your people with a moment of calm" },
    { path: "/privacy", heading: "Privacy Policy" },
    { path: "/terms", heading: "Terms of Service" },
    { path: "/popup", heading: "A little calm in your inbox" },
    { path: "/poptest", heading: "Time Check" },
    { path: "/test", heading: "How should we reach you?" },
  ];
  for (const viewport of viewports) {
    it(`renders every content page accessibly (${viewport})`, async () => {
      const { context, page } = await browser.newPage(viewport);
      await skipNewsletterPopup(context);
      for (const { path, heading } of pages) {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(200);
        await visible(page.getByRole("heading", { name: heading }).first());
        expect(await page.getByRole("heading", { level: 1 }).count(), `${path} has one h1`).toBe(1);
        await expectNoSidewaysScroll(page, path);
        await screenshot(page, `page${path.replace(/\//g, "-")}-${viewport}`);
        await expectAccessible(page);
      }
      await context.close();
    });
  }

  it("/about tells the mission, story, offerings and values, with a blog-subscribe box", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await page.goto("/about");
    const section = (name: string) => page.getByRole("region", { name });
    expect(await section("Our mission").innerText()).toMatch(/empower women to pause, elevate their everyday and thrive/);
    expect(await section("Our story").innerText()).toMatch(/means peace and wellbeing in Yoruba/);
    expect(await section("What we offer").getByRole("heading", { level: 3 }).allTextContents()).toEqual([
      "Self-care packages",
      "Journals and calendars",
      "Cards and colouring",
      "Coaching",
    ]);
    expect(await section("Our values").getByRole("heading", { level: 3 }).allTextContents()).toEqual([
      "Gentleness",
      "Made for here",
      "Honesty",
      "Care in the details",
    ]);
    expect(await section("Subscribe to our blog").getByLabel("Email address").getAttribute("type")).toBe("email");
    await context.close();
  });

  it("/poptest: 'Time Check' is a modal alertdialog with the spec's text; focus starts on Continue; Escape or a button closes it", async () => {
    const text = "You have been in this meeting for 15 minutes. Would you like to continue or end the meeting?";
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await page.goto("/poptest");
    await waitForHydration(page);
    const dialog = page.getByRole("alertdialog", { name: "Time Check" });
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    // described by the spec's sentence, shown in full
    expect(await dialog.evaluate((el) => document.getElementById(el.getAttribute("aria-describedby")!)?.textContent)).toBe(text);
    await visible(dialog.getByText(text, { exact: true }));
    await visible(dialog.getByRole("button", { name: "End Meeting" }));
    const continueButton = dialog.getByRole("button", { name: "Continue" });
    await visible(continueButton);
    await expect.poll(() => continueButton.evaluate((el) => el === document.activeElement)).toBe(true);
    // truly modal: the page behind is inert
    expect(await dialog.evaluate((el) => el.matches(":modal"))).toBe(true);
    await screenshot(page, "poptest-dialog-phone");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await visible(page.getByText("Carry on, we will check in again later."));

    await page.reload();
    await waitForHydration(page);
    await page.getByRole("button", { name: "End Meeting" }).click();
    await visible(page.getByText("The meeting has ended."));
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    await context.close();
  });

  it("has a refunds section and NDPR wording on the policies", async () => {
    const { context, page } = await browser.newPage("desktop");
    await page.goto("/terms#refunds");
    expect(await page.locator("#refunds").getByRole("heading").textContent()).toMatch(/refunds/i);
    await page.goto("/privacy");
    await visible(page.getByText(/Nigeria Data Protection Regulation/).first());
    await context.close();
  });

  it("books a coaching call from the author page with a WhatsApp number, the offer chosen by its button", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await page.goto("/author");
    await waitForHydration(page);
    // the VIP offer's own button opens the form with that offer chosen
    await page.getByRole("listitem").filter({ hasText: "Mindful Living VIP coaching" }).getByRole("link", { name: "Get Started" }).click();
    await page.waitForURL(/\?offer=vip#get-started$/);
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Book a coaching call" });
    expect(await form.getByLabel("What would you like?").inputValue()).toBe("vip");
    await form.getByLabel("Your name").fill("Amaka Eze");
    // neither a number nor an email: she is told one is enough, before anything is sent
    await form.getByRole("button", { name: "Book my call" }).click();
    await visible(form.getByText("Leave your WhatsApp number or your email, so the coach can reach you"));
    await form.getByLabel("WhatsApp number").fill("0803 555 0166");
    await form.getByLabel("Anything the coach should know (optional)").fill("Evenings after 7 suit me.");
    // the page's own action (docs/decisions/0011-one-way-to-write.md)
    const response = page.waitForResponse((r) => new URL(r.url()).pathname === "/author.data" && r.request().method() === "POST");
    await form.getByRole("button", { name: "Book my call" }).click();
    expect((await response).status()).toBe(200);
    await visible(form.getByText(/^Thank you, Amaka! Our coach will message you on WhatsApp at \+234 803 555 0166/));
    expect(await form.getByLabel("Your name").inputValue()).toBe("");
    await expectNoSidewaysScroll(page);
    await screenshot(page, "coaching-request-phone");
    await context.close();
  });

  it("asks for a quote for a team's gifts from the footer's link, on a phone: refused without a way to answer, then thanked", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Gifts for Teams" }).click();
    await page.waitForURL(/\/teamgifts$/);
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Ask for a quote" });
    await form.getByLabel("Your name").fill("Tolu Bakare");
    await form.getByLabel("Company or group (optional)").fill("Lekki Dental Clinic");
    await form.getByLabel("Number of people").fill("40");
    await form.getByLabel("Budget a gift (₦, optional)").fill("15000");
    await form.getByLabel("Anything we should know (optional)").fill("Our logo on the card, please.");
    // neither a number nor an email: she is told one is enough, before anything is sent
    await form.getByRole("button", { name: "Ask for a quote" }).click();
    await visible(form.getByText("Leave your WhatsApp number or your email, so we can send you ideas and a quote"));
    await form.getByLabel("WhatsApp number").fill("0803 555 0191");
    await form.getByLabel("WhatsApp number").scrollIntoViewIfNeeded();
    await screenshot(page, "team-gifts-refused-phone");
    const response = page.waitForResponse((r) => new URL(r.url()).pathname === "/teamgifts.data" && r.request().method() === "POST");
    await form.getByRole("button", { name: "Ask for a quote" }).click();
    expect((await response).status()).toBe(200);
    await visible(form.getByText(/^Thank you, Tolu! We will send you gift ideas and a quote on WhatsApp at \+234 803 555 0191/));
    expect(await form.getByLabel("Number of people").inputValue()).toBe("");
    await expectNoSidewaysScroll(page);
    await screenshot(page, "team-gifts-sent-phone");
    await expectAccessible(page);
    await context.close();
  });

  it("posts a communication choice from /test", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await page.goto("/test");
    await waitForHydration(page);
    await page.getByLabel("Communication platform").selectOption("Instagram");
    await page.getByLabel("What about?").selectOption("Wellness tips");
    const response = page.waitForResponse((r) => new URL(r.url()).pathname === "/test.data" && r.request().method() === "POST");
    await page.getByRole("button", { name: "Save my choice" }).click();
    const res = await response;
    expect(res.status()).toBe(200);
    expect(Object.fromEntries(new URLSearchParams(res.request().postData()!))).toEqual({
      communicationPlatform: "Instagram",
      communicationCategory: "Wellness tips",
    });
    await visible(page.getByText("Thank you! Your choice has been saved."));
    await context.close();
  });
});
