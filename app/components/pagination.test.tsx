import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Pagination, pageWindow } from "./pagination";

describe("pageWindow", () => {
  it("shows the first, the last and the current page with two on each side, gaps as null", () => {
    expect(pageWindow(1, 834)).toEqual([1, 2, 3, null, 834]);
    expect(pageWindow(400, 834)).toEqual([1, null, 398, 399, 400, 401, 402, null, 834]);
    expect(pageWindow(834, 834)).toEqual([1, null, 832, 833, 834]);
  });

  it("shows a lone missing page rather than an ellipsis for it, and every page of a short list", () => {
    expect(pageWindow(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 10]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });
});

const render = (ui: React.ReactNode) => {
  const Stub = createRoutesStub([{ path: "/", Component: () => ui }]);
  return renderToString(<Stub initialEntries={["/"]} />).replace(/<!-- -->/g, "");
};

describe("Pagination", () => {
  it("renders about nine links for 10,000 products (834 pages), not 834", () => {
    const html = render(<Pagination page={400} pageSize={12} total={10_000} hrefFor={(n) => `/products?page=${n}`} />);
    const pages = [...html.matchAll(/aria-label="Page (\d+)"/g)].map((m) => Number(m[1]));
    expect(pages).toEqual([1, 398, 399, 400, 401, 402, 834]);
    expect(html).toContain('aria-current="page" aria-label="Page 400"');
    expect(html.match(/…/g)).toHaveLength(2);
    expect(html).toContain('href="/products?page=399"');
    expect(html).toContain("Showing 4789 to 4800 of 10000");
  });

  it("marks previous disabled on the first page and next on the last", () => {
    const first = render(<Pagination page={1} pageSize={5} total={12} hrefFor={(n) => `?page=${n}`} look="admin" />);
    expect(first).toMatch(/<span[^>]*role="link" aria-disabled="true" aria-label="Previous page"/);
    expect(first).toMatch(/<a[^>]*aria-label="Next page"/);
    const last = render(<Pagination page={3} pageSize={5} total={12} hrefFor={(n) => `?page=${n}`} look="admin" />);
    expect(last).toMatch(/<span[^>]*role="link" aria-disabled="true" aria-label="Next page"/);
  });
});
