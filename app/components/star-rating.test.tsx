import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StarRating } from "./star-rating";

describe("star rating", () => {
  it("shows one review's own stars without a count", () => {
    const html = renderToString(<StarRating rating={4} />);
    expect(html).toContain('role="img" aria-label="Rated 4 out of 5"');
    expect(html).not.toMatch(/\(<!-- -->\d/);
    expect(html.match(/fill-gold/g)).toHaveLength(4);
  });

  it("draws the empty stars in a colour that meets 3:1 (taupe), not the faint line colour", () => {
    const html = renderToString(<StarRating rating={2} count={3} />);
    expect(html.match(/text-taupe/g)).toHaveLength(3);
    expect(html).not.toContain("text-line");
  });
});
