import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, useBrowser, visible } from "./support/browser";
import { adminApi, api, cart, signedInShopper, skipNewsletterPopup, waitForHydration } from "./support/shop";

// Stock as a shopper meets it: asking for more than there is says 'Only N left' (product page
// and cart, guest and signed in); a product whose stock is not tracked is always buyable; a
// sold-out one says so on its card. And the review form says what reviewing takes up front.
const browser = useBrowser();
const stamp = Date.now().toString(36).slice(-5);
const made: string[] = [];

async function product(title: string, stock?: number) {
  const [category] = (await api<{ id: string }[]>("/api/categories")).body;
  const fields = { title, price: 7500, description: "Hand-poured soy candle with lemongrass.", categoryId: category!.id };
  const p = await adminApi<{ id: string; title: string }>(
    "POST",
    "/api/products/create",
    stock === undefined ? fields : { ...fields, stock },
  );
  made.push(p.id);
  return p;
}
let three: { id: string; title: string };
let untracked: { id: string; title: string };
beforeAll(async () => {
  three = await product(`Three Left Candle ${stamp}`, 3);
  untracked = await product(`Made To Order Candle ${stamp}`);
});
afterAll(async () => {
  for (const id of made) await adminApi("DELETE", `/api/products/${id}`).catch(() => undefined);
});

const newShopper = () => ({
  firstName: "Kemi",
  lastName: "Bello",
  email: `kemi.${crypto.randomUUID().slice(0, 8)}@example.ng`,
  phone: "08031234567",
  address: "5 Adeola Odeku",
  password: "Calm-and-kind-2026",
});

/** A new shopper, signed in (through the API: this file is about the catalogue). */
async function signUp(page: Page) {
  return signedInShopper(page, newShopper());
}

describe("quantities above the stock", () => {
  for (const signedIn of [false, true]) {
    const who = signedIn ? "signed in" : "guest";
    it(`product page and cart say 'Only 3 left' instead of stopping silently (${who}, phone)`, async () => {
      const { context, page } = await browser.newPage("phone");
      await skipNewsletterPopup(context);
      if (signedIn) await signUp(page);
      await page.goto(`/productdetails/${three.id}`);
      await waitForHydration(page);
      const more = page.getByRole("button", { name: "Increase quantity" });
      const message = page.getByTestId("quantity-message");
      await more.click();
      await more.click();
      expect(await page.getByTestId("product-quantity").innerText()).toBe("3");
      expect(await message.innerText()).toBe("");
      await more.click();
      await expect.poll(() => message.innerText()).toBe("Only 3 left");
      expect(await page.getByTestId("product-quantity").innerText()).toBe("3");
      await screenshot(page, `product-only-3-left-${signedIn ? "signed-in" : "guest"}-phone`);
      await expectAccessible(page);

      // 2 in the cart, then 2 more: refused, saying what is left and what the cart holds
      await page.getByRole("button", { name: "Decrease quantity" }).click();
      await page.getByRole("button", { name: "Add To Cart" }).click();
      await page.waitForURL(/\/cart$/);
      await page.goto(`/productdetails/${three.id}`);
      await waitForHydration(page);
      await more.click();
      await page.getByRole("button", { name: "Add To Cart" }).click();
      await expect
        .poll(() => message.innerText())
        .toBe(
          signedIn ? `Only 3 left of ${three.title}. You already have 2 in your cart.` : "Only 3 left. You already have 2 in your cart.",
        );
      expect(new URL(page.url()).pathname).toBe(`/productdetails/${three.id}`);

      // the cart line: up to 3, then the stepper says so and the quantity stays
      await cart.open(page);
      const line = cart.lines(page).filter({ hasText: three.title });
      await line.getByRole("button", { name: "Increase quantity" }).click();
      await expect.poll(() => line.getByTestId("line-quantity").innerText()).toBe("3");
      await line.getByRole("button", { name: "Increase quantity" }).click();
      await expect.poll(() => line.getByTestId("line-message").innerText()).toBe("Only 3 left");
      expect(await line.getByTestId("line-quantity").innerText()).toBe("3");
      await screenshot(page, `cart-only-3-left-${signedIn ? "signed-in" : "guest"}-phone`);
      await expectAccessible(page);
      await context.close();
    });
  }

  it("a product whose stock is not tracked reads 'In stock' and takes any quantity up to the shop's limit", async () => {
    const { context, page } = await browser.newPage("desktop");
    await skipNewsletterPopup(context);
    await page.goto(`/productdetails/${untracked.id}`);
    await waitForHydration(page);
    expect(await page.getByTestId("stock-state").innerText()).toBe("In stock");
    for (let i = 0; i < 9; i++) await page.getByRole("button", { name: "Increase quantity" }).click();
    expect(await page.getByTestId("product-quantity").innerText()).toBe("10");
    expect(await page.getByTestId("quantity-message").innerText()).toBe("");
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await page.waitForURL(/\/cart$/);
    await expect.poll(() => cart.lines(page).filter({ hasText: untracked.title }).getByTestId("line-quantity").innerText()).toBe("10");
    await context.close();
  });
});

