import { describe, expect, it } from "vitest";
import { expectAccessible, screenshot, useBrowser, visible } from "./support/browser";
import {
  adminApi,
  api,
  cart,
  checkout,
  nairaOf,
  openBuyableProduct,
  productIdsFromHome,
  signedInShopper,
  skipNewsletterPopup,
  waitForHydration,
  buyableProductInCart,
  pickBeforeScripts,
} from "./support/shop";

const browser = useBrowser();

describe("guest cart", () => {
  for (const viewport of ["phone", "desktop"] as const) {
    it(`keeps a guest's lines in the browser, priced by the server, with a USD display (${viewport})`, async () => {
      const { context, page } = await browser.newPage(viewport);
      await skipNewsletterPopup(context);
      const [first, second] = await productIdsFromHome(page);
      expect(first && second).toBeTruthy();
      await cart.seedGuest(page, [
        { productId: first!, quantity: 2 },
        { productId: second!, quantity: 1 },
      ]);
      await cart.open(page);
      await expect.poll(() => cart.lines(page).count()).toBe(2);
      // header badge = total quantity
      await expect.poll(() => cart.badge(page).innerText()).toBe("3");
      // no area yet: no delivery charge is made up
      expect(await page.getByTestId("summary-delivery").innerText()).toBe("Choose your area");
      const beforeDelivery = nairaOf(await cart.total(page));
      await screenshot(page, `cart-guest-${viewport}`);
      await expectAccessible(page);
      // her area's rate, as the checkout will charge it (Surulere: ₦1,800 in the demo shop)
      await cart.area(page).selectOption("Surulere");
      await expect.poll(() => page.getByTestId("summary-delivery").innerText()).toBe("₦1,800");
      await expect.poll(async () => nairaOf(await cart.total(page))).toBe(beforeDelivery + 1_800);
      const naira = await cart.total(page);
      expect(naira).toMatch(/^₦[\d,]+(\.\d{2})?$/);
      // kept for the next visit and the checkout; the page comes priced (from her cart's cookie), and
      // once its script runs her browser asks for no other price
      const quotes: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/api/cart/quote")) quotes.push(r.url());
      });
      await page.reload();
      await expect.poll(() => cart.area(page).inputValue()).toBe("Surulere");
      await expect.poll(() => cart.total(page)).toBe(naira);
      await waitForHydration(page);
      expect(quotes).toEqual([]);
      await screenshot(page, `cart-guest-area-${viewport}`);

      // USD is display only: naira × 0.00073, 2 decimals
      await cart.chooseCurrency(page, "USD");
      await expect.poll(() => cart.total(page)).toMatch(/^\$[\d,]+\.\d{2}$/);
      const nairaValue = Number(naira.replace(/[₦,]/g, ""));
      expect(await cart.total(page)).toBe(
        `$${(nairaValue * 0.00073).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      );
      await visible(page.getByText("you pay in naira"));
      await screenshot(page, `cart-usd-${viewport}`);

      // the stepper raises the quantity (saved in the browser), delete removes by product
      await cart.lines(page).nth(1).getByRole("button", { name: "Increase quantity" }).click();
      await expect.poll(() => cart.badge(page).innerText()).toBe("4");
      await page.reload();
      await expect.poll(() => cart.badge(page).innerText()).toBe("4");
      await cart
        .lines(page)
        .first()
        .getByRole("button", { name: /^Remove / })
        .click();
      await expect.poll(() => cart.lines(page).count()).toBe(1);
      await cart
        .lines(page)
        .first()
        .getByRole("button", { name: /^Remove / })
        .click();

      // empty cart: a way back to /products, and the pay button disabled
      await visible(page.getByText("Your cart is empty."));
      expect(await page.getByRole("link", { name: "Continue shopping" }).getAttribute("href")).toBe("/products");
      expect(await page.getByRole("button", { name: "Proceed to payment" }).isDisabled()).toBe(true);
      await expect.poll(() => cart.badge(page).innerText()).toBe("0");
      await screenshot(page, `cart-empty-${viewport}`);
      await context.close();
    });
  }

  it("takes a quantity typed before the page's script runs (here: without it), and the cart gets that many; its steppers work without it too", async () => {
    const { context, page } = await browser.newPage("phone", undefined, { javaScriptEnabled: false });
    await openBuyableProduct(page);
    const productId = new URL(page.url()).pathname.split("/").pop()!;
    await page.getByRole("spinbutton", { name: "Quantity" }).fill("2");
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await page.waitForURL(/\/cart$/);
    // the server keeps a guest's lines in the cookie the page's script adopts once it runs
    const kept = (await context.cookies()).find((c) => c.name === "guest_cart");
    expect(decodeURIComponent(kept?.value ?? "")).toBe(`~${productId}*2`);
    // and /cart, drawn by the server from that cookie, shows her line and the way to pay
    expect(await page.getByTestId("line-quantity").innerText()).toBe("2");
    await visible(page.getByRole("link", { name: "Proceed to payment" }));
    await screenshot(page, "cart-guest-no-script-phone", { scripted: false });
    // its + works without the script too: the server changes her cart's cookie
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect.poll(() => page.getByTestId("line-quantity").innerText()).toBe("3");

    // once a page's script runs, her browser takes the cart the server kept for her (3, not the 1 it had)
    const scripted = await browser.newPage("phone");
    await scripted.page.goto("/");
    // its script has run on "/" before her old cart is put in place: a script starting between the
    // two steps below copies the 1 into the cookie, and that write can land after the test's cookie
    await waitForHydration(scripted.page);
    await scripted.page.evaluate((id) => localStorage.setItem("cart", JSON.stringify([{ productId: id, quantity: 1 }])), productId);
    const cookie = (await context.cookies()).find((c) => c.name === "guest_cart")!;
    await scripted.context.addCookies([{ name: "guest_cart", value: cookie.value, url: page.url() }]);
    await scripted.page.goto("/cart");
    await expect.poll(() => scripted.page.getByTestId("line-quantity").innerText(), { timeout: 15_000 }).toBe("3");
    await expect.poll(() => scripted.page.evaluate(() => localStorage.getItem("cart"))).toBe(JSON.stringify([{ productId, quantity: 3 }]));
    await scripted.context.close();

    // and her last line removed without the script leaves an empty cart
    await page.getByRole("button", { name: /^Remove / }).click();
    await visible(page.getByText("Your cart is empty."));
    await context.close();
  });

  it("takes a delivery area picked before the page's script runs, once it runs: the summary prices it and the checkout starts with it", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await buyableProductInCart(page);
    // the page's modules wait until the test lets them through
    await pickBeforeScripts(page, "/cart", async () => {
      await cart.area(page).selectOption("Surulere");
    });
    await expect.poll(() => page.getByTestId("summary-delivery").innerText(), { timeout: 15_000 }).toBe("₦1,800");
    expect(await cart.area(page).inputValue()).toBe("Surulere");
    expect((await context.cookies()).find((c) => c.name === "delivery_area")?.value).toBe("Surulere");
    await page.getByRole("link", { name: "Proceed to payment" }).click();
    await page.waitForURL((u) => u.pathname === "/checkout");
    expect(await checkout.lga(page).inputValue()).toBe("Surulere");
    await context.close();
  });

  it("opens /checkout to a guest (no login), with a way to log in that comes back to /checkout", async () => {
    const { context, page } = await browser.newPage("desktop");
    await page.goto("/checkout");
    expect(new URL(page.url()).pathname).toBe("/checkout");
    await visible(page.getByTestId("guest-note"));
    expect(await page.getByTestId("guest-note").getByRole("link", { name: "Log in" }).getAttribute("href")).toBe(
      "/login?redirectTo=%2Fcheckout",
    );
    await context.close();
  });

  it("shows the sandbox payment page only through its signed address: a guessed one is 'Not found'", async () => {
    const { context, page } = await browser.newPage("desktop");
    const res = await page.goto("/pay/sandbox/ALF-unknown");
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.getByRole("button", { name: "Pay now" }).count()).toBe(0);
    await context.close();
  });

  it("Add To Cart shows 'Failed to complete purchase' when the product sold out after the page loaded", async () => {
    const [category] = (await api<{ id: string }[]>("/api/categories")).body;
    const fields = {
      title: "Last Gratitude Journal",
      price: 9500,
      description: "A hardback journal with a ribbon.",
      categoryId: category!.id,
    };
    const product = await adminApi<{ id: string }>("POST", "/api/products/create", { ...fields, stock: 2 });
    try {
      const { context, page } = await browser.newPage("desktop");
      await skipNewsletterPopup(context);
      await signedInShopper(page, { firstName: "Kemi", lastName: "Bello", address: "5 Adeola Odeku" });

      await page.goto(`/productdetails/${product.id}`);
      await waitForHydration(page);
      // someone else bought the last units while the page was open
      await adminApi("PUT", `/api/products/${product.id}`, { ...fields, stock: 0 });
      await page.getByRole("button", { name: "Add To Cart" }).click();
      await visible(page.getByText("Failed to complete purchase"));
      expect(new URL(page.url()).pathname).toBe(`/productdetails/${product.id}`);
      expect(await cart.badge(page).innerText()).toBe("0");
      await screenshot(page, "add-to-cart-failed-desktop");
      await context.close();
    } finally {
      await adminApi("DELETE", `/api/products/${product.id}`);
    }
  });
});
