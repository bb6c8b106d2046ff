import { describe, expect, it } from "vitest";
import { clippedPlaceholders, expectAccessible, screenshot, useBrowser, visible } from "./support/browser";
import { adminApi, expectNoSidewaysScroll, holdScripts, signedInShopper, skipNewsletterPopup, waitForHydration } from "./support/shop";

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
      await skipNewsletterPopup(context);
      const res = await page.goto("/");
      expect(res?.status()).toBe(200);

      const header = page.locator("header").first();
      await visible(header.getByRole("link", { name: /Alafia Self-Care, home/ }));
      await visible(header.getByRole("button", { name: "Search products" }));
      await visible(header.getByRole("link", { name: /^Cart, \d+ items?$/ }));
      await visible(header.getByRole("link", { name: "Log in" }).first());

      const desktopNav = header.getByRole("navigation", { name: "Main" });
      if (viewport === "desktop") {
        for (const label of ["Home", "About", "Self-Care Packages", "Stress Relief", "Blog", "Coaching Services", "Contact"])
          await visible(desktopNav.getByRole("link", { name: label, exact: true }));
      } else {
        expect(await desktopNav.isVisible()).toBe(false);
        const toggle = header.getByRole("button", { name: "Open menu" });
        await toggle.click();
        const mobileNav = header.getByRole("navigation", { name: "Mobile" });
        await visible(mobileNav.getByRole("link", { name: "Coaching Services" }));
        await screenshot(page, `home-menu-${viewport}`);
        await header.getByRole("button", { name: "Close menu" }).click();
        await expect.poll(() => mobileNav.isVisible()).toBe(false);
      }

      const main = page.locator("main");
      for (const name of seededCategories) expect(await main.getByRole("link", { name }).count()).toBeGreaterThan(0);

      const footer = page.locator("footer");
      for (const label of ["Categories", "Products", "Stay Connected"]) await visible(footer.getByRole("heading", { name: label }));
      for (const name of ["Motivational Calendars", "Self-Care Cards", "Gratitude Journals", "Colouring Books"])
        await visible(footer.getByText(name, { exact: true }));
      expect(await footer.getByRole("textbox", { name: "Email address" }).getAttribute("type")).toBe("email");
      await visible(footer.getByRole("button", { name: "Subscribe" }));
      // every box on the page is wide enough for its whole placeholder (the footer's read 'Your email add' at 1280 px)
      expect(await clippedPlaceholders(page)).toEqual([]);
      await visible(footer.getByRole("link", { name: "Privacy Policy" }));
      await visible(footer.getByRole("link", { name: "Terms of Use" }));
      await visible(footer.getByRole("link", { name: "Track your order" }));
      // social icons only for the networks the owner linked in /settings (tests/e2e/whatsapp.e2e.ts): never a dead '#'
      expect(await footer.locator('a[href="#"]').count()).toBe(0);
      await visible(footer.getByText(/© 2024/));

      await screenshot(page, `home-${viewport}`);
      await expectAccessible(page);
      await context.close();
    });
  }

  it("keeps the logo on one line at 360 px beside a long first name, which is cut instead", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await signedInShopper(page, { firstName: "Oluwatoyosioluwa", lastName: "Adeyemi" });
    const header = page.locator("header").first();
    await visible(header.getByTestId("header-first-name"));
    // 'SELF-CARE' under 'Alafia' is one line: its box is as tall as one line of its text
    const wordMark = header.getByRole("link", { name: /Alafia Self-Care, home/ }).getByText("Self-Care", { exact: true });
    const lines = await wordMark.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    const name = header.getByTestId("header-first-name");
    expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expectNoSidewaysScroll(page, "/ with a long first name");
    await screenshot(page, "header-long-name-phone");
    await context.close();
  });

  it("paints before its JavaScript runs, then hydrates: the scripts are asked for after the first paint", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    // when React Router's module script and the first module request appear
    await context.addInitScript(() => {
      const w = window as unknown as { moduleScriptAt?: number };
      new MutationObserver((records) => {
        for (const r of records)
          for (const node of r.addedNodes)
            if (node instanceof HTMLScriptElement && node.type === "module") w.moduleScriptAt ??= performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/");
    await waitForHydration(page);
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
      moduleScript: (window as unknown as { moduleScriptAt?: number }).moduleScriptAt ?? -1,
      firstScriptRequest: Math.min(
        ...performance
          .getEntriesByType("resource")
          .filter((e) => e.name.includes("/assets/") && e.name.endsWith(".js"))
          .map((e) => e.startTime),
      ),
    }));
    expect(timing.firstPaint).toBeLessThan(Infinity);
    expect(timing.moduleScript).toBeGreaterThanOrEqual(timing.firstPaint);
    expect(timing.firstScriptRequest).toBeGreaterThanOrEqual(timing.firstPaint);
    // and the page is React's: the header's search opens
    await page.getByRole("button", { name: "Search products" }).click();
    await visible(page.getByRole("searchbox"));
    await context.close();
  });

  it("opens the menu and the search from a tap made before its script runs, and keeps them open once it runs", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    // the page's modules wait until the test lets them through
    const release = await holdScripts(context);
    // not the load event: on a slow machine the held modulepreloads are asked for before it, and it waits on them
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const header = page.locator("header").first();
    await header.getByRole("link", { name: "Open menu" }).click();
    const mobileNav = header.getByRole("navigation", { name: "Mobile" });
    await visible(mobileNav.getByRole("link", { name: "Coaching Services" }));
    await header.getByRole("link", { name: "Search products" }).click();
    await visible(page.getByRole("searchbox", { name: "Search products" }));
    release();
    await waitForHydration(page);
    // the search its link opened stays open, now behind a button that closes it
    const search = header.getByRole("button", { name: "Search products" });
    expect(await search.getAttribute("aria-expanded")).toBe("true");
    await search.click();
    await expect.poll(() => page.getByRole("searchbox", { name: "Search products" }).isVisible()).toBe(false);
    await context.close();
  });

  it("hydrates the server's page in place and keeps one set of head tags, rewritten by a link followed in the page", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    // the server's own elements, remembered before any script runs
    await context.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const w = window as unknown as { served?: Element[] };
        w.served = [document.querySelector("header")!, document.querySelector("main")!, document.querySelector("footer")!];
      });
    });
    // nothing the browser refuses (a script drawn again without the page's nonce is a CSP error)
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto("/about");
    await waitForHydration(page);
    const head = () =>
      page.evaluate(() => ({
        titles: [...document.querySelectorAll("title")].map((t) => t.textContent),
        canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute("href")),
        descriptions: document.querySelectorAll('meta[name="description"]').length,
        stylesheets: document.querySelectorAll('link[rel="stylesheet"]').length,
        icons: document.querySelectorAll('link[rel="icon"]').length,
        inBody: document.body.querySelectorAll("title, meta, link").length,
      }));
    // hydration adopted the server's elements rather than drawing the page again
    expect(
      await page.evaluate(() => {
        const served = (window as unknown as { served: Element[] }).served;
        return served.map(
          (e, i) => e === [document.querySelector("header"), document.querySelector("main"), document.querySelector("footer")][i],
        );
      }),
    ).toEqual([true, true, true]);
    const about = await head();
    expect(about.titles).toHaveLength(1);
    expect(about.titles[0]).toMatch(/about/i);
    expect(about.canonical).toHaveLength(1);
    expect(about.canonical[0]).toMatch(/\/about$/);
    expect(about).toMatchObject({ descriptions: 1, stylesheets: 1, icons: 2, inBody: 0 });
    // a link followed by the router: the new page's title and canonical replace the old ones
    await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).click();
    await page.waitForURL(/\/privacy$/);
    await expect.poll(async () => (await head()).titles).toEqual([expect.stringMatching(/privacy/i)]);
    expect(await head()).toMatchObject({
      canonical: [expect.stringMatching(/\/privacy$/)],
      descriptions: 1,
      stylesheets: 1,
      icons: 2,
      inBody: 0,
    });
    // the page was not loaded again, and the header and footer were kept, not drawn again
    expect(
      await page.evaluate(() => {
        const served = (window as unknown as { served: Element[] }).served;
        return [served[0] === document.querySelector("header"), served[2] === document.querySelector("footer")];
      }),
    ).toEqual([true, true]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("answers an unknown path with a real 404 page inside the layout", async () => {
    const { context, page } = await browser.newPage("desktop");
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await visible(page.getByRole("heading", { name: "We couldn't find that page" }));
    await visible(page.locator("footer"));
    await screenshot(page, "not-found-desktop");
    await context.close();
  });
});

