import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import Profile, { loader as profileLoader } from "../../app/routes/account/profile";
import ProductDetails, { loader as productLoader } from "../../app/routes/shop/product-details";
import Review, { loader as reviewLoader } from "../../app/routes/shop/review";
import type { SessionUser } from "../../modules/accounts/sessions.server";
import { createProduct, createPurchase, createUser } from "../factories";
import { createTestContext, routerContext, type TestContext } from "../support/test-app";

// Reviewing takes an account and a paid purchase (docs/product.md §6): the page says so before anyone
// writes a review, instead of refusing it after.
let t: TestContext;
let product: Awaited<ReturnType<typeof createProduct>>;
let buyer: SessionUser;
let browser: SessionUser;
beforeAll(async () => {
  t = await createTestContext();
  product = await createProduct(t.db, { title: "Calm Candle Trio" });
  const asSession = (u: Awaited<ReturnType<typeof createUser>>): SessionUser => ({ ...u, role: "customer" });
  const b = await createUser(t.db);
  await createPurchase(t.db, b, [{ product, quantity: 1 }], { status: "delivered" });
  buyer = asSession(b);
  // she only started a checkout: not paid, not a buyer
  const s = await createUser(t.db);
  await createPurchase(t.db, s, [{ product, quantity: 1 }], { status: "pending" });
  browser = asSession(s);
});

type AnyLoader = (args: never) => Promise<unknown>;
/** The page as the server renders it for `user`, from its loader. */
async function page(loader: AnyLoader, Page: unknown, path: string, user: SessionUser | null, params: Record<string, string> = {}) {
  const loaderData = await loader({
    request: new Request(`http://localhost:3000${path}`),
    params,
    context: routerContext(t, user),
  } as never);
  const Stub = createRoutesStub([{ path: "*", Component: () => createElement(Page as React.FC<{ loaderData: unknown }>, { loaderData }) }]);
  return renderToString(createElement(Stub, { initialEntries: [path] })).replace(/<!-- -->/g, "");
}
const productPage = (user: SessionUser | null) =>
  page(productLoader, ProductDetails, `/productdetails/${product.id}`, user, { id: product.id });

describe("the product page's 'Write a Review'", () => {
  it("a guest sees 'Log in to review', linking to the login and back to this product; no form", async () => {
    const html = await productPage(null);
    const link = html.match(/<a [^>]*>Log in to review<\/a>/)?.[0];
    expect(link).toContain(`href="/login?redirectTo=%2Fproductdetails%2F${product.id}"`);
    expect(html).not.toContain("<textarea");
    expect(html).not.toContain("Submit Review");
  });

  it("a signed-in shopper who has not paid for it is told only buyers can review; no form", async () => {
    const html = await productPage(browser);
    expect(html).toContain("Only customers who have bought this product can review it.");
    expect(html).not.toContain("Log in to review");
    expect(html).not.toContain("<textarea");
  });

  it("a buyer gets the form", async () => {
    const html = await productPage(buyer);
    expect(html).toContain("<textarea");
    expect(html).toContain("Submit Review");
    expect(html).not.toContain("Only customers who have bought");
  });
});

describe("/review from 'My orders'", () => {
  it("each product of a paid order links to /review with it chosen; an unpaid order's do not", async () => {
    const html = await page(profileLoader, Profile, "/profile", buyer);
    expect(html).toContain(`href="/review?productId=${product.id}"`);
    expect(html).toContain("Review Calm Candle Trio");
    const unpaid = await page(profileLoader, Profile, "/profile", browser);
    expect(unpaid).toContain("Calm Candle Trio");
    expect(unpaid).not.toContain("/review?productId=");
  });

  it("/review picks the product for a buyer; without a paid purchase it says what reviewing takes, with no form", async () => {
    const html = await page(reviewLoader, Review, `/review?productId=${product.id}`, buyer);
    expect(html).toMatch(new RegExp(`<option value="${product.id}" selected="">Calm Candle Trio</option>`));
    const none = await page(reviewLoader, Review, "/review", browser);
    expect(none).toContain("You can review products you have bought.");
    expect(none).not.toContain("<textarea");
  });
});