describe("'Sold out' on cards", () => {
  for (const viewport of ["phone", "desktop"] as const) {
    it(`a sold-out product says so on its card in the list and in search, an untracked one never (${viewport})`, async () => {
      const { context, page } = await browser.newPage(viewport);
      await skipNewsletterPopup(context);
      await page.goto(`/products?q=${encodeURIComponent("worry stone")}`);
      const card = page.locator("main article").filter({ hasText: "Worry Stone" });
      await visible(card.getByText("Sold out", { exact: true }));
      await screenshot(page, `card-sold-out-${viewport}`);
      await expectAccessible(page);
      await page.goto(`/products?q=${encodeURIComponent("made to order candle")}`);
      const open = page.locator("main article").filter({ hasText: untracked.title });
      expect(await open.count()).toBe(1);
      expect(await open.getByText("Sold out").count()).toBe(0);
      await context.close();
    });
  }

  it("on a sold-out product's page she leaves her email to hear when it is back (phone)", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await page.goto(`/products?q=${encodeURIComponent("worry stone")}`);
    await page.locator("main article").filter({ hasText: "Worry Stone" }).getByRole("link").first().click();
    await page.waitForURL(/\/productdetails\//);
    await waitForHydration(page);
    // the demo shop shows its WhatsApp number, so the box takes a number too (the messages journey leaves one)
    const ask = page.getByTestId("back-in-stock");
    const box = ask.getByLabel("Leave your email or WhatsApp number and we will tell you once it is back.");
    await box.fill("not-an-email");
    await ask.getByRole("button", { name: "Tell me when it's back" }).click();
    await expect.poll(() => page.locator("#back-in-stock-answer").innerText()).toContain("Enter a valid email address");
    await box.fill("amaka.waits@example.ng");
    await ask.getByRole("button", { name: "Tell me when it's back" }).click();
    await expect
      .poll(() => page.getByTestId("back-in-stock").innerText())
      .toMatch(/^Thank you! We will email amaka\.waits@example\.ng once when Worry Stone .* is back in stock\.$/);
    // she stayed on the product
    expect(new URL(page.url()).pathname).toMatch(/^\/productdetails\/[^/]+$/);
    await screenshot(page, "back-in-stock-phone");
    await expectAccessible(page);
    await context.close();
  });
});

describe("the product page's review form", () => {
  it("a guest is asked to log in first and comes back to the product; a shopper who has not bought it is told only buyers review", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await page.goto(`/productdetails/${three.id}`);
    await waitForHydration(page);
    const gate = page.getByTestId("review-gate");
    expect(await page.getByRole("button", { name: "Submit Review" }).count()).toBe(0);
    await screenshot(page, "review-log-in-first-phone");
    await expectAccessible(page);

    await visible(gate.getByRole("link", { name: "Log in to review" }));
    const shopper = await signUp(page);
    await page.context().clearCookies();
    await page.goto(`/productdetails/${three.id}`);
    await gate.getByRole("link", { name: "Log in to review" }).click();
    await page.waitForURL((u) => u.pathname === "/login" && u.searchParams.get("redirectTo") === `/productdetails/${three.id}`);
    await page.locator("main").getByLabel("Email", { exact: true }).fill(shopper.email);
    await page.locator("main").getByLabel("Password", { exact: true }).fill(shopper.password);
    await page.getByRole("button", { name: /log in/i }).click();
    await page.waitForURL((u) => u.pathname === `/productdetails/${three.id}`);
    await expect.poll(() => gate.innerText()).toContain("Only customers who have bought this product can review it.");
    expect(await page.getByRole("button", { name: "Submit Review" }).count()).toBe(0);
    await screenshot(page, "review-buyers-only-phone");
    await context.close();
  });
});
