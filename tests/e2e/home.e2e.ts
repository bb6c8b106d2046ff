import { describe, expect, it } from "vitest";
import { expectAccessible, screenshot, useBrowser } from "./support/browser";

const browser = useBrowser();
const seededCategories = [
  "Self-Care Packages",
  "Stress Relief",
  "Gratitude Journals",
  "Motivational Calendars",
  "Self-Care Cards",
  "Colouring Books",
];

describe("home page shell", () => {
  for (const viewport of ["phone", "desktop"] as const) {
    it(`shows the header, the footer and the seeded categories at ${viewport} width`, async () => {
      const { context, page } = await browser.newPage(viewport);
      // keep the newsletter pop-up out of this journey (it has its own)
      await context.addInitScript(() => window.localStorage.setItem("hasSeenPopup", "true"));
      const res = await page.goto("/");
      expect(res?.status()).toBe(200);

      const header = page.locator("header").first();
      await expect.poll(() => header.getByRole("link", { name: /Alafia Self-Care, home/ }).isVisible()).toBe(true);
      await expect.poll(() => header.getByRole("button", { name: "Search products" }).isVisible()).toBe(true);
      await expect.poll(() => header.getByRole("link", { name: /^Cart, \d+ items?$/ }).isVisible()).toBe(true);
      await expect.poll(() => header.getByRole("link", { name: "Log in" }).first().isVisible()).toBe(true);

      const desktopNav = header.getByRole("navigation", { name: "Main" });
      if (viewport === "desktop") {
        for (const label of ["Home", "About", "Self-Care Packages", "Stress Relief", "Blog", "Coaching Services", "Contact"])
          expect(await desktopNav.getByRole("link", { name: label, exact: true }).isVisible()).toBe(true);
      } else {
        expect(await desktopNav.isVisible()).toBe(false);
        const toggle = header.getByRole("button", { name: "Open menu" });
        await toggle.click();
        const mobileNav = header.getByRole("navigation", { name: "Mobile" });
        await expect.poll(() => mobileNav.getByRole("link", { name: "Coaching Services" }).isVisible()).toBe(true);
        await screenshot(page, `home-menu-${viewport}`);
        await header.getByRole("button", { name: "Close menu" }).click();
        await expect.poll(() => mobileNav.isVisible()).toBe(false);
      }

      const main = page.locator("main");
      for (const name of seededCategories) expect(await main.getByRole("link", { name }).count()).toBeGreaterThan(0);

      const footer = page.locator("footer");
      for (const label of ["Categories", "Products", "Stay Connected"])
        expect(await footer.getByRole("heading", { name: label }).isVisible()).toBe(true);
      for (const name of ["Motivational Calendars", "Self-Care Cards", "Gratitude Journals", "Colouring Books"])
        expect(await footer.getByText(name, { exact: true }).isVisible()).toBe(true);
      expect(await footer.getByRole("textbox", { name: "Email address" }).getAttribute("type")).toBe("email");
      expect(await footer.getByRole("button", { name: "Subscribe" }).isVisible()).toBe(true);
      expect(await footer.getByRole("link", { name: "Privacy Policy" }).isVisible()).toBe(true);
      expect(await footer.getByRole("link", { name: "Terms of Use" }).isVisible()).toBe(true);
      expect(await footer.getByRole("link", { name: "Instagram" }).isVisible()).toBe(true);
      expect(await footer.getByText(/© 2024/).isVisible()).toBe(true);

      await screenshot(page, `home-${viewport}`);
      await expectAccessible(page);
      await context.close();
    });
  }

  it("answers an unknown path with a real 404 page inside the layout", async () => {
    const { context, page } = await browser.newPage("desktop");
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "We couldn't find that page" }).isVisible()).toBe(true);
    expect(await page.locator("footer").isVisible()).toBe(true);
    await screenshot(page, "not-found-desktop");
    await context.close();
  });
});
