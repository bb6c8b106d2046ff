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

describe("helpers", () => {
  it("makes absolute URLs and word-boundary excerpts", () => {
    expect(absoluteUrl("https://shop.ng", "/uploads/a.webp")).toBe("https://shop.ng/uploads/a.webp");
    expect(absoluteUrl("https://shop.ng/", "https://cdn.ng/a.webp")).toBe("https://cdn.ng/a.webp");
    expect(excerpt("one two three four", 9)).toBe("one two…");
  });
});
