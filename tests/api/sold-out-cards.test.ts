import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import Category, { loader as categoryLoader } from "../../app/routes/shop/category";
import Home, { loader as homeLoader } from "../../app/routes/shop/home";
import Products, { loader as productsLoader } from "../../app/routes/shop/products";
import Promo, { loader as promoLoader } from "../../app/routes/shop/promo";
import { createCategory, createProduct } from "../factories";
import { createTestContext, routerContext, type TestContext } from "../support/test-app";

// A tracked product with none left says 'Sold out' on every card and list, not only on its
// own page; one whose stock is not tracked never does.
let t: TestContext;
let categoryId: string;
beforeAll(async () => {
  t = await createTestContext();
  categoryId = (await createCategory(t.db, { name: "Stress Relief" })).id;
  const onSale = { categoryId, priceKobo: 500_000, discountKobo: 400_000 };
  await createProduct(t.db, { ...onSale, title: "Worry Stone", stock: 0 });
  await createProduct(t.db, { ...onSale, title: "Breathing Cards", stock: 3 });
  await createProduct(t.db, { ...onSale, title: "Affirmation Postcards", stock: null });
});

type AnyLoader = (args: never) => Promise<unknown>;
/** The page as the server renders it from its loader, then each card's text. */
async function cards(loader: AnyLoader, Page: unknown, path: string, params: Record<string, string> = {}) {
  const loaderData = await loader({
    request: new Request(`http://localhost:3000${path}`),
    params,
    context: routerContext(t, null),
  } as never);
  // a data router: the products page's filters submit through it
  const Stub = createRoutesStub([{ path: "*", Component: () => createElement(Page as React.FC<{ loaderData: unknown }>, { loaderData }) }]);
  const html = renderToString(createElement(Stub, { initialEntries: [path] }));
  return (html.match(/<article[\s\S]*?<\/article>/g) ?? []).map((card) => card.replace(/<[^>]+>/g, " ").replace(/\s+/g, " "));
}

function expectSoldOutOnlyOnWorryStone(texts: string[]) {
  expect(texts.filter((c) => c.includes("Worry Stone"))).toHaveLength(1);
  for (const card of texts) expect(card.includes("Sold out")).toBe(card.includes("Worry Stone"));
}

describe("'Sold out' on the cards", () => {
  it("home best sellers", async () => expectSoldOutOnlyOnWorryStone(await cards(homeLoader, Home, "/")));
  it("/products", async () => expectSoldOutOnlyOnWorryStone(await cards(productsLoader, Products, "/products")));
  it("search results", async () => {
    const found = await cards(productsLoader, Products, "/products?q=worry%20stone");
    expect(found.length).toBeGreaterThan(0);
    expectSoldOutOnlyOnWorryStone(found);
  });
  it("/categories/{id}", async () =>
    expectSoldOutOnlyOnWorryStone(await cards(categoryLoader, Category, `/categories/${categoryId}`, { id: categoryId })));
  it("/promopage", async () => expectSoldOutOnlyOnWorryStone(await cards(promoLoader, Promo, "/promopage")));
});
