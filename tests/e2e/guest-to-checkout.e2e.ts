// A guest with a full cart presses 'Proceed to payment': she lands on the checkout as a guest
// (docs/product.md "Guest checkout"). If she chooses to log in (or sign up) there, she comes back
// to /checkout with the cart she filled as a guest, merged into her account.
import crypto from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accountPages, newShopper, type Shopper } from "./support/account-pages";
import { baseUrl, expectAccessible, screenshot, useBrowser, visible } from "./support/browser";
import { breakdown, cart, checkout, expectNoSidewaysScroll, nairaOf, skipNewsletterPopup, openBuyableProduct } from "./support/shop";

const browser = useBrowser();
const JOURNEY_MS = 120_000;

/** As a guest: a product, 2 of it, into the cart, then on /cart with her delivery area chosen. */
async function fillCartAsGuest(page: Page): Promise<string> {
  await openBuyableProduct(page);
  await visible(page.getByRole("button", { name: "Add To Cart" }));
  const title = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await page.waitForURL(/\/cart$/);
  await expect.poll(() => cart.lines(page).count()).toBe(1);
  await cart.chooseArea(page, "Surulere");
  return title;
}

/** Proceed to payment as a guest, then 'Log in' from the checkout: the login keeps /checkout as where she goes next. */
async function proceedToPayment(page: Page) {
  await page.getByRole("link", { name: "Proceed to payment" }).click();
  await page.waitForURL((u) => u.pathname === "/checkout");
  await visible(page.getByTestId("guest-note"));
  await page.getByTestId("guest-note").getByRole("link", { name: "Log in" }).click();
  await page.waitForURL((u) => u.pathname === "/login");
  expect(new URL(page.url()).search).toBe("?redirectTo=%2Fcheckout");
}

/** On /checkout with the guest's line (2 × the product) in the order summary, read from her account. */
async function expectCheckoutWithMergedCart(page: Page, title: string) {
  await page.waitForURL((u) => u.pathname === "/checkout");
  await visible(page.getByRole("heading", { name: "Order summary" }));
  const summary = page.locator("aside[aria-labelledby=checkout-summary]");
  await visible(summary.getByText(`2 × ${title}`), 15_000);
  await expect.poll(() => summary.getByText("Your cart is empty.").count()).toBe(0);
  // merged on the server (the guest cart in the browser is handed over and emptied)
  await cart.merged(page, 2);
  // the area she chose in the cart as a guest prices the checkout
  expect(await checkout.lga(page).inputValue()).toBe("Surulere");
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("cart"))).toBe("[]");
  // priced on the merged cart: the line's total is the subtotal, and the Pay button asks for the total
  const lineTotal = nairaOf(await summary.getByRole("listitem").first().locator("span").last().innerText());
  expect(lineTotal).toBeGreaterThan(0);
  await expect.poll(async () => (await breakdown(page, "summary")).subtotal).toBe(lineTotal);
  const quoted = await breakdown(page, "summary");
  expect(quoted.total).toBe(quoted.subtotal + quoted.vat + quoted.delivery);
  const pay = page.getByRole("button", { name: /^Pay ₦/ });
  expect(nairaOf((await pay.innerText()).replace(/^Pay/, ""))).toBe(quoted.total);
  expect(await pay.isEnabled()).toBe(true);
}

/** An account made beforehand through the API (a shopper who comes back). */
async function existingShopper(tag: string): Promise<Shopper> {
  const shopper = newShopper(tag);
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ firstName: shopper.firstName, lastName: shopper.lastName, email: shopper.email, password: shopper.password }),
  });
  expect(res.status).toBe(201);
  return shopper;
}

describe("guest → Proceed to payment → account → /checkout", () => {
  for (const viewport of ["phone", "desktop"] as const) {
    it(
      `logs in and lands on /checkout with the merged cart (${viewport})`,
      async () => {
        const shopper = await existingShopper(`g2c-login-${viewport}`);
        const { context, page } = await browser.newPage(viewport);
        await skipNewsletterPopup(context);
        const title = await fillCartAsGuest(page);
        await screenshot(page, `guest-to-checkout-cart-${viewport}`);

        await proceedToPayment(page);
        await screenshot(page, `guest-to-checkout-login-${viewport}`);
        await expectAccessible(page);
        await accountPages(page).logIn(shopper.email, shopper.password);

        await expectCheckoutWithMergedCart(page, title);
        await expectNoSidewaysScroll(page);
        await screenshot(page, `guest-to-checkout-checkout-${viewport}`);
        await context.close();
      },
      JOURNEY_MS,
    );

    it(
      `signs up from the login page and lands on /checkout with the merged cart (${viewport})`,
      async () => {
        const shopper = { ...newShopper(`g2c-signup-${viewport}`), email: `g2c.${crypto.randomUUID().slice(0, 8)}@example.ng` };
        const { context, page } = await browser.newPage(viewport);
        await skipNewsletterPopup(context);
        const title = await fillCartAsGuest(page);
        await proceedToPayment(page);

        await page.locator("main").getByRole("link", { name: "Sign up" }).click();
        await page.waitForURL((u) => u.pathname === "/register");
        expect(new URL(page.url()).search).toBe("?redirectTo=%2Fcheckout");
        const form = page.locator("main");
        await form.getByLabel("First Name").fill(shopper.firstName);
        await form.getByLabel("Last Name").fill(shopper.lastName);
        await form.getByLabel("Email").fill(shopper.email);
        await form.getByLabel("Phone Number").fill(shopper.phone);
        await form.getByLabel("Address").fill(shopper.address);
        await form.getByLabel("Town").selectOption({ index: 1 });
        await form.getByLabel("Password", { exact: true }).fill(shopper.password);
        await screenshot(page, `guest-to-checkout-signup-${viewport}`);
        await page.getByRole("button", { name: "Sign Up" }).click();

        // docs/product.md §4: the full sign-up goes to /login, which now knows where the shopper was going
        await page.waitForURL((u) => u.pathname === "/login" && u.searchParams.has("registered"));
        expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/checkout");
        await visible(page.getByText("Your account is ready. Please log in."));
        await screenshot(page, `guest-to-checkout-registered-${viewport}`);
        await accountPages(page).logIn(shopper.email, shopper.password);

        await expectCheckoutWithMergedCart(page, title);
        await screenshot(page, `guest-to-checkout-after-signup-${viewport}`);
        await context.close();
      },
      JOURNEY_MS,
    );
  }
});
