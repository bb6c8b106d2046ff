// The money path end to end. Needs the storefront's /productdetails page and the
// accounts' /register and /login screens (spec labels), so it runs once those are merged.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, isFocused, screenshot, useBrowser, visible } from "./support/browser";
import { guestCartOf } from "./support/buyer";
import { firstScripts, holdsZod, recordRequests } from "./support/page-scripts";
import { formatNairaAmount as naira } from "../../lib/money";
import {
  breakdown,
  cart,
  checkout,
  expectedDelivery,
  nairaOf,
  shownReviewCount,
  signedInShopper,
  skipNewsletterPopup,
  openBuyableProduct,
  waitForHydration,
} from "./support/shop";

const browser = useBrowser();
const address = { street: "14 Bode Thomas Street", city: "Surulere", phone: "08031234567" };

async function newShopper(page: Page) {
  return signedInShopper(page, { firstName: "Ada", lastName: "Obi" });
}

async function addFirstProductAsGuest(page: Page) {
  await openBuyableProduct(page);
  // the URL changes before the product page has rendered: wait for its button
  await visible(page.getByRole("button", { name: "Add To Cart" }));
  const productUrl = page.url();
  const title = await page.getByRole("heading", { level: 1 }).innerText();
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await page.waitForURL(/\/cart$/);
  return { productUrl, title };
}

