// docs/product.md "Discount codes": the owner makes a code in the back office; a guest on her phone
// follows a link with ?code=, fills her cart and sees what the code saves, then removes and re-applies it.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectUrl, loginAsAdmin } from "./support/admin";
import { expectAccessible, screenshot, useBrowser, visible } from "./support/browser";
import { guestCartOf } from "./support/buyer";
import { holdsZod, recordRequests } from "./support/page-scripts";
import {
  adminApi,
  cart,
  expectNoSidewaysScroll,
  nairaOf,
  skipNewsletterPopup,
  waitForHydration,
  buyableProductInCart,
} from "./support/shop";

const browser = useBrowser();
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const JOURNEY_MS = 120_000;

/** The summary's figures as numbers, with the code's saving. */
async function summaryFigures(page: Page) {
  const read = async (id: string) => nairaOf((await page.getByTestId(id).innerText()).replace("−", ""));
  return {
    subtotal: await read("summary-subtotal"),
    saving: await read("summary-code-saving"),
    vat: await read("summary-vat"),
    delivery: await read("summary-delivery"),
    total: await read("summary-total"),
  };
}

describe("discount codes", () => {
  it(
    "a guest at 360 px opens a link with ?code=, adds a product and sees the saving in her cart",
    async () => {
      const code = `WELCOME${stamp}`;
      await adminApi("POST", "/api/discounts/create", { code, kind: "fixed", amount: 2000 });
      const { context, page } = await browser.newPage("phone");
      await skipNewsletterPopup(context);

      // the link: the code is kept for the visit and the page is the plain home page
      await page.goto(`/?code=${code.toLowerCase()}`);
      await expectUrl(page, /\/$/);
      const cookie = (await context.cookies()).find((c) => c.name === "alafia_code");
      expect(cookie).toMatchObject({ value: code.toLowerCase(), httpOnly: true, sameSite: "Lax", expires: -1 });

      await buyableProductInCart(page);
      await expect.poll(() => cart.lines(page).count()).toBe(1);
      await cart.chooseArea(page, "Surulere");

      const line = page.getByTestId("summary-code");
      await visible(line, 10_000);
      expect(await line.innerText()).toContain(`Code ${code}`);
      await expect.poll(async () => (await summaryFigures(page)).saving).toBe(2000);
      // the code can show before her area is priced: read the figures once Surulere's charge is in
      await expect.poll(() => page.getByTestId("summary-delivery").innerText()).toBe("₦1,800");
      const f = await summaryFigures(page);
      // VAT on the subtotal after the code; total = discounted subtotal + VAT + delivery
      expect(f.vat).toBeCloseTo(Math.round((f.subtotal - 2000) * 7.5) / 100, 2);
      expect(f.total).toBeCloseTo(f.subtotal - f.saving + f.vat + f.delivery, 2);
      await expectNoSidewaysScroll(page);
      await screenshot(page, "discount-cart-guest-phone");
      await expectAccessible(page);

      // removed through the cart's action, then typed back in
      await page.getByRole("button", { name: `Remove the code ${code}` }).click();
      await expect.poll(() => page.getByTestId("summary-code").count()).toBe(0);
      await page.getByText("Have a discount code?").click();
      await page.getByLabel("Discount code").fill("nosuchcode");
      await page.getByRole("button", { name: "Apply" }).click();
      await visible(page.getByText("We don't recognise the code nosuchcode. Check the spelling and try again."));
      // the refused code's field has the focus, so a screen reader reads its message with it
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("discount-code");
      await screenshot(page, "discount-cart-unknown-code-phone");
      await page.getByLabel("Discount code").fill(code.toLowerCase());
      await page.getByRole("button", { name: "Apply" }).click();
      await expect.poll(() => page.getByTestId("applied-code").count()).toBe(1);
      await expect.poll(() => page.getByTestId("applied-code").innerText()).toBe(code);
      await expect.poll(async () => (await summaryFigures(page)).saving).toBe(2000);
      await context.close();
    },
    JOURNEY_MS,
  );

  it("the cart fetches the code's rules only once she opens 'Have a discount code?', and never the owner's", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await guestCartOf(context, "Pocket Gratitude Notebook");
    const { scripts, posts } = recordRequests(page);
    await page.goto("/cart");
    await waitForHydration(page);
    await page.waitForTimeout(1_000);
    // zod (about 24 KB gzip, and a long task to start on a phone) is not fetched for a shopper who has no code
    expect(await holdsZod(scripts)).toBe(false);

    const before = scripts.length;
    await page.getByText("Have a discount code?").click();
    await expect.poll(() => holdsZod(scripts.slice(before))).toBe(true);
    // the shopper's rule alone, not the owner's rules for making codes (their Lagos dates and amounts)
    const fetched = await Promise.all(scripts.slice(before).map(async (url) => (await fetch(url)).text()));
    expect(fetched.some((js) => js.includes("Enter a discount code"))).toBe(true);
    expect(fetched.some((js) => js.includes("must be a Lagos date and time"))).toBe(false);
    // and it is checked in her browser: an empty code sends nothing
    await page.getByRole("button", { name: "Apply" }).click();
    await visible(page.getByText("Enter a discount code"));
    expect(posts.filter((url) => new URL(url).pathname === "/cart")).toEqual([]);
    await context.close();
  });

  it(
    "the owner creates a code at 1280 px and finds it in the list with its figures",
    async () => {
      const { context, page } = await browser.newPage("desktop");
      await skipNewsletterPopup(context);
      await loginAsAdmin(page);
      await page.getByRole("link", { name: "Discount Codes" }).click();
      await expectUrl(page, /\/discounttable$/);
      await page.getByRole("link", { name: "Create Code" }).click();
      await expectUrl(page, /\/creatediscount$/);
      await waitForHydration(page);

      const code = `VAL${stamp}`;
      const main = page.locator("main");
      await main.getByLabel("Code", { exact: true }).fill(code);
      await main.getByLabel("Discount", { exact: true }).selectOption("percent");
      await main.getByLabel("Percentage off (%)").fill("25");
      await main.getByLabel("Minimum order (₦)").fill("15000");
      await main.getByLabel("Total uses").fill("100");
      await main.getByLabel("Uses per customer").fill("1");
      await main.getByLabel("Starts (Lagos time)").fill("2026-02-13T09:00");
      await main.getByLabel("Ends (Lagos time)").fill("2036-02-15T23:59");
      await screenshot(page, "discount-create-desktop");
      // the browser checks the form with the server's schema first
      await main.getByLabel("Percentage off (%)").fill("250");
      await main.getByRole("button", { name: "Create Code" }).click();
      await visible(page.getByText("Percentage must be at most 100"));
      await main.getByLabel("Percentage off (%)").fill("25");
      await main.getByRole("button", { name: "Create Code" }).click();
      await expectUrl(page, /\/discounttable$/);

      const row = page.getByTestId("discount-row").filter({ hasText: code });
      await visible(row);
      const text = await row.innerText();
      for (const part of ["25% off", "from ₦15,000", "1 per customer", "Active", "0 of 100"]) expect(text).toContain(part);
      await screenshot(page, "discount-table-desktop");
      await expectAccessible(page);

      // pause and resume through the list's action
      await row.getByRole("button", { name: `Pause ${code}` }).click();
      await expect.poll(() => row.innerText()).toContain("Paused");
      await row.getByRole("button", { name: `Resume ${code}` }).click();
      await expect.poll(() => row.innerText()).toContain("Active");
      await context.close();
    },
    JOURNEY_MS,
  );
});
