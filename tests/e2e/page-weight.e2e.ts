// The product page's JavaScript budget (docs/product.md is silent; issue "Fast under load": at
// most 100 KB gzip): every script the page loads until it has hydrated, weighed as a client that
// only speaks gzip receives it. The browser's renderer is Preact (docs/decisions/0019).
import { describe, expect, it } from "vitest";
import { baseUrl, useBrowser, visible } from "./support/browser";
import { api, skipNewsletterPopup, waitForHydration } from "./support/shop";
import { encodedBytes, gzipBytes } from "../../scripts/gzip-bytes";

const browser = useBrowser();

describe("page weight", () => {
  it("a product page loads at most 100 KB of JavaScript (gzip), none of it React's, and then answers taps", async () => {
    const { body: products } = await api<{ id: string; stock: number | null }[]>("/api/products?pageSize=24");
    const product = products.find((p) => p.stock === null || p.stock > 1)!;
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    const scripts = new Set<string>();
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.add(r.url());
    });
    await page.goto(`/productdetails/${product.id}`);
    await waitForHydration(page);
    const weighed = await Promise.all([...scripts].map(async (url) => ({ url, ...(await gzipBytes(url)) })));
    expect(weighed.length).toBeGreaterThan(2);
    for (const script of weighed) {
      expect(script.url.startsWith(`${baseUrl}/assets/`)).toBe(true);
      // a file too small to gain from it is sent as it is
      expect([undefined, "gzip"]).toContain(script.encoding);
    }
    const total = weighed.reduce((sum, s) => sum + s.bytes, 0);
    expect(total, weighed.map((s) => `${s.url} ${s.bytes}`).join("\n")).toBeLessThanOrEqual(100 * 1024);
    // React DOM is not among them: its production build names its error decoder page
    const texts = await Promise.all([...scripts].map(async (url) => (await fetch(url)).text()));
    expect(texts.some((text) => text.includes("react.dev/errors"))).toBe(false);
    // and the page is live: the quantity stepper answers
    const quantity = page.getByTestId("product-quantity");
    await visible(quantity);
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect.poll(() => quantity.textContent()).toBe("2");
    await context.close();
  });

  it("every route comes with the build: from the home page to a product, no page asks which routes exist, and no move loads a page", async () => {
    // docs/decisions/0023: the routes are one file of the build, not a request after each page
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    const routeQuestions: string[] = [];
    const documents: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/__manifest") routeQuestions.push(r.url());
      if (r.resourceType() === "document") documents.push(r.url());
    });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("link", { name: "See all" }).click();
    await page.waitForURL(/\/products\?sort=best_selling$/);
    await visible(page.getByRole("heading", { level: 1 }));
    await waitForHydration(page);
    await page.locator('main a[href^="/productdetails/"]').first().click();
    await page.waitForURL(/\/productdetails\/[^/]+$/);
    await visible(page.getByTestId("product-quantity"));
    await page.waitForLoadState("networkidle");
    await context.close();
    expect(documents).toEqual([`${baseUrl}/`]);
    expect(routeQuestions).toEqual([]);
  });

  it("a 360 px phone at DPR 2 fetches the 480 px picture for each card two to a row, not a larger one", async () => {
    // a card is 46vw: 166 CSS px, 331 device pixels; the smallest variant that covers it is 480 wide
    const { context, page } = await browser.newPage("phone", baseUrl, { deviceScaleFactor: 2 });
    await skipNewsletterPopup(context);
    const widths: number[] = [];
    page.on("request", (r) => {
      const variant = /\/uploads\/products\/[^/]+-(\d+)\.webp$/.exec(r.url());
      if (variant) widths.push(Number(variant[1]));
    });
    await page.goto("/products");
    await waitForHydration(page);
    await page.mouse.wheel(0, 1500);
    await page.waitForLoadState("networkidle");
    await context.close();
    expect(widths.length).toBeGreaterThan(2);
    expect([...new Set(widths)]).toEqual([480]);
  });

  it("the home page's stylesheet and scripts arrive compressed: Brotli for a browser, gzip for a gzip-only client", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    const files = new Set<string>();
    page.on("request", (r) => {
      if (["stylesheet", "script"].includes(r.resourceType())) files.add(r.url());
    });
    await page.goto("/");
    await waitForHydration(page);
    await context.close();
    expect([...files].some((url) => url.endsWith(".css"))).toBe(true);
    for (const url of files) {
      const plain = await encodedBytes(url, "identity");
      expect(plain.encoding, url).toBeUndefined();
      // a file too small to gain from it is sent as it is
      const expected = plain.bytes < 1024 ? [undefined, undefined] : ["br", "gzip"];
      const [br, gzip] = [await encodedBytes(url, "br, gzip"), await gzipBytes(url)];
      expect([br.encoding, gzip.encoding], url).toEqual(expected);
      if (plain.bytes >= 1024) expect(br.bytes, url).toBeLessThan(plain.bytes / 2);
    }
  });
});
