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
});