/** A new shopper who paid for a product in the sandbox; returns the product's title. */
async function shopperWhoBoughtFirstProduct(page: Page) {
  const { title } = await addFirstProductAsGuest(page);
  await newShopper(page);
  await cart.merged(page, 2);
  await page.goto("/checkout");
  await checkout.fillAddress(page, address);
  await checkout.pay(page).click();
  await page.waitForURL(/\/pay\/sandbox\//);
  await page.getByRole("button", { name: "Pay now" }).click();
  await page.waitForURL(/\/checkout\/complete\?reference=/);
  await visible(page.getByTestId("order-number"));
  return title;
}

describe("checkout journeys", () => {
  for (const viewport of ["phone", "desktop"] as const) {
    it(`guest adds to cart → picks her area → registers → cart merged → pays in the sandbox → order confirmed → My orders → review (${viewport})`, async () => {
      const { context, page } = await browser.newPage(viewport);
      await skipNewsletterPopup(context);
      const { productUrl, title } = await addFirstProductAsGuest(page);
      await expect.poll(() => cart.badge(page).innerText()).toBe("2");

      // the guest's cart charges no made-up delivery: she picks her area and sees its real rate
      await expect.poll(() => page.getByTestId("summary-delivery").innerText()).toBe("Choose your area");
      expect(await page.getByTestId("summary-total").locator("xpath=..").innerText()).toMatch(/^Total before delivery/);
      await cart.chooseArea(page, "Badagry");
      const badagry = await expectedDelivery("Badagry", "standard");
      await expect.poll(async () => nairaOf(await page.getByTestId("summary-delivery").innerText())).toBe(badagry);
      const inCart = await breakdown(page, "summary");
      expect(inCart.total).toBe(inCart.subtotal + inCart.vat + badagry);
      await screenshot(page, `cart-area-${viewport}`);

      await newShopper(page);
      // the first signed-in page hands the guest cart to the account
      await expect.poll(() => page.evaluate(() => window.localStorage.getItem("cart"))).toBe("[]");
      await page.waitForLoadState("networkidle");
      // merged into the account: the server cart has the guest's 2 units
      await cart.open(page);
      await expect.poll(() => cart.lines(page).count()).toBe(1);
      expect(await page.getByTestId("line-quantity").innerText()).toBe("2");
      await expect.poll(() => cart.badge(page).innerText()).toBe("2");

      // signed in, the cart keeps the area she picked (over her profile's Town)
      expect(await cart.area(page).inputValue()).toBe("Badagry");
      expect(await breakdown(page, "summary")).toEqual(inCart);

      await page.getByRole("link", { name: "Proceed to payment" }).click();
      await page.waitForURL(/\/checkout$/);
      // the checkout starts with the cart's area and charges what the cart showed
      expect(await checkout.lga(page).inputValue()).toBe("Badagry");
      expect(await breakdown(page, "summary")).toEqual(inCart);
      // each method says its price for the area where she chooses it
      const standardRadio = page.getByRole("radio", { name: `Standard · ${naira(badagry)} 3–5 days` });
      expect(await standardRadio.isChecked()).toBe(true);
      expect(
        await page.getByRole("radio", { name: `Express · ${naira(await expectedDelivery("Badagry", "express"))} 1–2 days` }).count(),
      ).toBe(1);
      // only the shop's delivery areas: no 'Other area' paying a fallback fee
      const options = (await checkout.lga(page).locator("option").allInnerTexts()).map((o) => o.trim());
      expect(options).not.toContain("Other area");
      await checkout.fillAddress(page, address);
      // another area: the summary and the radios follow
      const lga = "Ikeja";
      await checkout.lga(page).selectOption(lga);
      await checkout.method(page, "Express").check();
      // express = the LGA's rate + the settings' surcharge, exactly
      const express = await expectedDelivery(lga, "express");
      await expect.poll(async () => nairaOf(await page.getByTestId("summary-delivery").innerText())).toBe(express);
      await expect.poll(() => page.getByRole("radio", { name: `Express · ${naira(express)} 1–2 days` }).isChecked()).toBe(true);
      const quoted = await breakdown(page, "summary");
      expect(quoted.total).toBe(quoted.subtotal + quoted.vat + quoted.delivery);
      await screenshot(page, `checkout-${viewport}`);
      await expectAccessible(page);
      const total = await page.getByTestId("summary-total").innerText();
      await checkout.pay(page).click();

      await page.waitForURL(/\/pay\/sandbox\//);
      expect(await page.getByTestId("sandbox-amount").innerText()).toBe(total);
      await screenshot(page, `sandbox-pay-${viewport}`);
      await page.getByRole("button", { name: "Pay now" }).click();

      await page.waitForURL(/\/checkout\/complete\?reference=/);
      const orderNumber = await page.getByTestId("order-number").innerText();
      expect(orderNumber).toMatch(/^Order #[0-9a-f]{8}$/);
      expect(await page.getByTestId("order-mail-note").innerText()).toMatch(/^Paid .+ · a confirmation is on its way to \S+@\S+$/);
      const items = page.getByRole("list", { name: "Items" });
      expect((await items.innerText()).replace(/\s+/g, " ")).toContain(title.replace(/\s+/g, " ").trim());
      // the confirmation shows the breakdown the checkout quoted, express delivery included
      expect(await breakdown(page, "order")).toEqual(quoted);
      await visible(page.getByText(address.street));
      // her number as people read it, not as it is stored (+2348031234567)
      expect(await page.getByText("+234 803 123 4567").count()).toBe(1);
      await screenshot(page, `order-confirmed-${viewport}`);
      await expect.poll(() => cart.badge(page).innerText()).toBe("0");

      await page.goto("/profile");
      await visible(page.getByTestId("my-orders").getByText(orderNumber));
      await page.getByTestId("my-orders").getByText(orderNumber).click();
      await screenshot(page, `my-orders-${viewport}`);

      await page.goto(productUrl);
      const reviewsBefore = await page
        .getByTestId("review-list")
        .locator("li")
        .count()
        .catch(() => 0);
      const countBefore = await shownReviewCount(page);
      await page.locator("label", { hasText: "5 stars" }).click();
      await page.getByLabel("Comment").fill("Beautiful paper and a calm design.");
      await page.getByRole("button", { name: "Submit Review" }).click();
      await visible(page.getByText("Review submitted successfully!"));
      await expect.poll(() => page.getByTestId("review-list").locator("li").count()).toBe(reviewsBefore + 1);
      // the count shown under the product's stars is the real aggregate, one more
      await expect.poll(() => shownReviewCount(page)).toBe(countBefore + 1);
      expect(await page.getByLabel("Comment").inputValue()).toBe("");
      await screenshot(page, `review-accepted-${viewport}`);

      // the same again from My orders: to the cart, at today's prices, saying what came back
      await page.goto("/profile");
      await page.getByRole("button", { name: `Order again: ${orderNumber}` }).click();
      await page.waitForURL(/\/cart$/);
      await visible(
        page.getByText(new RegExp(`^Added \\d+ items? from order #${orderNumber.slice(-8)} to your cart, at today's prices\\.`)),
      );
      await visible(page.getByRole("list", { name: "Cart items" }).getByText(title.trim()).first());
      await screenshot(page, `order-again-${viewport}`);
      await context.close();
    });
  }

  it("checks her details in the browser before sending them: the form's rules arrive once the page runs, not before it", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await guestCartOf(context, "Pocket Gratitude Notebook");
    const { scripts, posts } = recordRequests(page);
    const html = await (await page.goto("/checkout"))!.text();
    await waitForHydration(page);
    // zod (about 24 KB gzip) is not among the scripts the page starts with; it came after
    const first = firstScripts(html);
    expect(first.length).toBeGreaterThan(0);
    expect(await holdsZod(first)).toBe(false);
    // asked for once the page runs (on a slow machine, a moment after hydration)
    await expect.poll(() => holdsZod(scripts.filter((url) => !first.some((file) => url.endsWith(file)))), { timeout: 10_000 }).toBe(true);

    // an empty form: the browser names what is missing and sends nothing
    await checkout.lga(page).selectOption("Surulere");
    await checkout.pay(page).click();
    await visible(page.getByText("Street is required"));
    await visible(page.getByText("City is required"));
    // she is taken to the first field the page asks her to fix, as she reads it from the top
    await expect.poll(() => isFocused(page.locator("main").getByLabel("Full name", { exact: true }))).toBe(true);
    expect(posts.filter((url) => new URL(url).pathname === "/checkout")).toEqual([]);
    await context.close();
  });

  it("'Cancel payment' returns to /checkout with a message and the cart intact", async () => {
    const { context, page } = await browser.newPage("desktop");
    await skipNewsletterPopup(context);
    await addFirstProductAsGuest(page);
    await newShopper(page);
    // the merge runs on the first signed-in page; a full load of /checkout before
    // it lands would find the account's cart still empty
    await cart.merged(page, 2);
    await page.goto("/checkout");
    await checkout.fillAddress(page, address);
    await checkout.pay(page).click();
    await page.waitForURL(/\/pay\/sandbox\//);
    await page.getByRole("button", { name: "Cancel payment" }).click();
    await page.waitForURL(/\/checkout\?payment=cancelled/);
    expect(await page.getByTestId("checkout-error").innerText()).toMatch(/Payment cancelled/);
    await screenshot(page, "checkout-cancelled-desktop");
    await cart.open(page);
    await expect.poll(() => cart.lines(page).count()).toBe(1);
    await context.close();
  });

  it("someone who has not bought the product is told before writing that only buyers can review", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await newShopper(page);
    await openBuyableProduct(page);
    await expect
      .poll(() => page.getByTestId("review-gate").innerText())
      .toContain("Only customers who have bought this product can review it.");
    expect(await page.getByRole("button", { name: "Submit Review" }).count()).toBe(0);
    await context.close();
  });

  it("/review: the server's messages and a cleared form on success", async () => {
    const { context, page } = await browser.newPage("desktop");
    await skipNewsletterPopup(context);
    const title = await shopperWhoBoughtFirstProduct(page);
    await page.goto("/review");
    // the script's path (a form sent before it runs is the server's: tests/api/page-actions.test.ts)
    await waitForHydration(page);
    const main = page.locator("main");
    const submit = () => main.getByRole("button", { name: "Submit Review" }).click();
    expect((await main.getByLabel("Product", { exact: true }).locator("option").allInnerTexts()).map((o) => o.trim())).toContain(
      title.trim(),
    );
    await main.getByLabel("Product", { exact: true }).selectOption({ index: 1 });

    // no star chosen: the form says what is wrong beside the stars (the schema the action runs too)
    await main.getByLabel("Comment", { exact: true }).fill("Lovely paper");
    await submit();
    await visible(main.getByRole("group", { name: "Your rating" }).getByText("Choose a rating from 1 to 5"));
    // the stars are the field to fix: the first takes the focus
    await expect.poll(() => isFocused(main.getByRole("radio", { name: "1 star" }))).toBe(true);

    // a NUL character (which PostgreSQL cannot store) is refused by the action with a message, not a server error;
    // the 'An error occured…' fallback for unexpected failures is covered in app/routes/shop/review.test.tsx
    await main.locator("label", { hasText: "4 stars" }).click();
    await main.getByLabel("Comment", { exact: true }).fill("Lovely\u0000paper");
    await submit();
    await expect
      .poll(() => main.getByRole("alert").innerText())
      .toBe("The text holds an invisible control character. Please remove it and try again.");
    await screenshot(page, "review-standalone-error-desktop");

    await main.locator("label", { hasText: "5 stars" }).click();
    await main.getByLabel("Comment", { exact: true }).fill("Calm colours, sturdy paper.");
    // what the comment box holds at the moment the success message enters the page (a mutation
    // callback runs before the browser paints): the form is emptied with the answer, not a frame later
    const commentWhenAnswered = page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const main = document.querySelector("main")!;
          new MutationObserver((_, observer) => {
            if (!main.querySelector('[role="status"]')?.textContent?.includes("Review submitted successfully!")) return;
            observer.disconnect();
            resolve(main.querySelector("textarea")!.value);
          }).observe(main, { childList: true, subtree: true, characterData: true });
        }),
    );
    await submit();
    await expect.poll(() => main.getByRole("status").innerText()).toBe("Review submitted successfully!");
    // docs/product.md §4: success clears rating and comment
    expect(await commentWhenAnswered).toBe("");
    expect(await main.getByLabel("Comment", { exact: true }).inputValue()).toBe("");
    expect(await main.locator('input[name="rating"]:checked').count()).toBe(0);
    await screenshot(page, "review-standalone-success-desktop");
    await context.close();
  });
});
