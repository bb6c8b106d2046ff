import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { baseUrl, screenshot } from "./browser";

/** Journeys that are not about the newsletter pop-up keep it away. */
export async function skipNewsletterPopup(context: BrowserContext) {
  await context.addInitScript(() => window.localStorage.setItem("hasSeenPopup", "true"));
}

/** Waits until React has hydrated the page (buttons then do something). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules));
  await page.waitForLoadState("networkidle");
}

export async function api<T>(path: string): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(`${baseUrl}${path}`);
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

export const header = {
  async search(page: Page, text: string) {
    await page.getByRole("button", { name: "Search products" }).click();
    const box = page.getByRole("searchbox", { name: "Search products" });
    await expect.poll(() => box.isVisible()).toBe(true);
    await box.fill(text);
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === "/products" && url.searchParams.get("q") === text);
  },
};

// Page helpers for the cart and checkout journeys (STYLE.md §9).

/** Product ids linked from the home page's cards (the demo data). */
export async function productIdsFromHome(page: Page): Promise<string[]> {
  await page.goto("/");
  const hrefs = await page.locator('a[href^="/productdetails/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  return [...new Set(hrefs.map((h) => h.split("/").pop()!))];
}

export const cart = {
  /** puts lines straight into the browser's guest cart, as Add To Cart does for a guest */
  async seedGuest(page: Page, lines: { productId: string; quantity: number }[]) {
    await page.evaluate((l) => window.localStorage.setItem("cart", JSON.stringify(l)), lines);
  },
  async open(page: Page) {
    await page.goto("/cart");
    await expect.poll(() => page.getByRole("heading", { name: "Your cart" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Loading your cart" }).count()).toBe(0);
  },
  lines: (page: Page) => page.getByTestId("cart-line"),
  badge: (page: Page) => page.locator("header").getByTestId("cart-count"),
  total: (page: Page) => page.getByTestId("summary-total").innerText(),
  async chooseCurrency(page: Page, currency: "NGN" | "USD") {
    await page.getByTestId("currency").selectOption(currency);
  },
};

export const checkout = {
  async fillAddress(page: Page, a: { street: string; city: string; state: string; phone: string }) {
    await page.locator("main").getByLabel("Street", { exact: true }).fill(a.street);
    await page.locator("main").getByLabel("City", { exact: true }).fill(a.city);
    await page.locator("main").getByLabel("State", { exact: true }).fill(a.state);
    await page.locator("main").getByLabel("Phone", { exact: true }).fill(a.phone);
  },
  pay: (page: Page) => page.getByRole("button", { name: /^Pay/ }),
};

/** /register with the spec's labels (accounts issue). */
export async function registerShopper(
  page: Page,
  who: { firstName: string; lastName: string; email: string; phone: string; address: string; password: string },
) {
  await page.goto("/register");
  await page.locator("main").getByLabel("First Name", { exact: true }).fill(who.firstName);
  await page.locator("main").getByLabel("Last Name", { exact: true }).fill(who.lastName);
  await page.locator("main").getByLabel("Email", { exact: true }).fill(who.email);
  await page.locator("main").getByLabel("Phone Number", { exact: true }).fill(who.phone);
  await page.locator("main").getByLabel("Address", { exact: true }).fill(who.address);
  await page.locator("main").getByLabel("Town", { exact: true }).selectOption({ index: 1 });
  await page.locator("main").getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
}

/** /login with the spec's labels (accounts issue). */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.locator("main").getByLabel("Email", { exact: true }).fill(email);
  await page.locator("main").getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: /log in|login|sign in/i }).click();
  // signed in once the form has taken us somewhere else
  await page.waitForURL((u) => u.pathname !== "/login");
}

/** A full-page screenshot (screenshot() loads the lazy images below the fold first). */
export async function fullScreenshot(page: Page, name: string) {
  await screenshot(page, name);
}
