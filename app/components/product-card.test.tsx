import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProductView } from "../../modules/catalog/types";
import { forProductCard } from "../lib/card-data";
import { ProductCard } from "./product-card";

const product = (overrides: Partial<ProductView> = {}): ProductView => ({
  id: "3f1c2b7e-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
  title: "90-Day Gratitude Journal",
  description: "Three lines a night, a weekly reflection page and a ribbon marker.",
  imageUrl: null,
  images: [],
  price: 12_500,
  discount: 0,
  size: "M",
  color: "Blush Pink",
  trackStock: true,
  stock: 10,
  shipsFrom: null,
  categoryId: "0c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f",
  category: { id: "0c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f", name: "Gratitude Journals" },
  rating: 0,
  reviews: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  ...overrides,
});

/** The card as a list page sends it (loader trims the description) and the server renders it. */
const render = (p: ProductView) => {
  const html = renderToString(
    <MemoryRouter>
      <ProductCard product={forProductCard(p)} />
    </MemoryRouter>,
  );
  // the visible text, tags dropped
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
  return { html, text };
};

describe("product card (docs/product.md §2 Cards)", () => {
  it("shows the description's first 32 characters then ' . . .'", () => {
    const { text } = render(product());
    expect(text).toContain("Three lines a night, a weekly re . . .");
    expect(text).not.toContain("Three lines a night, a weekly ref");
  });

  it("keeps the three dots on one line with the word the cut ends in (a card wrapped them alone)", () => {
    const { html } = render(product());
    expect(html).toContain('Three lines a night, a weekly <span class="whitespace-nowrap">re . . .</span>');
  });

  it("lets a long cut word wrap on its own, and keeps the dots together after it", () => {
    const long = "Handmade in Lagos: extraordinarily thick cotton pages";
    const { html, text } = render(product({ description: long }));
    expect(html).toContain('Handmade in Lagos: extraordinari <span class="whitespace-nowrap">. . .</span>');
    expect(text).toContain("Handmade in Lagos: extraordinari . . .");
  });

  it("keeps a word the cut ends just after with the dots too", () => {
    const { html } = render(product({ description: "Our mandala colouring book with pencils" }));
    expect(html).toContain('Our mandala colouring book <span class="whitespace-nowrap">with  . . .</span>');
  });

  it("shows a description of 32 characters or fewer whole, without ' . . .'", () => {
    const exactly32 = "Soy wax candle, forty hours burn";
    expect(exactly32).toHaveLength(32);
    const { text } = render(product({ description: exactly32 }));
    expect(text).toContain(exactly32);
    expect(text).not.toContain(". . .");
  });

  it("shows the real average rating and review count, not fixed stars", () => {
    const { html } = render(product({ rating: 4.5, reviews: 2 }));
    // the name sits on an element with a role (role="img"), not on the plain <p> around it
    expect(html).toMatch(/<span role="img" aria-label="Rated 4.5 out of 5 from 2 reviews"[^>]*>/);
    expect(html).not.toMatch(/<p [^>]*aria-label/);
    expect(html).toContain("(<!-- -->2<!-- -->)");
    // 4.5 rounds to 5 filled stars; 2.4 to 2 filled and 3 outlined
    expect(html.match(/fill-gold/g)).toHaveLength(5);
    const low = render(product({ rating: 2.4, reviews: 7 })).html;
    expect(low).toMatch(/role="img" aria-label="Rated 2.4 out of 5 from 7 reviews"/);
    expect(low.match(/fill-gold/g)).toHaveLength(2);
  });

  it("invents no rating before the first review", () => {
    const { html, text } = render(product({ rating: 0, reviews: 0 }));
    expect(text).toContain("No reviews yet");
    expect(html).not.toContain("fill-gold");
  });

  it("shows a discounted price with the original struck through", () => {
    const { html } = render(product({ price: 15_000, discount: 11_000 }));
    expect(html).toContain("₦11,000");
    // "was" is read as text (no aria-label on <s>)
    expect(html).toMatch(/<s [^>]*><span class="sr-only">was <\/span>₦15,000<\/s>/);
    expect(html).not.toContain('aria-label="was');
  });

  it("leaves the image out of the link's name: the title is already its text", () => {
    const { html } = render(product({ imageUrl: "/uploads/journal.jpg" }));
    expect(html).toMatch(/<img [^>]*alt=""/);
    expect(html).not.toContain(`alt="90-Day Gratitude Journal"`);
  });

  it("says 'Pre-order' while it is one, unless none is left to pre-order", () => {
    expect(render(product({ shipsFrom: "2027-01-15" })).text).toContain("Pre-order");
    expect(render(product({ shipsFrom: null })).text).not.toContain("Pre-order");
    const soldOut = render(product({ shipsFrom: "2027-01-15", stock: 0 })).text;
    expect(soldOut).toContain("Sold out");
    expect(soldOut).not.toContain("Pre-order");
  });

  it("says 'Sold out' when its stock is tracked and none is left; never when stock is not tracked", () => {
    expect(render(product({ trackStock: true, stock: 0 })).text).toContain("Sold out");
    expect(render(product({ trackStock: true, stock: 1 })).text).not.toContain("Sold out");
    expect(render(product({ trackStock: false, stock: null })).text).not.toContain("Sold out");
  });
});
