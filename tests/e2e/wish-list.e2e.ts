// docs/product.md "Wish lists", on phones: a visitor taps "Save to my wish list", signs up and logs
// in, and is back on the product with it saved; she saves another without leaving its page, finds
// her list in the menu, keeps an address for gifts there and sends its link; a friend opens the link
// signed out, sees her first name and the products, and buys one, sent to that address without
// seeing it and marked bought on the list for the next friend (never for her). A new link ends the
// old one; she stops the mails about her list (lower prices, back in stock), and saves a cart's line
// for later.
import { describe, expect, it } from "vitest";
import { accountPages, newShopper } from "./support/account-pages";
import { atBothWidths, screenshot, useBrowser, viewports, visible } from "./support/browser";
import { cart, checkout, openBuyableProduct, skipNewsletterPopup, waitForHydration } from "./support/shop";

const browser = useBrowser();

describe("a wish list, on a phone", () => {
  it("saves from product pages, shares the link, and a friend buys from it", { timeout: 180_000 }, async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    const account = accountPages(page);
    const temi = newShopper("wish");

    // a visitor's tap: she signs up and logs in, and is back on the product with it on her list
    await openBuyableProduct(page);
    const first = (await page.locator("h1").textContent())!;
    const productUrl = page.url();
    await page.getByTestId("wish-button").click();
    await page.waitForURL(/\/login\?redirectTo=/);
    await visible(page.getByText("Log in to save it to your wish list."));
    await page.locator("main").getByRole("link", { name: "Sign up" }).click();
    await page.waitForURL(/\/register\?redirectTo=/);
    await account.register(temi, { open: false });
    await page.waitForURL(/\/login\?registered=1&redirectTo=/);
    await account.logIn(temi.email, temi.password);
    await page.waitForURL((url) => url.href === productUrl);
    await expect.poll(() => page.getByTestId("wish-button").getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByTestId("wish-button").textContent()).toContain("On your wish list");

    // a second one, from the shop's list: saved with a tap, the page stays where it is
    await page.goto("/products");
    const other = page.locator('a[href^="/productdetails/"]').filter({ hasNotText: first }).first();
    await other.click();
    await page.waitForURL((url) => url.pathname.startsWith("/productdetails/") && url.href !== productUrl);
    const second = (await page.locator("h1").textContent())!;
    const secondUrl = page.url();
    await waitForHydration(page);
    const save = page.getByTestId("wish-button");
    expect(await save.textContent()).toContain("Save to my wish list");
    await save.click();
    await expect.poll(() => save.getAttribute("aria-pressed")).toBe("true");
    expect(await save.textContent()).toContain("On your wish list");
    expect(page.url()).toBe(secondUrl);
    await screenshot(page, "wish-saved-phone");

    // her list, from the phone's menu: the latest first, and its link to send
    await page.locator("header").getByRole("button", { name: "Open menu" }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "My wish list" }).click();
    await page.waitForURL(/\/wishlist$/);
    await visible(page.getByRole("heading", { name: "My wish list" }));
    const titles = page.getByTestId("wish-item").locator("h2");
    await expect.poll(() => titles.allTextContents()).toEqual([second, first]);
    const link = (await page.getByTestId("wish-link").textContent())!;
    expect(link).toMatch(/\/wishlist\/[A-Za-z0-9_-]{32}$/);
    const whatsapp = await page.getByTestId("wish-share").getByTestId("share-on-whatsapp").getAttribute("href");
    expect(decodeURIComponent(whatsapp!)).toContain(`if you are wondering what to get me: ${link}`);
    // where gifts from her list may come: friends never see it
    const gifts = page.getByTestId("list-address");
    await gifts.getByText("Add an address for gifts").click();
    await gifts.getByLabel("Phone for the rider").fill("0809 111 2233");
    await gifts.getByLabel("Delivery area").selectOption("Surulere");
    await gifts.getByLabel("Street address").fill("7 Bode Thomas Street");
    await gifts.getByLabel("City or town").fill("Surulere");
    await gifts.getByRole("button", { name: "Save the address" }).click();
    await visible(page.getByText("Friends who open your list can now send gifts straight to you."));
    await visible(gifts.getByText("send a gift straight to your address in"));
    await atBothWidths(page, "wish-list");
    // on a wider screen the header has a way to it too; on a phone, the menu
    const headerLink = page.locator("header").getByRole("link", { name: "My wish list" });
    await page.setViewportSize(viewports.desktop);
    await visible(headerLink);
    await page.setViewportSize(viewports.phone);
    expect(await headerLink.isVisible()).toBe(false);

    // a friend opens it on her phone, signed out
    const friend = await browser.newPage("phone");
    await skipNewsletterPopup(friend.context);
    await friend.page.goto(new URL(link).pathname);
    await visible(friend.page.getByRole("heading", { name: `${temi.firstName}'s wish list` }));
    await visible(friend.page.getByText(`Buying ${temi.firstName} a gift?`));
    await visible(friend.page.getByText(`choose “Send it to ${temi.firstName}”`));
    expect(await friend.page.getByTestId("wish-item").locator("h2").allTextContents()).toEqual([second, first]);
    expect(await friend.page.getByRole("button", { name: /^Remove/ }).count()).toBe(0);
    expect(await friend.page.locator("main").textContent()).not.toContain(temi.lastName);
    await atBothWidths(friend.page, "wish-list-shared");
    await waitForHydration(friend.page);
    await friend.page.getByTestId("wish-item").filter({ hasText: first }).getByRole("button", { name: "Add To Cart" }).click();
    await friend.page.waitForURL(/\/cart$/);
    await visible(friend.page.locator("main").getByText(first).first());

    // at checkout she is offered to mark it bought on the list, ticked, and to send it to Temi's address
    // without seeing it; she asks her sister to pay
    await cart.chooseArea(friend.page, "Ikeja");
    await friend.page.goto("/checkout");
    await waitForHydration(friend.page);
    const offer = friend.page.getByTestId("wish-list-offer");
    await visible(offer.getByText(`From ${temi.firstName}'s wish list`));
    expect(await offer.getByRole("checkbox", { name: /Mark the product from it in your cart as bought/ }).isChecked()).toBe(true);
    await offer.scrollIntoViewIfNeeded();
    await screenshot(friend.page, "wish-list-offer-phone");
    await offer.getByRole("link", { name: `Send it to ${temi.firstName}` }).click();
    await visible(friend.page.getByTestId("list-area").getByText(`Delivery to ${temi.firstName} in Surulere`));
    await visible(offer.getByText(`Going to ${temi.firstName}'s address.`));
    await waitForHydration(friend.page);
    expect(await friend.page.locator("main").getByLabel("Street address", { exact: true }).count()).toBe(0);
    await atBothWidths(friend.page, "wish-list-send-to-her");
    await checkout.fillContact(friend.page, { name: "Bisi Okafor", email: `bisi.${crypto.randomUUID().slice(0, 8)}@example.ng` });
    await friend.page.locator("main").getByLabel("Your phone", { exact: true }).fill("0803 555 0142");
    await checkout.payWith(friend.page, "Ask someone to pay").check();
    await checkout.pay(friend.page).click();
    await friend.page.waitForURL(/\/checkout\/complete\?reference=/);
    // her order's page: what she got from the list, to tell the others on WhatsApp
    const news = friend.page.getByTestId("list-news");
    await visible(news.getByText(`Marked bought on ${temi.firstName}'s wish list`));
    const tell = await news.getByRole("link", { name: /Tell the others on WhatsApp/ }).getAttribute("href");
    expect(decodeURIComponent(tell!)).toContain(`I'm getting: ${first}. Pick something else from it: ${link}`);
    await news.scrollIntoViewIfNeeded();
    await screenshot(friend.page, "wish-list-news-phone");
    await visible(friend.page.getByText("Delivered to the address on her wish list, in Surulere"));
    expect(await friend.page.locator("main").textContent()).not.toContain("Bode Thomas");
    // whoever opens the list now sees it bought; Temi does not
    await friend.page.goto(new URL(link).pathname);
    const bought = friend.page.getByTestId("wish-item").filter({ hasText: first }).getByTestId("bought-mark");
    expect(await bought.textContent()).toContain("Bought by a friend");
    await bought.scrollIntoViewIfNeeded();
    await screenshot(friend.page, "wish-list-bought-phone");
    await page.reload();
    await expect.poll(() => titles.allTextContents()).toEqual([second, first]);
    expect(await page.getByTestId("bought-mark").count()).toBe(0);

    // she takes one off, then makes a new link: the old one opens nothing
    await page.getByRole("button", { name: `Remove ${second} from your wish list` }).click();
    await visible(page.getByText(`Removed ${second} from your wish list.`));
    await expect.poll(() => titles.allTextContents()).toEqual([first]);
    await page.getByRole("button", { name: /Make a new link/ }).click();
    await visible(page.getByText("Your list has a new link."));
    await expect.poll(() => page.getByTestId("wish-link").textContent()).not.toBe(link);
    // she would rather not hear of her list by mail
    await visible(page.getByText("We email you when something here costs less or is back in stock."));
    await page.getByRole("button", { name: "Stop these emails" }).click();
    await visible(page.getByText("We will not email you about your list any more."));
    await visible(page.getByRole("button", { name: "Email me about my list" }));
    const gone = await friend.page.goto(new URL(link).pathname);
    expect(gone?.status()).toBe(404);

    // from her cart, "Save for later" puts it back on her list and out of the cart
    await page.goto(secondUrl);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await page.waitForURL(/\/cart$/);
    const later = page.getByRole("button", { name: `Save ${second} for later` });
    await visible(later);
    await screenshot(page, "cart-save-for-later-phone");
    await later.click();
    await visible(page.getByText(`Saved ${second} to your wish list for later.`).first());
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(0);
    await page.goto("/wishlist");
    await expect.poll(() => titles.allTextContents()).toEqual([second, first]);
    await context.close();
    await friend.context.close();
  });
});
