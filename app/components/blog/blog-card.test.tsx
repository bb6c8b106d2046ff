import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { PostView } from "../../../modules/content/posts.server";
import { forBlogCard } from "../../lib/card-data";
import { BlogCard } from "./blog-card";

const post = (text: string): PostView => ({
  id: "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
  title: "Five-minute evening rituals",
  heading: "Small habits that help you switch off",
  text,
  imageUrl: null,
  images: [],
  createdAt: "2026-03-01T08:00:00.000Z",
});

/** The text of the card's preview paragraph, as a list page sends the post and the server renders it. */
const preview = (text: string) => {
  const html = renderToString(
    <MemoryRouter>
      <BlogCard post={forBlogCard(post(text))} />
    </MemoryRouter>,
  );
  return html
    .match(/<p class="text-sm leading-relaxed text-muted">(.*?)<\/p>/s)![1]!
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'");
};

describe("blog card (docs/product.md §2 Cards)", () => {
  it("shows the text's first 200 characters then ' . . .'", () => {
    const text = "a".repeat(150) + " " + "b".repeat(150);
    expect(preview(text)).toBe(`${"a".repeat(150)} ${"b".repeat(49)} . . .`);
  });

  it("counts the 200 characters after paragraph breaks are joined, so a long post keeps its ' . . .'", () => {
    // paragraphs separated by blank lines and indentation: 40 extra whitespace characters in the first 200
    const paragraphs = Array.from({ length: 8 }, (_, i) => `Paragraph ${i + 1} about resting well.`).join("\n\n      \n");
    const shown = preview(paragraphs);
    const flat = paragraphs.replace(/\s+/g, " ");
    expect(flat.length).toBeGreaterThan(200);
    expect(shown).toBe(`${flat.slice(0, 200)} . . .`);
  });

  it("keeps the ' . . .' when the 201st character is a space", () => {
    expect(preview(`${"a".repeat(200)} and more`)).toBe(`${"a".repeat(200)} . . .`);
    expect(preview(`${"a".repeat(200)}\n\nNext paragraph`)).toBe(`${"a".repeat(200)} . . .`);
  });

  it("shows a short text whole", () => {
    expect(preview("Rest is productive.\n\nBe gentle with yourself.")).toBe("Rest is productive. Be gentle with yourself.");
  });
});