// docs/product.md "Note to shoppers": the owner's one line above the header, opening a page of the shop
describe("a note to shoppers", () => {
  it("shows above the header on a phone and a laptop, scrolls away with the page, and opens the page she gave", async () => {
    const note = "Order by 20 December for delivery before Christmas";
    await adminApi("PUT", "/api/settings", {
      noticeText: note,
      noticeLink: "/products?sort=best_selling",
      noticeFrom: "",
      noticeUntil: "",
    });
    try {
      for (const viewport of ["phone", "desktop"] as const) {
        const { context, page } = await browser.newPage(viewport);
        await skipNewsletterPopup(context);
        await page.goto("/");
        await waitForHydration(page);
        const bar = page.getByTestId("shop-notice");
        await visible(bar);
        expect(await bar.innerText()).toBe(note);
        // above the header, the width of the screen, on one or two lines
        const [barBox, headerBox] = [(await bar.boundingBox())!, (await page.locator("header").first().boundingBox())!];
        expect(barBox.y).toBe(0);
        expect(headerBox.y).toBeGreaterThanOrEqual(barBox.height - 1);
        expect(barBox.height).toBeLessThanOrEqual(64);
        await expectNoSidewaysScroll(page);
        await screenshot(page, `shop-notice-${viewport}`);
        await expectAccessible(page);
        if (viewport === "phone") {
          await bar.getByRole("link").click();
          await page.waitForURL((u) => u.pathname === "/products" && u.searchParams.get("sort") === "best_selling");
          await visible(page.getByTestId("shop-notice"));
        }
        await context.close();
      }
    } finally {
      await adminApi("PUT", "/api/settings", { noticeText: "", noticeLink: "", noticeFrom: "", noticeUntil: "" });
    }
  });
});
