import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import AdminLayout from "./layout";

const owner = { firstName: "Ada", lastName: "Admin", email: "ada@alafia.ng", owner: true };
const render = (url: string, admin = owner, toAnswer = 0) => {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => <AdminLayout {...({ loaderData: { admin, toAnswer } } as React.ComponentProps<typeof AdminLayout>)} />,
    },
  ]);
  return renderToString(<Stub initialEntries={[url]} />);
};
/** the sidebar links marked as the current page, and those painted as active */
const current = (html: string) => [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>(?:<svg.*?<\/svg>)?([^<]+)<\/a>/g)].map((m) => m[1]);
const painted = (html: string) =>
  [...html.matchAll(/<a [^>]*class="[^"]*bg-rose text-white[^"]*"[^>]*>(?:<svg.*?<\/svg>)?([^<]+)<\/a>/g)].map((m) => m[1]);

describe("admin sidebar", () => {
  it.each([
    ["/producttable?page=2", "Products"],
    ["/createproduct", "Products"],
    ["/editproduct/5f0c4c59-3a44-4c56-9a55-3b1a1f0e7a01", "Products"],
    ["/viewpurchase/5f0c4c59-3a44-4c56-9a55-3b1a1f0e7a01", "Purchases"],
    ["/editlga/5f0c4c59-3a44-4c56-9a55-3b1a1f0e7a01", "Delivery Rates"],
    ["/settings", "Settings"],
  ])("on %s marks %s as the current page, and only that link looks active", (url, label) => {
    const html = render(url);
    expect(current(html)).toEqual([label]);
    expect(painted(html)).toEqual([label]);
  });

  it("counts the messages not read and the shoppers to tell on the Messages link, and shows no badge when none wait", () => {
    const badge = (html: string) =>
      html.match(/href="\/messages"[^>]*>.*?<span[^>]*data-testid="to-answer"[^>]*>(\d+)<span class="sr-only"> to answer<\/span>/)?.[1];
    expect(badge(render("/purchasetable", owner, 3))).toBe("3");
    expect(badge(render("/purchasetable", { ...owner, owner: false }, 1))).toBe("1");
    expect(render("/purchasetable", owner, 0)).not.toContain("to-answer");
    expect(render("/messages", owner, 2)).toMatch(/aria-current="page"[^>]*>.*?Messages<span/);
  });

  it("shows staff the screens they use, and none of the owner's", () => {
    const links = [...render("/purchasetable", { ...owner, owner: false }).matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toContain("/purchasetable");
    expect(links).toContain("/neworder");
    expect(links).toContain("/deliveries");
    for (const to of ["/teamtable", "/discounttable", "/lga", "/reports", "/settings", "/paymentsettings"]) expect(links).not.toContain(to);
    const all = [...render("/purchasetable").matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);
    expect(all).toContain("/settings");
  });
});
