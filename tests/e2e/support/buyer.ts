import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { baseUrl, type useBrowser } from "./browser";
import { adminApi, api, cart, checkout, skipNewsletterPopup, waitForHydration } from "./shop";

/** A demo product by its title, as the shop's API lists it. */
export async function demoProduct(title: string): Promise<{ id: string; stock: number | null; price: number }> {
  const { body } = await api<{ id: string; title: string; stock: number | null; price: number }[]>(
    `/api/products?q=${encodeURIComponent(title)}`,
  );
  const found = body.find((p) => p.title === title);
  expect(found, `the demo product ${title}`).toBeTruthy();
  return found!;
}

/** A guest's cart of one of this demo product, set as the cookie mirror her browser's script keeps; the product. */
export async function guestCartOf(context: BrowserContext, title: string): Promise<{ id: string; stock: number | null; price: number }> {
  const product = await demoProduct(title);
  await context.addCookies([{ name: "guest_cart", value: `${product.id}*1`, url: baseUrl }]);
  return product;
}

/**
 * A guest, on a phone of her own, checks out these lines (delivered to Surulere) and reaches the
 * sandbox's payment page; `pay` presses Pay now (the order's page follows), otherwise Cancel
 * payment (the order is cancelled, the checkout unpaid). Her phone is put away after; her order is
 * returned as the back office lists it. `whilePaying` runs while her payment page is open, before
 * she presses it (the owner doing something to the order meanwhile); `back`, on the page she is
 * sent back to after paying, before her phone is put away.
 */
export async function guestCheckout(
  browser: Pick<ReturnType<typeof useBrowser>, "newPage">,
  who: { name: string; email: string; phone: string },
  lines: { productId: string; quantity: number }[],
  pay: boolean,
  whilePaying?: (order: { id: string; totalAmount: number }) => Promise<void>,
  back?: (page: Page) => Promise<void>,
): Promise<{ id: string; totalAmount: number }> {
  const orderOf = async () => {
    const [order] = await adminApi<{ id: string; totalAmount: number }[]>("GET", `/api/purchases?q=${encodeURIComponent(who.email)}`);
    expect(order, `${who.email}'s order in the back office`).toBeTruthy();
    return order!;
  };
  const { context, page } = await browser.newPage("phone");
  await skipNewsletterPopup(context);
  await page.goto("/");
  await cart.seedGuest(page, lines);
  await cart.open(page);
  await expect.poll(() => cart.lines(page).count()).toBe(lines.length);
  await cart.area(page).selectOption("Surulere");
  await page.getByRole("link", { name: "Proceed to payment" }).click();
  await page.waitForURL((u) => u.pathname === "/checkout");
  await waitForHydration(page);
  await checkout.fillContact(page, { name: who.name, email: who.email });
  await checkout.fillAddress(page, { street: "4 Bode Thomas Street", city: "Surulere", phone: who.phone });
  await checkout.pay(page).click();
  await page.waitForURL(/\/pay\/sandbox\//);
  if (whilePaying) await whilePaying(await orderOf());
  await page.getByRole("button", { name: pay ? "Pay now" : "Cancel payment" }).click();
  if (pay && !whilePaying) await page.waitForURL(/\/checkout\/complete\?reference=.*&t=/);
  else await page.waitForURL((u) => !u.pathname.startsWith("/pay/sandbox"));
  if (back) await back(page);
  await context.close();
  return orderOf();
}
