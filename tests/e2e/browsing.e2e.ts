// Browsing the catalogue: categories, products, stock states, search, filters, promo, blog, contact.
import { describe, expect, it } from "vitest";
import { atBothWidths, expectAccessible, screenshot, useBrowser, visible } from "./support/browser";
import { api, expectNoSidewaysScroll, header, reviewAsNewBuyer, skipNewsletterPopup, waitForHydration } from "./support/shop";

const browser = useBrowser();
const viewports = ["phone", "desktop"] as const;

describe("browsing", () => {
  for (const viewport of viewports) {
    it(`goes from a category to a product (${viewport})`, async () => {
      const { context, page } = await browser.newPage(viewport);
      await skipNewsletterPopup(context);
      await page.goto("/");
      await page.locator("main").getByRole("link", { name: "Gratitude Journals" }).click();
      await page.waitForURL(/\/categories\//);
      await visible(page.getByRole("heading", { level: 1, name: "Gratitude Journals" }));
      await visible(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" }));
      await expectNoSidewaysScroll(page);
      await screenshot(page, `category-${viewport}`);
      await expectAccessible(page);

      const card = page.locator("main article").first();
      const title = (await card.getByRole("heading").textContent())!;
      await card.getByRole("link").click();
      await page.waitForURL(/\/productdetails\//);
      await waitForHydration(page);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
      const { body: product } = await api<{ size: string | null }>(`/api/products/${new URL(page.url()).pathname.split("/").pop()}`);
      expect(await page.getByTestId("product-price").textContent()).toMatch(/₦[\d,]+/);
      await visible(page.getByRole("button", { name: "Add To Cart" }));
      await visible(page.getByText(/^(In stock|Only \d+ left|Out of stock)$/));
      // how soon, as the checkout names its two methods, what it costs at least (the demo's cheapest area), and the
      // demo studio's free pick-up
      expect(await page.getByTestId("delivery-note").innerText()).toMatch(
        /^Delivered across Lagos from ₦[\d,]+: Express in 1–2 days, Standard in 3–5 days\. Or collect it free at 12 Admiralty Way, Lekki Phase 1, Lagos or 5 Isaac John Street, Ikeja GRA, Lagos\. (Free delivery once your order reaches ₦[\d,]+\. )?Easy returns/,
      );
      const sizes = page.getByRole("list", { name: /^Size/ }).getByRole("listitem");
      // each size's visible label is its last word (the rest is for screen readers)
      expect((await sizes.allTextContents()).map((t) => t.trim().split(/\s+/).pop())).toEqual(["XS", "S", "M", "L", "XL"]);
      // docs/product.md §2: only the product's own size is highlighted (none for a one-size product)
      const marked = await sizes.and(page.locator('[aria-current="true"]')).allTextContents();
      expect(marked.map((t) => t.trim().split(/\s+/).pop())).toEqual(product.size ? [product.size] : []);
      expect(await page.getByRole("list", { name: /^Size/ }).locator("[aria-current]").count()).toBe(marked.length);
      await visible(page.getByRole("heading", { name: "Reviews" }));
      await expectNoSidewaysScroll(page);
      await screenshot(page, `product-${viewport}`);
      await expectAccessible(page);
      await context.close();
    });

    it(`shows the stock state, with Add To Cart disabled when out of stock, and card previews (${viewport})`, async () => {
      const { context, page } = await browser.newPage(viewport);
      await skipNewsletterPopup(context);
      const find = async (q: string) => (await api<{ id: string; stock: number }[]>(`/api/products?q=${encodeURIComponent(q)}`)).body[0]!;
      const soldOut = await find("worry stone");
      expect(soldOut.stock).toBe(0);
      await page.goto(`/productdetails/${soldOut.id}`);
      await waitForHydration(page);
      expect(await page.getByTestId("stock-state").textContent()).toBe("Out of stock");
      const button = page.getByRole("button", { name: "Add To Cart" });
      expect(await button.isDisabled()).toBe(true);
      const lowStock = await find("new mum care package");
      await page.goto(`/productdetails/${lowStock.id}`);
      expect(await page.getByTestId("stock-state").textContent()).toBe(`Only ${lowStock.stock} left`);
      expect(await page.getByRole("button", { name: "Add To Cart" }).isDisabled()).toBe(false);
      // cards: a description's first 32 characters, a post's first 200, then ' . . .'
      await page.goto("/products");
      const description = await page.locator("main article p.text-muted").first().textContent();
      expect(description).toMatch(/^.{32} \. \. \.$/s);
      await page.goto("/blogs");
      const text = await page.locator("main article p.leading-relaxed").first().textContent();
      expect(text).toMatch(/^.{200} \. \. \.$/s);
      await context.close();
    });

    it(`searches from the header, tolerating a typo, and says when nothing matches (${viewport})`, async () => {
      const { context, page } = await browser.newPage(viewport);
      await skipNewsletterPopup(context);
      await page.goto("/");
      await waitForHydration(page);
      await header.search(page, "gratitde jurnal");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Results for “gratitde jurnal”");
      const titles = await page.locator("main article h3").allTextContents();
      expect(titles[0]).toBe("90-Day Gratitude Journal");
      expect(titles.some((t) => /calendar/i.test(t))).toBe(false);
      await screenshot(page, `search-${viewport}`);
      await expectAccessible(page);
      await header.search(page, "xylophone");
      await visible(page.getByText("No products match “xylophone”"));
      await screenshot(page, `search-empty-${viewport}`);
      await context.close();
    });

    it(`lists products with filters and server-side pages (${viewport})`, async () => {
      const { context, page } = await browser.newPage(viewport);
      await skipNewsletterPopup(context);
      await page.goto("/products");
      await waitForHydration(page);
      const { headers } = await api<unknown[]>("/api/products?pageSize=12");
      const total = Number(headers.get("X-Total-Count"));
      expect(await page.locator("main article").count()).toBe(Math.min(12, total));
      await visible(page.getByText(`Showing 1 to 12 of ${total}`));
      // WCAG 3.2.2: arrow keys only move the choice; nothing reloads until Apply
      const sort = page.getByLabel("Sort by");
      await sort.focus();
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => sort.inputValue()).toBe("price_asc");
      await page.waitForTimeout(600);
      expect(new URL(page.url()).searchParams.has("sort")).toBe(false);
      await page.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(/sort=price_asc/);
      // a pick with the mouse or a finger applies at once
      await sort.dispatchEvent("pointerdown");
      await sort.selectOption("price_desc");
      await page.waitForURL(/sort=price_desc/);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `products-${viewport}`);
      await expectAccessible(page);
      await page.getByRole("link", { name: "Page 2" }).click();
      await page.waitForURL(/page=2/);
      await visible(page.getByText(`Showing 13 to ${Math.min(24, total)} of ${total}`));
      expect(await page.locator("main article").count()).toBe(Math.min(12, total - 12));
      await context.close();
    });
  }

  it("sends an anonymous shopper from the promo page to /promosign (at 360 and 1280 px)", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await page.goto("/promopage");
    await visible(page.getByRole("heading", { name: "Promo Sale!" }));
    await visible(page.getByText("Get up to 50% off on selected items!!"));
    const cards = page.locator("main article");
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.locator("s").count()).toBe(await cards.count()); // every card shows a struck-through price
    await atBothWidths(page, "promo");
    await cards.first().getByRole("link").click();
    await page.waitForURL((url) => url.pathname === "/promosign");
    await context.close();
  });

  it("goes from the blog list to a post (at 360 and 1280 px)", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await page.goto("/blogs");
    await atBothWidths(page, "blogs");
    const card = page.locator("main article").first();
    const title = (await card.getByRole("heading").textContent())!;
    await card.getByRole("link").click();
    await page.waitForURL(/\/blogdetails\//);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    expect(await page.locator("article time").textContent()).toMatch(
      /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/,
    );
    expect(await page.locator("article p").count()).toBeGreaterThan(3);
    await atBothWidths(page, "blog-post");
    await context.close();
  });

  it("stores the contact form and confirms with a toast (at 360 and 1280 px)", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await visible(page.getByText("Enter your name"));
    await page.getByLabel("Name", { exact: true }).fill("Ada Obi");
    await page.getByLabel("Email", { exact: true }).fill("ada@example.ng");
    await page.getByLabel("Message", { exact: true }).fill("Do you deliver to Ajah?");
    // the page's own action (docs/decisions/0011-one-way-to-write.md), not the API
    const response = page.waitForResponse((r) => new URL(r.url()).pathname === "/contact.data" && r.request().method() === "POST");
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await response).status()).toBe(200);
    const toast = page.getByText(/your message has been sent/i);
    await visible(toast);
    // top-centre under the sticky header, not over the logo and the cart (once it has slid in)
    const header = (await page.locator("header").first().boundingBox())!;
    await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    // the form is emptied before the answer is painted (useOnAnswer), not a frame later
    expect(await page.getByLabel("Message", { exact: true }).inputValue()).toBe("");
    await atBothWidths(page, "contact");
    await context.close();
  });

  it("takes the contact form with JavaScript turned off: the action stores it and the page says so", async () => {
    const { context, page } = await browser.newPage("phone", undefined, { javaScriptEnabled: false });
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    // the server's field messages, on the page it sends back
    await visible(page.getByText("Enter your name"));
    expect(await page.getByLabel("Name", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Name", { exact: true }).fill("Tola Ade");
    await page.getByLabel("Email", { exact: true }).fill("tola.nojs@example.ng");
    await page.getByLabel("Message", { exact: true }).fill("Sent without the script.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await visible(page.getByRole("status").filter({ hasText: /your message has been sent/i }));
    await screenshot(page, "contact-no-js-phone", { scripted: false });
    await context.close();
  });

  it("shows a product's reviews, each with its own stars and no count, accessibly", async () => {
    const { body: found } = await api<{ id: string; title: string }[]>("/api/products?q=heart-to-heart%20conversation%20cards");
    // a product with stock to spare: the purchase behind the review leaves the demo's low-stock items as they are
    const product = found.find((p) => p.title === "Heart-to-Heart Conversation Cards")!;
    const buyer = await browser.newPage("phone");
    await reviewAsNewBuyer(buyer.context, product.id, { rating: 4, comment: "Small enough for my bag; one card a day." });
    await buyer.context.close();

    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await page.goto(`/productdetails/${product.id}`);
    await waitForHydration(page);
    const review = page.getByTestId("review-list").getByRole("listitem").filter({ hasText: "Small enough for my bag" });
    await visible(review.getByRole("img", { name: "Rated 4 out of 5", exact: true }));
    expect(await review.innerText()).not.toMatch(/\(\d+\)/);
    // the product's own stars carry the count
    expect(await page.getByRole("img", { name: /^Rated [\d.]+ out of 5 from \d+ reviews?$/ }).count()).toBe(1);
    await screenshot(page, "product-reviewed-phone");
    await expectAccessible(page);
    await context.close();
  });
});
