import { describe, expect, it } from "vitest";
import { parseBlogText, parseInline, plainText } from "./safe-markdown";

describe("blog text (safe Markdown subset)", () => {
  it("keeps paragraphs separated by blank lines, and line breaks inside them", () => {
    const blocks = parseBlogText("First line\nsecond line\r\n\r\n\n## A heading\n\nLast.");
    expect(blocks).toEqual([
      { kind: "paragraph", lines: [[{ kind: "text", text: "First line" }], [{ kind: "text", text: "second line" }]] },
      { kind: "heading", text: "A heading" },
      { kind: "paragraph", lines: [[{ kind: "text", text: "Last." }]] },
    ]);
  });

  it("turns **bold**, *italic* and safe links into parts, and leaves HTML as text", () => {
    expect(parseInline("a **b** *c* [d](https://alafia.ng) <script>x</script>")).toEqual([
      { kind: "text", text: "a " },
      { kind: "strong", text: "b" },
      { kind: "text", text: " " },
      { kind: "em", text: "c" },
      { kind: "text", text: " " },
      { kind: "link", text: "d", href: "https://alafia.ng" },
      { kind: "text", text: " <script>x</script>" },
    ]);
  });

  it("refuses javascript: and protocol-relative links", () => {
    expect(parseInline("[x](javascript:alert(1))")[0]).toMatchObject({ kind: "text" });
    expect(parseInline("[x](//evil.example)")).toEqual([{ kind: "text", text: "[x](//evil.example)" }]);
  });
});

describe("plainText (previews, meta descriptions, share tags)", () => {
  it("keeps the words and drops the Markdown marks", () => {
    expect(plainText("## Breathe\n\nA **deep** breath, *slowly*. See [our guide](https://alafia.ng/guide).")).toBe(
      "Breathe\n\nA deep breath, slowly. See our guide.",
    );
  });
});
