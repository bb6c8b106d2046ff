import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AddToCart } from "../cart/add-to-cart";
import { StockState } from "./product-options";

const stockText = (stock: number, lowStockThreshold = 5) =>
  renderToString(<StockState stock={stock} lowStockThreshold={lowStockThreshold} />).replace(/<[^>]+>|<!-- -->/g, "");

/** The Add To Cart button as the product page renders it on the server. */
const addToCartButton = (stock: number) => {
  const Stub = createRoutesStub([
    { path: "/productdetails/:id", Component: () => <AddToCart product={{ id: "p1", title: "Worry Stone", stock }} /> },
  ]);
  const html = renderToString(<Stub initialEntries={["/productdetails/p1"]} />);
  return html.match(/<button type="submit" class="btn-primary[^"]*"[^>]*>[^<]*<\/button>/)![0];
};

describe("product page stock state", () => {
  it("reads 'Out of stock' at zero", () => {
    expect(stockText(0)).toBe("Out of stock");
  });

  it("reads 'Only N left' at or under the shop's low-stock threshold", () => {
    expect(stockText(1)).toBe("Only 1 left");
    expect(stockText(5, 5)).toBe("Only 5 left");
    expect(stockText(6, 5)).toBe("In stock");
  });

  it("keeps the 'Add To Cart' label and disables the button when out of stock", () => {
    const soldOut = addToCartButton(0);
    expect(soldOut).toContain(">Add To Cart</button>");
    expect(soldOut).toMatch(/ disabled=""/);
    const inStock = addToCartButton(3);
    expect(inStock).toContain(">Add To Cart</button>");
    expect(inStock).not.toMatch(/ disabled=""/);
  });
});
