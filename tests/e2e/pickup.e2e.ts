// docs/product.md "Pick-up", on a phone and a laptop: a guest chooses to collect her order at the
// studio (the demo shop offers it), so the checkout asks for no area, street or city and charges
// nothing for delivery; she pays, and her order's page says where she collects it. The owner marks
// it ready to collect (on the phone with the pick-ups' own step on /deliveries, on the laptop from its
// page), finds it among the pick-ups on /deliveries, and the shopper's page says so; at the counter
// the owner types the code she shows (a wrong one moves nothing) and marks it collected.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loginAsAdmin } from "./support/admin";
import { expectAccessible, screenshot, useBrowser, visible } from "./support/browser";
import {
  adminApi,
  breakdown,
  buyableProductInCart,
  cart,
  checkout,
  expectNoSidewaysScroll,
  nairaOf,
  skipNewsletterPopup,
  waitForHydration,
} from "./support/shop";

const browser = useBrowser();
const stamp = Date.now().toString(36).slice(-5).toLowerCase();
const STUDIO = "12 Admiralty Way, Lekki Phase 1, Lagos";
// the demo's second point, on the Mainland: the phone's shopper collects there
const IKEJA = "5 Isaac John Street, Ikeja GRA, Lagos";

const field = (page: Page, label: string) => page.locator("main").getByLabel(label, { exact: true });

