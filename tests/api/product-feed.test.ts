// docs/product.md "Product feed": /feeds/products.xml gives the catalogue to Meta Commerce Manager
// (the Instagram and Facebook shops) and Google Merchant Center, as RSS 2.0 with g: fields: every
// product with its price, sale price, stock, image and page, under the shop's configured address.
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema";
import { feedPrice } from "../../modules/marketing/product-feed.server";
import { createAdminUser, createCategory, createProduct, createProductImage } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
let owner: { id: string; role: "admin" };
beforeAll(async () => {
  // a long-lived cache: what the feed shows after a write is the write's invalidation, not the clock
  t = await createPagesContext({ CACHE_TTL_MS: "60000" });
  owner = { id: (await createAdminUser(t.db)).id, role: "admin" };
});

const feed = async (headers: Record<string, string> = {}) => {
  const res = await t.page("/feeds/products.xml", { headers });
  return { res, xml: await res.text() };
};
/** One product's <item>, its g: fields by name. */
function itemOf(xml: string, id: string): Record<string, string> {
  const item = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!).find((i) => i.includes(`<g:id>${id}</g:id>`));
  expect(item, `no item for ${id}`).toBeDefined();
  return Object.fromEntries([...item!.matchAll(/<g:(\w+)>([^<]*)<\/g:\1>/g)].map((m) => [m[1]!, m[2]!]));
}

describe("the product feed", () => {
  it("lists every product with the fields Meta and Google read, under the shop's configured address", async () => {
    const category = await createCategory(t.db, { name: "Journals & Planners" });
    const onSale = await createProduct(t.db, {
      title: 'Calm & Co <Gratitude> "Journal"',
      description: "Ninety days of prompts.\u0007 Lay-flat binding.",
      priceKobo: 1_500_000,
      discountKobo: 1_250_050,
      stock: 0,
      color: "Sage Green",
      size: "A5",
      categoryId: category.id,
    });
    await createProductImage(t.db, onSale.id, { url: "/uploads/products/calm-320.webp", width: 320 });
    await createProductImage(t.db, onSale.id, { url: "/uploads/products/calm-1280.webp", width: 1280 });
    const plain = await createProduct(t.db, { priceKobo: 800_000, discountKobo: 0, stock: null, color: null, size: null });

    // a request's Host never makes the addresses: they are the configured PUBLIC_URL's
    const { res, xml } = await feed({ Host: "evil.example", "X-Forwarded-Host": "evil.example" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=900");
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:g="http:\/\/base.google.com\/ns\/1.0">/);
    expect(xml).toContain("<title>Alafia Self-Care</title>");
    expect(xml).not.toContain("evil.example");
    expect(xml.match(/<item>/g)).toHaveLength((await t.db.select({ id: products.id }).from(products)).length);

    const sale = itemOf(xml, onSale.id);
    expect(sale).toMatchObject({
      title: "Calm &amp; Co &lt;Gratitude&gt; &quot;Journal&quot;",
      // a control character pasted into a description would break the whole feed: it is dropped
      description: "Ninety days of prompts. Lay-flat binding.",
      link: `http://localhost:3000/productdetails/${onSale.id}`,
      availability: "out of stock",
      condition: "new",
      price: "15000.00 NGN",
      sale_price: "12500.50 NGN",
      brand: "Alafia Self-Care",
      identifier_exists: "no",
      product_type: "Journals &amp; Planners",
      color: "Sage Green",
      size: "A5",
    });
    expect(sale.image_link).toMatch(new RegExp(`^http://localhost:3000/og/products/${onSale.id}\\.jpg\\?v=[0-9a-f]{12}$`));
    // the product page's own share picture: the same address, and a JPEG
    const page = await (await t.page(`/productdetails/${onSale.id}`)).text();
    expect(page).toContain(`<meta property="og:image" content="${sale.image_link!.replace(/&/g, "&amp;")}"/>`);
    const picture = await t.page(sale.image_link!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/jpeg");

    // untracked stock is always in stock; no sale price, colour or size: no field
    const other = itemOf(xml, plain.id);
    expect(other).toMatchObject({ availability: "in stock", price: "8000.00 NGN" });
    expect(Object.keys(other)).not.toEqual(expect.arrayContaining(["sale_price"]));
    expect(other).not.toHaveProperty("color");
    expect(other).not.toHaveProperty("size");
  });

  it("is served from memory, and an owner's change is in it at the next fetch", async () => {
    await feed();
    // a product added behind the app's back is not seen: the feed is the kept one
    const p = await createProduct(t.db, { priceKobo: 900_000, discountKobo: 0, stock: 3 });
    expect((await feed()).xml).not.toContain(`<g:id>${p.id}</g:id>`);
    // the owner's change through the shop clears it, here and on every server
    const put = await t.page(`/api/products/${p.id}`, {
      method: "PUT",
      as: owner,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ price: 9500, discount: 7000, stock: 0 }),
    });
    expect(put.status).toBe(200);
    expect(itemOf((await feed()).xml, p.id)).toMatchObject({
      price: "9500.00 NGN",
      sale_price: "7000.00 NGN",
      availability: "out of stock",
    });
  });

  it("gives naira with two decimals from kobo", () => {
    expect([feedPrice(0), feedPrice(5), feedPrice(1_500_000), feedPrice(1_250_050)]).toEqual([
      "0.00 NGN",
      "0.05 NGN",
      "15000.00 NGN",
      "12500.50 NGN",
    ]);
  });

  it("the owner finds its address in /settings", async () => {
    const html = (await (await t.page("/settings", { as: owner })).text()).replace(/<!-- -->/g, "");
    expect(html).toMatch(
      /data-testid="product-feed">.*Product feed for Instagram, Facebook and Google.*http:\/\/localhost:3000\/feeds\/products\.xml/s,
    );
    expect(html).toMatch(/data-testid="product-feed">.*aria-label="Copy feed address"/s);
  });
});
