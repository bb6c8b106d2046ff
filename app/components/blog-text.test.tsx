import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BlogText } from "./blog-text";

describe("blog text on the page", () => {
  it("renders **bold** as <strong> and keeps a paragraph per blank line", () => {
    const html = renderToString(<BlogText text={"Rest is **not** a reward.\n\nSecond paragraph."} />);
    expect(html).toContain("<p>Rest is <strong>not</strong> a reward.</p>");
    expect(html).toContain("<p>Second paragraph.</p>");
  });

  it("shows <script> and other HTML as text, never as markup", () => {
    const html = renderToString(<BlogText text={'Hello <script>alert(1)</script> <img src=x onerror="alert(2)">'} />);
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
  });
});
