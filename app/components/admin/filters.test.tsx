import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ListFilters } from "./filters";

const render = (url: string, keep?: string[]) => {
  const Stub = createRoutesStub([
    {
      path: "/purchasetable",
      Component: () => <ListFilters placeholder="Search by name, email or status..." dates clearTo="/purchasetable" keep={keep} />,
    },
  ]);
  return renderToString(<Stub initialEntries={[url]} />);
};
const hidden = (html: string) => [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => `${m[1]}=${m[2]}`);

describe("ListFilters", () => {
  it("a new search keeps the list's status and sort, and starts again at page 1", () => {
    const html = render("/purchasetable?q=ada&status=pending&sort=oldest&page=3", ["status", "sort"]);
    expect(hidden(html)).toEqual(["status=pending", "sort=oldest"]);
  });

  it("keeps only what the URL has, and nothing unless asked", () => {
    expect(hidden(render("/purchasetable?sort=total_desc", ["status", "sort"]))).toEqual(["sort=total_desc"]);
    expect(hidden(render("/purchasetable?status=pending&sort=oldest"))).toEqual([]);
  });

  it("says what else the search finds under the box, and the box points to it; without a hint, nothing", () => {
    const Stub = createRoutesStub([
      {
        path: "/purchasetable",
        Component: () => (
          <ListFilters placeholder="Search by name, email or status..." hint="Also an order number." clearTo="/purchasetable" />
        ),
      },
    ]);
    const html = renderToString(<Stub initialEntries={["/purchasetable"]} />);
    expect(html).toContain('placeholder="Search by name, email or status..."');
    expect(html).toMatch(/<input[^>]*aria-describedby="list-q-hint"/);
    expect(html).toContain('<p id="list-q-hint" class="basis-full text-xs text-muted">Also an order number.</p>');
    expect(render("/purchasetable")).not.toContain("list-q-hint");
  });
});
