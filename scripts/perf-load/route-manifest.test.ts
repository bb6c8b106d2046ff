import { describe, expect, it } from "vitest";
import { routeManifestRequest } from "./route-manifest";

describe("routeManifestRequest", () => {
  it("asks for the page's marked links and forms with their ancestors, sorted, at the page's version", () => {
    const html = `<script>window.__reactRouterManifest = {
  "version": "2975aec4"
};</script>
<a data-discover="true" class="card" href="/productdetails/p-2?ref=home&amp;x=1">Journal</a>
<a href="/about">not marked</a><a data-discover="true" href="https://wa.me/234">WhatsApp</a>
<form method="post" action="/newsletter" data-discover="true"></form>
<a data-discover="true" href="/">Home</a><a data-discover="true" href="/cart">Cart</a>`;
    const url = new URL(routeManifestRequest(html), "http://shop.test");
    expect(url.pathname).toBe("/__manifest");
    expect(url.searchParams.get("version")).toBe("2975aec4");
    expect(url.searchParams.get("paths")).toBe("/,/cart,/newsletter,/productdetails,/productdetails/p-2");
  });

  it("refuses a page without React Router's manifest", () => {
    expect(() => routeManifestRequest('<a data-discover="true" href="/">Home</a>')).toThrow(/version/);
  });
});