describe("pick-up at the studio", () => {
  for (const viewport of ["phone", "desktop"] as const) {
    it(`a guest collects her order: no address asked, nothing to pay for delivery, ready to collect (${viewport})`, async () => {
      const { context, page } = await browser.newPage(viewport);
      const point = viewport === "phone" ? { number: 2, address: IKEJA } : { number: 1, address: STUDIO };
      await skipNewsletterPopup(context);
      await buyableProductInCart(page);
      await expect.poll(() => cart.lines(page).count()).toBe(1);
      await cart.chooseArea(page, "Surulere");
      await page.getByRole("link", { name: "Proceed to payment" }).click();
      await page.waitForURL((u) => u.pathname === "/checkout");
      await waitForHydration(page);
      // offered under the area, and beside the speeds with the address
      await visible(page.getByTestId("pickup-hint"));
      expect(await page.getByTestId("pickup-hint").innerText()).toBe(`Or collect it free at ${STUDIO} or ${IKEJA}: choose Pick-up below.`);
      const delivered = await breakdown(page, "summary");
      expect(delivered.delivery).toBeGreaterThan(0);

      await page.getByRole("radio", { name: /^Pick-up · Free/ }).check();
      await visible(page.getByTestId("pickup-summary"));
      // the area, the street and the city leave the form; the summary charges nothing for delivery
      await expect.poll(() => field(page, "Street address").count()).toBe(0);
      expect(await field(page, "City or town").count()).toBe(0);
      expect(await checkout.lga(page).count()).toBe(0);
      await expect.poll(() => page.getByTestId("summary-delivery").innerText()).toBe("Free");
      const collected = await breakdown(page, "summary");
      expect(collected.total).toBe(collected.subtotal + collected.vat);
      expect(await page.getByTestId("checkout-total-line").innerText()).toMatch(/^Pick-up free · Total ₦[\d,.]+ \(VAT included\)$/);
      await checkout.fillContact(page, { name: "Ada Obi", email: `pickup.${viewport}.${stamp}@example.ng` });
      await field(page, "Phone").fill("0803 555 0142");
      // two points across town: she says which, the page never guesses
      expect(await page.getByTestId("pickup-summary").innerText()).toBe("You collect your order at the point you choose below");
      if (viewport === "phone") {
        await checkout.pay(page).click();
        await visible(page.getByText("Choose where you will collect your order.", { exact: true }).first());
        expect(page.url()).toContain("/checkout");
      }
      await page.getByTestId(`pickup-point-${point.number}`).getByRole("radio").check();
      await expect.poll(() => page.getByTestId("pickup-summary").innerText()).toBe(`You collect your order at ${point.address}`);
      await expectNoSidewaysScroll(page);
      await page.getByTestId("pickup-points").scrollIntoViewIfNeeded();
      await screenshot(page, `checkout-pickup-${viewport}`);
      await expectAccessible(page);

      await checkout.pay(page).click();
      await page.waitForURL(/\/pay\/sandbox\//);
      expect(nairaOf(await page.getByTestId("sandbox-amount").innerText())).toBe(collected.total);
      await page.getByRole("button", { name: "Pay now" }).click();
      await page.waitForURL(/\/checkout\/complete\?reference=.*&t=/);
      await visible(page.getByTestId("order-number"));
      expect(await page.getByTestId("order-address").innerText()).toMatch(
        new RegExp(`^Pick up at\\s+Ada Obi\\s+${point.address} \\(Monday to`),
      );
      // the shop's other point is hers to choose until it is being prepared
      const other = point.number === 2 ? STUDIO : IKEJA;
      await visible(page.getByRole("button", { name: `Collect it at ${other} instead` }));
      // the summary said "Free" where the order's breakdown says ₦0
      expect(await breakdown(page, "order")).toEqual({ ...collected, delivery: 0 });
      await screenshot(page, `order-pickup-${viewport}`);

      // the owner marks it ready: no rider to name
      const rows = await adminApi<{ id: string; email: string }[]>("GET", `/api/purchases?q=pickup.${viewport}.${stamp}`);
      const owner = await browser.newPage(viewport);
      await loginAsAdmin(owner.page);
      await owner.page.goto(`/viewpurchase/${rows[0]!.id}`);
      const main = owner.page.locator("main");
      expect(await owner.page.getByTestId("admin-pickup").innerText()).toContain(`Collects it at ${point.address}`);
      await visible(owner.page.getByRole("button", { name: `Move to ${other}` }));
      await main.getByRole("button", { name: "Mark as processing" }).click();
      await expect.poll(() => main.getByRole("button", { name: "Mark as processing" }).count()).toBe(0);
      const shelf = () =>
        owner.page
          .getByTestId("pickups")
          .getByTestId("pickup-row")
          .filter({ hasText: rows[0]!.id.slice(0, 8) });
      if (viewport === "phone") {
        // on the phone, from the pick-ups on /deliveries, with the others packed
        await owner.page.goto("/deliveries");
        expect(await shelf().innerText()).toContain("Preparing");
        // which of the two points she collects from
        expect(await shelf().getByTestId("pickup-row-point").innerText()).toMatch(new RegExp(`^At ${point.address} \\(`));
        await screenshot(owner.page, `owner-pickup-steps-${viewport}`);
        await owner.page.getByRole("button", { name: /packed as ready to collect$/ }).click();
        await visible(owner.page.getByText(/ready to collect; (its|each) customer was told\.$/));
        await expect.poll(() => shelf().innerText()).toContain("Ready to collect");
        await screenshot(owner.page, `owner-pickups-ready-${viewport}`);
        await owner.page.goto(`/viewpurchase/${rows[0]!.id}`);
      } else {
        await main.getByRole("button", { name: "Mark as ready to collect" }).click();
        await expect.poll(() => main.getByRole("button", { name: "Mark as ready to collect" }).count()).toBe(0);
        await visible(owner.page.getByText("Order marked ready to collect; the customer has been emailed"));
      }
      // the badge says the pick-up's own step
      await visible(main.getByText("Ready to collect", { exact: true }).first());
      await visible(main.getByRole("button", { name: "Mark as collected" }));
      expect(await main.getByLabel("Rider's name and phone, or tracking details").count()).toBe(0);
      await screenshot(owner.page, `owner-pickup-ready-${viewport}`);
      // the day's deliveries list what waits on the shelf for her
      await owner.page.goto("/deliveries");
      await visible(shelf());
      expect(await shelf().innerText()).toContain("Ready to collect");
      await expectNoSidewaysScroll(owner.page);
      await screenshot(owner.page, `owner-pickups-${viewport}`);

      await page.reload();
      await expect.poll(() => page.getByTestId("order-timeline").innerText()).toContain("Ready to collect");
      // with the code she shows at the counter, or sends to whoever collects it
      const shown = await page.getByTestId("collection-code").innerText();
      expect(shown).toMatch(/^Collection code \d{4}\nShow it at the counter/);
      await page.getByTestId("collection-code").scrollIntoViewIfNeeded();
      await screenshot(page, `order-pickup-ready-${viewport}`);

      // at the counter: the team types the code she shows; a wrong one moves nothing
      const code = /\d{4}/.exec(shown)![0];
      await owner.page.goto(`/viewpurchase/${rows[0]!.id}`);
      await waitForHydration(owner.page);
      expect(await main.getByTestId("admin-collection-code").innerText()).toBe("Ask for her collection code");
      await main.getByLabel("Code she shows you").fill(code === "0000" ? "1111" : "0000");
      await main.getByLabel("Collected by").fill("Ada herself");
      await main.getByRole("button", { name: "Mark as collected" }).click();
      await visible(main.getByText("That is not this order's collection code.", { exact: false }).first());
      await visible(main.getByText("Ready to collect", { exact: true }).first());
      await expectNoSidewaysScroll(owner.page);
      await screenshot(owner.page, `owner-pickup-counter-${viewport}`);
      await main.getByLabel("Code she shows you").fill(code);
      await main.getByRole("button", { name: "Mark as collected" }).click();
      await visible(owner.page.getByText("Order marked collected; the customer has been emailed"));
      await expect.poll(() => main.getByRole("button", { name: "Mark as collected" }).count()).toBe(0);
      await owner.context.close();

      // her page says who collected it
      await page.reload();
      await expect.poll(() => page.getByTestId("step-detail-delivered").innerText()).toBe("Ada herself");
      await context.close();
    }, 150_000);
  }
});
