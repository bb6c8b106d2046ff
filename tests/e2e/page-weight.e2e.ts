// The product page's JavaScript budget (docs/product.md is silent; issue "Fast under load": at
// most 100 KB gzip): every script the page loads until it has hydrated, weighed as a client that
// only speaks gzip receives it. The browser's renderer is Preact (docs/decisions/0019).
import { describe, expect, it } from "vitest";
import { baseUrl, useBrowser, visible } from "./support/browser";
import { api, skipNewsletterPopup, waitForHydration } from "./support/shop";
import { gzipBytes } from "../../scripts/gzip-bytes";

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
});
