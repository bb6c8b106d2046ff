// docs/product.md "Guest checkout" and "Paying", on a phone: a guest buys with a discount code and
// the sandbox from one screen of checkout, and later orders the same again from the order's page; a
// shopper pays by bank transfer and the owner records it; an order paid on delivery goes out unpaid
// and the rider's collection is recorded.
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { loginAsAdmin } from "./support/admin";
import { expectAccessible, screenshot, useBrowser, visible } from "./support/browser";
import {
  adminApi,
  breakdown,
  cart,
  checkout,
  expectNoSidewaysScroll,
  expectedDelivery,
  nairaOf,
  skipNewsletterPopup,
  waitForHydration,
  buyableProductInCart,
  pickBeforeScripts,
} from "./support/shop";

const browser = useBrowser();
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const JOURNEY_MS = 150_000;

/** A product into the guest cart, then on /cart with her area chosen. */
async function guestCart(page: Page, area = "Surulere") {
  await buyableProductInCart(page);
  await expect.poll(() => cart.lines(page).count()).toBe(1);
  await cart.chooseArea(page, area);
}

/** The text fields, selects and text areas a shopper sees on the page (closed sections hide theirs). */
const visibleFields = (page: Page) =>
  page
    .locator("main")
    .locator("input:not([type=hidden]):not([type=radio]):not([type=checkbox]), select, textarea")
    .filter({ visible: true })
    .count();

async function fillGuest(page: Page, who: { name: string; email: string }) {
  await checkout.fillContact(page, who);
  await checkout.fillAddress(page, { street: "4 Bode Thomas Street", city: "Surulere", phone: "0803 555 0142" });
}

/** The purchase's id, found by the buyer's email through the admin API. */
async function purchaseIdOf(email: string): Promise<string> {
  const rows = await adminApi<{ id: string; email: string }[]>("GET", `/api/purchases?q=${encodeURIComponent(email)}`);
  return rows.find((r) => r.email === email)!.id;
}

