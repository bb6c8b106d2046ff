// PAYSTACK_MODE=popup: the provider's script cannot load on our machines, so the
// checkout shows the spec's message after 3 attempts and enables the button again.
// This file starts its own shop in that mode next to the one of `npm run test:e2e`,
// talking to a fake Paystack API on loopback.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshot, useBrowser } from "./support/browser";
import { startExtraShop } from "./support/extra-shop";
import { cart, checkout, signedInShopper, skipNewsletterPopup, openBuyableProduct } from "./support/shop";

// Paystack's API as far as the shop uses it: initialize gives an access code; verify
// says the transaction is still ongoing (the popup was closed before paying).
const fakePaystack = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    res.setHeader("Content-Type", "application/json");
    if (req.method === "POST" && req.url === "/transaction/initialize") {
      const { reference } = JSON.parse(body) as { reference: string };
      res.end(
        JSON.stringify({ status: true, data: { authorization_url: "https://checkout.paystack.test/x", access_code: "AC_e2e", reference } }),
      );
    } else if (req.method === "GET" && req.url?.startsWith("/transaction/verify/")) {
      const reference = decodeURIComponent(req.url.slice("/transaction/verify/".length));
      res.end(JSON.stringify({ status: true, data: { status: "ongoing", amount: 0, currency: "NGN", reference, id: 1 } }));
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ status: false, message: "no route" }));
    }
  });
});

const browser = useBrowser();
let shop: Awaited<ReturnType<typeof startExtraShop>>;
beforeAll(async () => {
  await new Promise<void>((r) => fakePaystack.listen(0, "127.0.0.1", r));
  const apiBase = `http://127.0.0.1:${(fakePaystack.address() as AddressInfo).port}`;
  shop = await startExtraShop({
    PAYMENT_PROVIDER: "paystack",
    PAYSTACK_SECRET_KEY: "sk_test_offline",
    PAYSTACK_API_BASE: apiBase,
    PAYSTACK_MODE: "popup",
  });
}, 130_000);
afterAll(async () => {
  await shop?.stop();
  await new Promise<void>((r) => fakePaystack.close(() => r()));
});

const newShopper = () => ({
  firstName: "Bisi",
  lastName: "Ade",
  email: `bisi.${crypto.randomUUID().slice(0, 8)}@example.ng`,
  phone: "08031234567",
  address: "2 Marina",
  password: "Calm-and-kind-2026",
});

/** Registers, puts a product in the cart and opens /checkout with the address filled in; returns the product's id. */
async function toCheckout(page: Page): Promise<string> {
  await signedInShopper(page, newShopper());
  await openBuyableProduct(page);
  const productId = new URL(page.url()).pathname.split("/").pop()!;
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await page.waitForURL(/\/cart$/);
  await page.goto("/checkout");
  await checkout.fillAddress(page, { street: "2 Marina", city: "Lagos Island", phone: "08031234567" });
  return productId;
}

describe("Paystack popup mode", () => {
  it("shows 'Failed to load payment modal…' after 3 attempts 1 s apart, and the Pay button works again", async () => {
    const { context, page } = await browser.newPage("desktop", shop.baseUrl);
    await skipNewsletterPopup(context);
    let attempts = 0;
    await page.route("https://js.paystack.co/**", (route) => {
      attempts++;
      return route.abort("internetdisconnected");
    });
    await toCheckout(page);
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

  it("the popup closed or failing without payment cancels the order at once: stock back, cart kept", async () => {
    const { context, page } = await browser.newPage("desktop", shop.baseUrl);
    await skipNewsletterPopup(context);
    // Paystack's inline script, stood in for: the popup reports what the test says
    let report: "onCancel" | "onError" = "onCancel";
    await page.route("https://js.paystack.co/**", (route) =>
      route.fulfill({
        contentType: "application/javascript",
        body: `window.PaystackPop = function () {};
          window.PaystackPop.prototype.resumeTransaction = function (accessCode, callbacks) {
            setTimeout(function () { callbacks.${report}(${report === "onError" ? '{ message: "Transaction could not load" }' : ""}); }, 100);
          };`,
      }),
    );
    const productId = await toCheckout(page);
    const stock = async () => ((await (await page.request.get(`/api/products/${productId}`)).json()) as { stock: number }).stock;
    // 'My orders' lists orders paid or awaiting payment, and only her latest unpaid checkout, to
    // complete it (docs/product.md "My orders"): never one dead 'Cancelled' order per try
    const myOrders = async () =>
      ((await (await page.request.get("/api/purchases/mine")).json()) as { status: string; toPay: { action: string } | null }[]).map(
        (p) => `${p.status} ${p.toPay?.action}`,
      );
    expect(await myOrders()).toEqual([]);
    const before = await stock();

    await checkout.pay(page).click();
    await expect.poll(() => page.getByTestId("checkout-error").innerText(), { timeout: 10_000 }).toMatch(/^Payment cancelled\./);
    expect(await myOrders()).toEqual(["cancelled resume"]);
    expect(await stock()).toBe(before);
    expect(await checkout.pay(page).isEnabled()).toBe(true);
    await screenshot(page, "checkout-popup-closed-desktop");

    report = "onError";
    await page.evaluate(() => delete (window as { PaystackPop?: unknown }).PaystackPop);
    await checkout.pay(page).click();
    await expect.poll(() => page.getByTestId("checkout-error").innerText(), { timeout: 10_000 }).toMatch(/^The payment did not go through/);
    expect(await myOrders()).toEqual(["cancelled resume"]);
    expect(await stock()).toBe(before);
    // the cart is still there for the next try
    await cart.open(page);
    await expect.poll(() => cart.lines(page).count()).toBe(1);
    await context.close();
  });
});
