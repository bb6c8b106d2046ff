import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import Category, { loader as categoryLoader } from "../../app/routes/shop/category";
import Promo, { loader as promoLoader } from "../../app/routes/shop/promo";
import { renderRobots } from "../../modules/content/sitemap.server";
import { createCategory, createProduct } from "../factories";
import { createTestContext, routerContext, type TestContext } from "../support/test-app";

// The storefront's list pages, loader and server render in-process (the browser journeys
// run on the demo data, whose categories and sale are too small to reach a second page).
let t: TestContext;
let journals: Awaited<ReturnType<typeof createCategory>>;

beforeAll(async () => {
  t = await createTestContext();
  journals = await createCategory(t.db, { name: "Gratitude Journals" });
  const other = await createCategory(t.db, { name: "Stress Relief" });
  // 14 journals, 13 of them on sale; 2 other products, 1 on sale
  for (let i = 1; i <= 16; i++)
    await createProduct(t.db, {
      title: `Product ${String(i).padStart(2, "0")}`,
      categoryId: i <= 14 ? journals.id : other.id,
      priceKobo: 1_000_000,
      discountKobo: i === 14 || i === 16 ? 0 : 800_000,
      createdAt: new Date(Date.UTC(2026, 0, i)),
    });
});

type AnyLoader = (args: never) => Promise<unknown>;
async function load<L extends AnyLoader>(loader: L, path: string, params: Record<string, string> = {}) {
  const context = routerContext(t, null);
  return (await loader({ request: new Request(`http://localhost:3000${path}`), params, context } as never)) as Awaited<ReturnType<L>>;
}
/** the status of what a loader threw (a 400 or 404 page) */
const thrownStatus = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (e: { init?: { status?: number } }) => e.init?.status,
  );
const titles = (products: { title: string }[]) => products.map((p) => p.title);
/** the page as the server renders it (React's text separators dropped) */
const html = (Page: unknown, loaderData: unknown) =>
  renderToString(createElement(MemoryRouter, null, createElement(Page as React.FC<{ loaderData: unknown }>, { loaderData }))).replace(
    /<!-- -->/g,
    "",
  );

describe("/categories/{id}", () => {
  it("pages its products on the server, 12 a page, newest first, with the total", async () => {
    const one = await load(categoryLoader, `/categories/${journals.id}`, { id: journals.id });
    expect(one.total).toBe(14);
    expect(one.page).toBe(1);
    expect(titles(one.products)).toHaveLength(12);
    expect(one.products[0]!.title).toBe("Product 14");
    const two = await load(categoryLoader, `/categories/${journals.id}?page=2`, { id: journals.id });
    expect(titles(two.products)).toEqual(["Product 02", "Product 01"]);
    const page = html(Category, two);
    expect(page).toContain(">14 products</p>");
    expect(page).toMatch(/Showing 13 to 14 of 14/);
    expect(page).toContain(`href="/categories/${journals.id}"`); // page 1 without ?page=
  });

  it("answers a bad page number with a 400", async () => {
    for (const bad of ["0", "abc", "99999"])
      expect(await thrownStatus(load(categoryLoader, `/categories/${journals.id}?page=${bad}`, { id: journals.id }))).toBe(400);
  });
});

describe("/promopage", () => {
  it("pages the discounted products on the server, 12 a page", async () => {
    const one = await load(promoLoader, "/promopage");
    expect(one.total).toBe(14);
    expect(one.products).toHaveLength(12);
    expect(one.products.every((p) => p.discount > 0)).toBe(true);
    const two = await load(promoLoader, "/promopage?page=2");
    expect(titles(two.products)).toEqual(["Product 02", "Product 01"]);
    const page = html(Promo, two);
    expect(page).toMatch(/Showing 13 to 14 of 14/);
    expect(page).toContain('href="/promopage"');
    expect(page).toContain('aria-current="page" aria-label="Page 2"');
  });

  it("answers a bad page number with a 400", async () => {
    expect(await thrownStatus(load(promoLoader, "/promopage?page=-1"))).toBe(400);
  });
});

describe("robots.txt", () => {
  it("keeps admin, account, checkout and payment pages out of search engines", () => {
    const robots = renderRobots("https://shop.example.ng");
    for (const path of [
      "/dashboard",
      "/profile",
      "/login",
      "/resetpassword",
      "/logout",
      "/cart",
      "/checkout",
      "/pay/",
      "/api/",
      "/wishlist",
    ])
      expect(robots).toContain(`\nDisallow: ${path}\n`);
    for (const path of ["/products", "/productdetails/", "/categories/", "/blogs", "/promopage"])
      expect(robots).not.toContain(`Disallow: ${path}`);
    expect(robots).toContain("Sitemap: https://shop.example.ng/sitemap.xml");
  });
});