describe("ways to pay, on a phone", () => {
  it(
    "a guest buys with a discount code and the sandbox in one screen of checkout, and orders the same again",
    async () => {
      const code = `CALM${stamp}`;
      await adminApi("POST", "/api/discounts/create", { code, kind: "percent", percent: 10 });
      const { context, page } = await browser.newPage("phone");
      await skipNewsletterPopup(context);
      await page.goto(`/?code=${code}`);
      await guestCart(page);

      // from the cart: one tap to the checkout, no account asked for
      await page.getByRole("link", { name: "Proceed to payment" }).click();
      await page.waitForURL((u) => u.pathname === "/checkout");
      await waitForHydration(page);
      expect(await checkout.lga(page).inputValue()).toBe("Surulere");
      // the delivery and the whole total, VAT included, before anything is typed
      expect(await page.getByTestId("checkout-total-line").innerText()).toMatch(/^Delivery ₦[\d,]+ · Total ₦[\d,.]+ \(VAT included\)$/);
      expect(await visibleFields(page)).toBeLessThanOrEqual(6);
      // the visit's code is on the order summary
      await visible(page.getByTestId("summary-code"));
      const quoted = await breakdown(page, "summary");
      await screenshot(page, "checkout-guest-phone");
      await expectAccessible(page);

      await fillGuest(page, { name: "Ada Obi", email: `ada.${stamp.toLowerCase()}@example.ng` });
      await expectNoSidewaysScroll(page);
      await screenshot(page, "checkout-guest-filled-phone");
      await checkout.pay(page).click();
      await page.waitForURL(/\/pay\/sandbox\//);
      expect(nairaOf(await page.getByTestId("sandbox-amount").innerText())).toBe(quoted.total);
      await page.getByRole("button", { name: "Pay now" }).click();

      await page.waitForURL(/\/checkout\/complete\?reference=.*&t=/);
      await visible(page.getByTestId("order-number"));
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Thank you! Your order is confirmed");
      expect(await breakdown(page, "order")).toEqual(quoted);
      expect(await page.locator("main").innerText()).toContain(code);
      // the order is placed: her browser's cart is empty
      await expect.poll(() => cart.badge(page).innerText()).toBe("0");
      await screenshot(page, "order-confirmed-guest-phone");
      // she did not tick 'Save my details' at the checkout: the paid order's page offers it
      const saveDetails = page.getByRole("button", { name: "Save my details" });
      await saveDetails.scrollIntoViewIfNeeded();
      await screenshot(page, "save-details-offer-phone");
      await saveDetails.click();
      await visible(page.getByText(/^Your details are saved\. We have mailed \S+@\S+ a link to set your password: it works for 7 days\.$/));
      expect(await page.getByRole("heading", { name: "Save your details for next time" }).count()).toBe(0);

      // later she starts a new cart, then opens this order from its mail: her new cart stays
      const orderUrl = page.url();
      await buyableProductInCart(page);
      await expect.poll(() => cart.badge(page).innerText()).toBe("1");
      await page.goto(orderUrl);
      await waitForHydration(page);
      await visible(page.getByTestId("order-number"));
      expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem("cart") ?? "[]").length)).toBe(1);
      expect(await cart.badge(page).innerText()).toBe("1");
      // the same again, as a guest, from the order's page
      const again = page.getByRole("button", { name: "Order again" });
      await again.scrollIntoViewIfNeeded();
      await screenshot(page, "order-again-guest-phone");
      await again.click();
      await page.waitForURL((u) => u.pathname === "/cart");
      await visible(page.getByText(/^Added 1 item from order #[0-9a-f]{8} to your cart, at today's prices\.$/));
      await expect.poll(() => cart.badge(page).innerText()).toBe("2");
      await expectNoSidewaysScroll(page);
      await screenshot(page, "order-again-cart-phone");
      await context.close();
    },
    JOURNEY_MS,
  );

  it("takes a delivery speed and a way to pay picked before the page's script runs, once it runs", async () => {
    await adminApi("PUT", "/api/settings", {
      transferEnabled: true,
      bankName: "GTBank",
      accountName: "Alafia Self-Care Ltd",
      accountNumber: "0123456789",
    });
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await guestCart(page);
    // a slow phone: the checkout is on screen before its script runs, and she picks at once
    await pickBeforeScripts(page, "/checkout", async () => {
      await checkout.method(page, "Express").check();
      await checkout.payWith(page, "Bank transfer to our account").check();
    });
    // the page follows her picks: the express price in the summary, the transfer's words on the button
    const express = await expectedDelivery("Surulere", "express");
    await expect.poll(async () => nairaOf(await page.getByTestId("summary-delivery").innerText()), { timeout: 15_000 }).toBe(express);
    await expect.poll(() => checkout.pay(page).innerText()).toContain("Place order, pay by transfer");
    expect(await checkout.method(page, "Express").isChecked()).toBe(true);
    expect(await checkout.payWith(page, "Bank transfer to our account").isChecked()).toBe(true);
    await context.close();
  });

  it("takes her area and a delivery speed both picked before the checkout's script runs", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    // no area chosen in the cart: the checkout opens without one
    await buyableProductInCart(page);
    await pickBeforeScripts(page, "/checkout", async () => {
      await checkout.lga(page).selectOption("Surulere");
      await page.getByRole("radio", { name: /^Express/ }).check();
    });
    // both count: the area's express price in the summary, Express still picked
    const express = await expectedDelivery("Surulere", "express");
    await expect.poll(async () => nairaOf(await page.getByTestId("summary-delivery").innerText()), { timeout: 15_000 }).toBe(express);
    expect(await checkout.method(page, "Express").isChecked()).toBe(true);
    expect(await checkout.lga(page).inputValue()).toBe("Surulere");
    await context.close();
  });

  it(
    "a shopper pays by bank transfer, the owner records it, and the order is paid",
    async () => {
      await adminApi("PUT", "/api/settings", {
        transferEnabled: true,
        bankName: "GTBank",
        accountName: "Alafia Self-Care Ltd",
        accountNumber: "0123456789",
      });
      const email = `bisi.${stamp.toLowerCase()}@example.ng`;
      const { context, page } = await browser.newPage("phone");
      await skipNewsletterPopup(context);
      await guestCart(page);
      await page.goto("/checkout");
      await waitForHydration(page);
      await fillGuest(page, { name: "Bisi Adeyemi", email });
      await checkout.payWith(page, "Bank transfer to our account").check();
      const button = checkout.pay(page);
      await expect.poll(() => button.innerText()).toContain("Place order, pay by transfer");
      await screenshot(page, "checkout-transfer-phone");
      await button.click();

      await page.waitForURL(/\/checkout\/complete\?reference=/);
      const details = page.getByTestId("transfer-details");
      await visible(details);
      const text = await details.innerText();
      expect(text).toContain("GTBank");
      expect(text).toContain("0123456789");
      // until when, in Lagos time on the 12-hour clock people speak
      expect(text).toMatch(/We hold your items until \w+day \d{1,2} \w+, \d{1,2}:\d{2} [ap]m and confirm your order/);
      const orderUrl = page.url();
      await screenshot(page, "order-awaiting-transfer-phone");
      await expectAccessible(page);
      // she sent it from her bank app, and says so with the name on her account
      const told = page.getByTestId("transfer-sent-form");
      await told.getByLabel("Name on the account you sent from").fill("ADA OBI");
      // with the screenshot her bank's app showed her
      const receipt = await sharp({ create: { width: 1080, height: 2340, channels: 3, background: "#e9f2ea" } })
        .png()
        .toBuffer();
      await told
        .getByLabel("Picture of your receipt (optional)")
        .setInputFiles({ name: "Screenshot_20261207.png", mimeType: "image/png", buffer: receipt });
      await told.getByRole("button", { name: "I have sent it" }).click();
      await visible(page.getByText("Thank you: we are looking for your transfer now.", { exact: false }));
      await expect
        .poll(() => page.getByTestId("transfer-sent-words").innerText())
        .toMatch(/^You told us you sent ₦[\d,.]+ from the account of ADA OBI on .*, with the picture of your receipt\./);
      await expectNoSidewaysScroll(page);
      await page.getByTestId("transfer-sent").scrollIntoViewIfNeeded();
      await screenshot(page, "order-transfer-sent-phone");

      // the owner, on her phone, sees what she said and records the transfer she received
      const owner = await browser.newPage("phone");
      await loginAsAdmin(owner.page);
      await owner.page.goto(`/viewpurchase/${await purchaseIdOf(email)}`);
      expect(await owner.page.getByTestId("transfer-sent").innerText()).toMatch(/^₦[\d,.]+ from ADA OBI · .* · See her receipt$/);
      // her receipt opens in a tab of its own, as a picture
      const [receiptTab] = await Promise.all([owner.context.waitForEvent("page"), owner.page.getByTestId("transfer-receipt-link").click()]);
      const shown = await receiptTab.waitForLoadState().then(() => receiptTab.evaluate(() => document.contentType));
      expect(shown).toBe("image/webp");
      await receiptTab.close();
      const form = owner.page.getByTestId("record-payment");
      await visible(form);
      await form.getByLabel("How it arrived").selectOption("transfer");
      await form.getByLabel("Reference").fill("GTB narration 0042");
      await screenshot(owner.page, "owner-records-transfer-phone");
      await form.getByRole("button", { name: "Record payment" }).click();
      await visible(owner.page.getByText("Payment recorded; the customer has been emailed"));
      await expect.poll(() => owner.page.locator("main").innerText()).toContain("Bank transfer received");
      await screenshot(owner.page, "owner-transfer-recorded-phone");
      await owner.context.close();

      // her order's page now says it is confirmed
      await page.goto(orderUrl);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Thank you! Your order is confirmed");
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    "pay on delivery: the order goes out unpaid and the rider's collection is recorded",
    async () => {
      await adminApi("PUT", "/api/settings", { podEnabled: true, podAreas: [], podMaxOrder: 200_000 });
      const email = `chi.${stamp.toLowerCase()}@example.ng`;
      const { context, page } = await browser.newPage("phone");
      await skipNewsletterPopup(context);
      await guestCart(page);
      await page.goto("/checkout");
      await waitForHydration(page);
      await fillGuest(page, { name: "Chi Okafor", email });
      await checkout.payWith(page, "Pay on delivery").check();
      await checkout.pay(page).click();
      await page.waitForURL(/\/checkout\/complete\?reference=/);
      await visible(page.getByTestId("pod-details"));
      await screenshot(page, "order-pay-on-delivery-phone");

      const owner = await browser.newPage("phone");
      await loginAsAdmin(owner.page);
      await owner.page.goto(`/viewpurchase/${await purchaseIdOf(email)}`);
      const main = owner.page.locator("main");
      for (const step of ["Mark as processing", "Mark as shipped"]) {
        await main.getByRole("button", { name: step }).click();
        await expect.poll(() => main.getByRole("button", { name: step }).count()).toBe(0);
      }
      expect(await main.innerText()).toContain("Not paid");
      const form = owner.page.getByTestId("record-payment");
      await form.getByLabel("How it arrived").selectOption("cash");
      await form.getByRole("button", { name: "Record payment" }).click();
      await visible(owner.page.getByText("Payment recorded; the customer has been emailed"));
      await expect.poll(() => main.innerText()).toContain("Cash received");
      await screenshot(owner.page, "owner-pod-collected-phone");
      await main.getByRole("button", { name: "Mark as delivered" }).click();
      await expect.poll(() => main.getByRole("button", { name: "Mark as delivered" }).count()).toBe(0);
      await owner.context.close();
      await context.close();
    },
    JOURNEY_MS,
  );
});
