// Order tracking (docs/product.md "Tracking an order"): a guest pays, her order's page shows its
// progress; the shop sends it out; later, on another phone, she finds it again at /track with the
// order number and her phone, and sees it is out for delivery.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, screenshot, useBrowser, visible } from "./support/browser";
import {
  adminApi,
  cart,
  checkout,
  expectNoSidewaysScroll,
  skipNewsletterPopup,
  waitForHydration,
  buyableProductInCart,
} from "./support/shop";

const browser = useBrowser();
const stamp = Date.now().toString(36).slice(-5);
const JOURNEY_MS = 150_000;

/** The steps of the order's progress that have happened, by their data-step key. */
const doneSteps = (page: Page) =>
  page
    .locator('[data-testid="order-timeline"] li[data-done="true"]')
    .evaluateAll((items) => items.map((li) => li.getAttribute("data-step")));

describe("tracking an order, on a phone", () => {
  it(
    "a guest pays, the shop sends the order out, and she follows it at /track with its number and her phone",
    async () => {
      const email = `tola.${stamp}@example.ng`;
      const buyer = await browser.newPage("phone");
      await skipNewsletterPopup(buyer.context);
      await buyableProductInCart(buyer.page);
      await expect.poll(() => cart.lines(buyer.page).count()).toBe(1);
      await cart.chooseArea(buyer.page, "Surulere");
      await buyer.page.getByRole("link", { name: "Proceed to payment" }).click();
      await buyer.page.waitForURL((u) => u.pathname === "/checkout");
      await waitForHydration(buyer.page);
      await checkout.fillContact(buyer.page, { name: "Tola Bakare", email });
      await checkout.fillAddress(buyer.page, { street: "4 Bode Thomas Street", city: "Surulere", phone: "0803 555 0142" });
      await checkout.pay(buyer.page).click();
      await buyer.page.waitForURL(/\/pay\/sandbox\//);
      await buyer.page.getByRole("button", { name: "Pay now" }).click();
      await buyer.page.waitForURL(/\/checkout\/complete\?reference=.*&t=/);
      const number = (await buyer.page.getByTestId("order-number").innerText()).replace(/^Order #/, "");
      await expect.poll(() => doneSteps(buyer.page)).toEqual(["placed", "paid"]);
      await buyer.context.close();

      // the shop prepares it and hands it to the rider
      const [row] = await adminApi<{ id: string; email: string }[]>("GET", `/api/purchases?q=${encodeURIComponent(email)}`);
      expect(row!.id.slice(0, 8)).toBe(number);
      await adminApi("PATCH", `/api/purchases/${row!.id}/status`, { status: "processing" });
      await adminApi("PATCH", `/api/purchases/${row!.id}/status`, { status: "shipped", note: "Rider: Musa Bello, 0803 111 2222" });

      // another phone, no cookies: the footer's 'Track your order'
      const later = await browser.newPage("phone");
      await skipNewsletterPopup(later.context);
      await later.page.goto("/");
      await later.page.getByRole("contentinfo").getByRole("link", { name: "Track your order" }).click();
      // /track is plain HTML (no JavaScript): its form posts to the server, before or after the home page's script ran
      await later.page.waitForURL((u) => u.pathname === "/track");
      await later.page.getByLabel("Order number").fill(`#${number}`);
      await later.page.getByLabel("Phone or email").fill("someone@example.ng");
      await later.page.getByRole("button", { name: "Track order" }).click();
      await visible(later.page.getByText("We could not find an order with that number and phone or email"));
      await screenshot(later.page, "track-not-found-phone");
      await later.page.getByLabel("Phone or email").fill("+234 803 555 0142");
      await later.page.getByRole("button", { name: "Track order" }).click();
      // the order's page, however she came to /track (a client-side move or a page of its own): its steps say when it is there
      // (a busy machine may take a while: the timeline is what she waits for)
      await visible(later.page.getByTestId("order-timeline"), 60_000);
      expect(later.page.url()).toMatch(/\/checkout\/complete\?reference=.*&t=/);
      await expect.poll(() => doneSteps(later.page)).toEqual(["placed", "paid", "preparing", "shipped"]);
      expect(await later.page.getByTestId("order-timeline").innerText()).toContain("Out for delivery");
      expect(await later.page.getByTestId("step-detail-shipped").innerText()).toBe("Rider: Musa Bello, 0803 111 2222");
      await expectNoSidewaysScroll(later.page);
      await expectAccessible(later.page);
      await later.page.getByTestId("order-timeline").scrollIntoViewIfNeeded();
      await screenshot(later.page, "track-order-progress-phone");
      await later.context.close();

      // opened from a mail or typed in: plain HTML without a script; the menu opens by its link
      const plain = await browser.newPage("phone");
      await skipNewsletterPopup(plain.context);
      await plain.page.goto("/track");
      expect(await plain.page.evaluate(() => [...document.scripts].filter((s) => s.type !== "application/ld+json").length)).toBe(0);
      // her cart lives in the browser: a page without a script shows no number rather than 0
      expect(await cart.badge(plain.page).count()).toBe(0);
      await plain.page.getByRole("link", { name: "Open menu" }).click();
      await visible(plain.page.locator("#mobile-menu").getByRole("link", { name: "Log in" }));
      await screenshot(plain.page, "track-plain-menu-phone");
      // and closes by its own link
      await plain.page.locator("#mobile-menu").getByRole("link", { name: "Close menu" }).click();
      await expect.poll(() => plain.page.locator("#mobile-menu").isVisible()).toBe(false);
      await plain.context.close();

      const desk = await browser.newPage("desktop");
      await desk.page.goto("/track");
      await screenshot(desk.page, "track-desktop");
      await desk.context.close();
    },
    JOURNEY_MS,
  );
});
