import { describe, expect, it } from "vitest";
import { pageAddress } from "./guards.server";

const at = (url: string) => pageAddress(new Request(`http://localhost:3000${url}`));

describe("pageAddress", () => {
  it("is the page's own address for a document request", () => {
    expect(at("/checkout")).toBe("/checkout");
    expect(at("/profile?edit")).toBe("/profile?edit");
    expect(at("/producttable?q=gift%20box&page=2")).toBe("/producttable?q=gift%20box&page=2");
  });

  it("takes React Router's data suffix and _routes parameter off a client-side navigation's request", () => {
    expect(at("/checkout.data")).toBe("/checkout");
    expect(at("/profile.data?edit&_routes=routes%2Faccount%2Fprofile")).toBe("/profile?edit");
    expect(at("/_.data")).toBe("/");
    expect(at("/producttable/_.data?page=2")).toBe("/producttable/?page=2");
    expect(at("/viewpurchase/6a1f.data?_routes=root,routes%2Fadmin%2Fviewpurchase")).toBe("/viewpurchase/6a1f");
  });
});
