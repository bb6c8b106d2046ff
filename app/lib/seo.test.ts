import { describe, expect, it } from "vitest";
import { absoluteUrl, excerpt, pageMeta, serializeJsonLd } from "./seo";

describe("serializeJsonLd", () => {
  it("escapes characters that could close the script tag, and stays valid JSON", () => {
    const data = { name: "</script><script>alert(1)</script> & more" };
    const out = serializeJsonLd(data);
    expect(out).not.toMatch(/[<>&]/);
    expect(JSON.parse(out)).toEqual(data);
  });
});

describe("pageMeta", () => {
  it("gives title, description, canonical, Open Graph and Twitter tags", () => {
    const tags = pageMeta({
      title: "Calm Candle",
      description: "Soy wax",
      url: "https://shop.ng/productdetails/1",
      image: "https://shop.ng/a.webp",
      type: "product",
    });
    expect(tags).toContainEqual({ title: "Calm Candle | Alafia Self-Care" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://shop.ng/productdetails/1" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://shop.ng/a.webp" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).toContainEqual({ property: "og:type", content: "product" });
  });
});

describe("pageMeta share image", () => {
  it("says the image is a 1200×630 JPEG and asks for a large card", () => {
    const tags = pageMeta({
      title: "Calm Candle",
      description: "Soy wax",
      url: "https://shop.ng/x",
      image: "https://shop.ng/og/products/1.jpg?v=a",
      imageAlt: "Calm Candle",
    });
    expect(tags).toContainEqual({ property: "og:image", content: "https://shop.ng/og/products/1.jpg?v=a" });
    expect(tags).toContainEqual({ property: "og:image:type", content: "image/jpeg" });
    expect(tags).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(tags).toContainEqual({ property: "og:image:height", content: "630" });
    expect(tags).toContainEqual({ property: "og:image:alt", content: "Calm Candle" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("gives every page with a URL the branded picture when it has no image of its own", () => {
    const tags = pageMeta({ title: "About", description: "Our story", url: "https://shop.ng/about" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://shop.ng/og/default.jpg?v=1" });
    expect(tags).toContainEqual({ property: "og:image:alt", content: "Alafia Self-Care" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("shares no image for a page without a URL (a 404)", () => {
    const tags = pageMeta({ title: "Not found", description: "Gone", noindex: true });
    expect(tags.some((t) => t.property === "og:image")).toBe(false);
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary" });
  });
});

describe("helpers", () => {
  it("makes absolute URLs and word-boundary excerpts", () => {
    expect(absoluteUrl("https://shop.ng", "/uploads/a.webp")).toBe("https://shop.ng/uploads/a.webp");
    expect(absoluteUrl("https://shop.ng/", "https://cdn.ng/a.webp")).toBe("https://cdn.ng/a.webp");
    expect(excerpt("one two three four", 9)).toBe("one two…");
  });
});
