import { renderToString } from "react-dom/server";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { createLogger } from "../../../lib/logger.server";
import { ProductForm } from "../../components/admin/product-form";
import { appContext, type AppServices } from "../../context";
import { loader as createLoader } from "./createproduct";
import { loader as editLoader } from "./editproduct";

// docs/product.md §8 on /createproduct and /editproduct/{id}: 'Failed to load categories' only when
// loading them failed; a new shop without categories is told to create one first.

const PRODUCT_ID = "5f0c4c59-3a44-4c56-9a55-3b1a1f0e7a01";
const brokenDb = new Proxy({} as Db, {
  get: () => () => {
    throw new Error("connection terminated unexpectedly");
  },
});
function contextWith(db: Db) {
  const context = new RouterContextProvider();
  const services: AppServices = {
    db,
    env: {} as AppServices["env"],
    logger: createLogger("silent"),
    requestId: "test",
    nonce: "n",
    user: { id: "7d3f8a9e-1111-4a2b-8c3d-000000000001", role: "admin", firstName: "Ada", lastName: "Admin", email: "a@x.ng" },
    clientIp: "local",
  };
  context.set(appContext, services);
  return context;
}
const args = (path: string, params: Record<string, string> = {}) =>
  ({ context: contextWith(brokenDb), request: new Request(`http://localhost${path}`), params }) as never;

describe("loaders when the database fails", () => {
  it("/createproduct keeps the page and hands the form 'no categories loaded' (null), not an error page", async () => {
    // (the owner's form asks the cost price too)
    expect(await createLoader(args("/createproduct"))).toEqual({ categories: null, costField: true });
  });

  it("/editproduct/{id} keeps the page with neither product nor categories", async () => {
    expect(await editLoader(args(`/editproduct/${PRODUCT_ID}`, { id: PRODUCT_ID }))).toEqual({
      product: null,
      categories: null,
      waiting: null,
      history: null,
      // the owner's cost price, which failed to load with the rest
      cost: null,
      // the buyers a moved pre-order day would tell
      toTell: null,
      // how many wish lists hold it
      wished: null,
    });
  });

  it("/editproduct/{id} with a malformed id is still the 404 page", async () => {
    await expect(editLoader(args("/editproduct/42", { id: "42" }))).rejects.toMatchObject({ init: { status: 404 } });
  });
});

const render = (ui: React.ReactNode) => {
  const Stub = createRoutesStub([{ path: "/", Component: () => ui }]);
  return renderToString(<Stub initialEntries={["/"]} />);
};
const product = {
  id: PRODUCT_ID,
  title: "Calm Candle",
  price: 8000,
  discount: 0,
  description: "Lavender",
  categoryId: "c1d5e2a4-0000-4000-8000-000000000001",
  category: { id: "c1d5e2a4-0000-4000-8000-000000000001", name: "Home Fragrance" },
  color: null,
  size: null,
  trackStock: true,
  shipsFrom: null,
  stock: 3,
};

describe("the product form", () => {
  it("says 'Failed to load categories. Please try again.' on /createproduct only when loading failed", () => {
    const html = render(<ProductForm categories={null} />);
    expect(html).toContain("Failed to load categories. Please try again.");
    expect(html).toContain("Try again");
  });

  it("tells a shop without categories to create one first, with a link, and no failure message", () => {
    const html = render(<ProductForm categories={[]} />);
    expect(html).not.toContain("Failed to load");
    expect(html).toContain("Create a category first");
    expect(html).toContain('href="/createcategory"');
  });

  it("shows neither with categories to choose from", () => {
    const html = render(<ProductForm categories={[{ id: "1", name: "Journals" }]} />);
    expect(html).not.toContain("Failed to load");
    expect(html).not.toContain("Create a category first");
    expect(html).toContain("Journals");
  });

  it("on the edit screen says 'Failed to load categories' and keeps the product's own category", () => {
    const html = render(<ProductForm categories={null} product={product} />);
    expect(html).toContain("Failed to load categories<");
    expect(html).toMatch(/<option value="c1d5e2a4-0000-4000-8000-000000000001" selected="">Home Fragrance<\/option>/);
  });

  it("has a 'Track stock' switch: off on a new product (no quantity asked), on with the quantity for a tracked one", () => {
    const switchOf = (html: string) => html.match(/<input type="checkbox" role="switch"[^>]*name="trackStock"[^>]*>/)![0];
    const created = render(<ProductForm categories={[{ id: "1", name: "Journals" }]} />);
    expect(created).toContain("Track stock");
    expect(switchOf(created)).not.toContain('checked=""');
    expect(created).not.toContain("Quantity in stock");
    const tracked = render(<ProductForm categories={null} product={product} />);
    expect(switchOf(tracked)).toContain('checked=""');
    const quantity = tracked.match(/Quantity in stock<\/label>(<input[^>]*>)/)![1];
    expect(quantity).toContain('name="stock"');
    expect(quantity).toContain('value="3"');
    const untracked = render(<ProductForm categories={null} product={{ ...product, trackStock: false, stock: null }} />);
    expect(switchOf(untracked)).not.toContain('checked=""');
    expect(untracked).not.toContain("Quantity in stock");
  });
});
