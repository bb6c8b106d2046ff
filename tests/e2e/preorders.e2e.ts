// Pre-orders (docs/product.md "Pre-orders"): the owner, on her phone, gives a product the day it ships
// from; a guest reads that day on its page (360 px and 1280 px), in her cart, pays in
// the sandbox, and her order's page says when it ships; the shop's order page says it on the line.
import { afterAll, describe, expect, it } from "vitest";
import { addDays, lagosNow, shortDay } from "../../lib/lagos-calendar";
import { loginAsAdmin } from "./support/admin";
import { expectAccessible, screenshot, useBrowser, visible } from "./support/browser";
import { guestCheckout } from "./support/buyer";
import { adminApi, api, cart, skipNewsletterPopup, waitForHydration } from "./support/shop";

const browser = useBrowser();
const stamp = Date.now().toString(36).slice(-5);
const made: string[] = [];
afterAll(async () => {
  for (const id of made) await adminApi("DELETE", `/api/products/${id}`);
});

describe("pre-orders", () => {
  it("the owner makes a product a pre-order on her phone; a guest reads its day on its page and in her cart, pays, and her order says it", async () => {
    const day = addDays(lagosNow(new Date()).date, 40);
    const words = `Pre-order: ships from ${shortDay(day)}`;
    const [category] = (await api<{ id: string }[]>("/api/categories")).body;
    // two units: other journeys that look for a product with stock to spare pass it by
    const product = await adminApi<{ id: string }>("POST", "/api/products/create", {
      title: `2027 Planner ${stamp}`,
      price: 18000,
      description: "A week to a view, with a page for each month's intentions.",
      categoryId: category!.id,
      stock: 2,
    });
    made.push(product.id);

    // the owner gives it the day it ships from, on the product's own form
    const owner = await browser.newPage("phone");
    await loginAsAdmin(owner.page);
    await owner.page.goto(`/editproduct/${product.id}`);
    await waitForHydration(owner.page);
    await owner.page.getByLabel("Pre-order: ships from (optional)").fill(day);
    await screenshot(owner.page, "preorder-edit-product-phone");
    await owner.page.getByRole("button", { name: "Update Product" }).click();
    await owner.page.waitForURL(/\/producttable$/);
    await owner.context.close();

    // its page says the day, on a phone and a desktop
    for (const viewport of ["phone", "desktop"] as const) {
      const { context, page } = await browser.newPage(viewport);
      await skipNewsletterPopup(context);
      await page.goto(`/productdetails/${product.id}`);
      await visible(page.getByTestId("stock-state").getByText(words));
      await screenshot(page, `preorder-product-${viewport}`);
      await expectAccessible(page);
      await context.close();
    }

    // her cart says it on the line and when the order ships
    const shopper = await browser.newPage("phone");
    await skipNewsletterPopup(shopper.context);
    await shopper.page.goto("/");
    await cart.seedGuest(shopper.page, [{ productId: product.id, quantity: 1 }]);
    await cart.open(shopper.page);
    await visible(shopper.page.getByTestId("line-pre-order").getByText(words));
    await visible(shopper.page.getByTestId("preorder-note").getByText(`Your order ships from ${shortDay(day)}`));
    await screenshot(shopper.page, "preorder-cart-phone");
    await shopper.context.close();

    // she pays; her order's page says when it ships
    const order = await guestCheckout(
      browser,
      { name: "Funmi Ade", email: `funmi.${stamp}@example.ng`, phone: "08035550199" },
      [{ productId: product.id, quantity: 1 }],
      true,
      undefined,
      async (page) => {
        await visible(page.getByTestId("preorder-note").getByText(`Your order ships from ${shortDay(day)}`));
        await visible(page.getByText(words));
        await screenshot(page, "preorder-order-phone");
        await expectAccessible(page);
      },
    );
    expect(order.id).toBeTruthy();

    // the shop's order page says it on the line, and the product's form whom a moved day would tell
    const shop = await browser.newPage("phone");
    await loginAsAdmin(shop.page);
    await shop.page.goto(`/viewpurchase/${order.id}`);
    await visible(shop.page.getByText(words));
    await screenshot(shop.page, "preorder-admin-order-phone");
    await shop.page.goto(`/editproduct/${product.id}`);
    await visible(shop.page.getByText(/Moving or clearing it tells the buyer waiting for it, by mail/));
    await shop.page.getByLabel("Pre-order: ships from (optional)").scrollIntoViewIfNeeded();
    await screenshot(shop.page, "preorder-edit-product-buyer-waiting-phone");
    await shop.context.close();
  }, 180_000);
});
