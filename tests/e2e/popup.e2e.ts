// PAYSTACK_MODE=popup: the provider's script cannot load on our machines, so the
// checkout shows the spec's message after 3 attempts and enables the button again.
// This file starts its own shop in that mode next to the one of `npm run test:e2e`.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshot, useBrowser } from "./support/browser";
import { startExtraShop } from "./support/extra-shop";
import { checkout, logIn, registerShopper } from "./support/shop";

const browser = useBrowser();
let shop: Awaited<ReturnType<typeof startExtraShop>>;
beforeAll(async () => {
  shop = await startExtraShop({ PAYMENT_PROVIDER: "paystack", PAYSTACK_SECRET_KEY: "sk_test_offline", PAYSTACK_MODE: "popup" });
}, 130_000);
afterAll(() => shop?.stop());

describe("Paystack popup mode", () => {
  it("shows 'Failed to load payment modal…' after 3 attempts 1 s apart, and the Pay button works again", async () => {
    const { context, page } = await browser.newPage("desktop", shop.baseUrl);
    await context.addInitScript(() => window.localStorage.setItem("hasSeenPopup", "true"));
    let attempts = 0;
    await page.route("https://js.paystack.co/**", (route) => {
      attempts++;
      return route.abort("internetdisconnected");
    });
    const who = {
      firstName: "Bisi",
      lastName: "Ade",
      email: `bisi.${crypto.randomUUID().slice(0, 8)}@example.ng`,
      phone: "08031234567",
      address: "2 Marina",
      password: "Calm-and-kind-2026",
    };
    await registerShopper(page, who);
    await page.waitForURL((u) => u.pathname !== "/register");
    if (new URL(page.url()).pathname === "/login") await logIn(page, who.email, who.password);
    await page.goto("/products");
    await page.locator('a[href^="/productdetails/"]').first().click();
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await page.waitForURL(/\/cart$/);
    await page.goto("/checkout");
    await checkout.fillAddress(page, { street: "2 Marina", city: "Lagos Island", state: "Lagos", phone: "08031234567" });
    const started = Date.now();
    await checkout.pay(page).click();
    await expect
      .poll(() => page.getByTestId("checkout-error").innerText(), { timeout: 10_000 })
      .toBe("Failed to load payment modal. Check your internet connection and retry later.");
    expect(attempts).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(await checkout.pay(page).isEnabled()).toBe(true);
    await screenshot(page, "checkout-popup-failed-desktop");
    await context.close();
  });
});
