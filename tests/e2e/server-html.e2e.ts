// What the server sends before any JavaScript runs: titles, prices, previews, 404s, sitemap.
import http from "node:http";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { baseUrl } from "./support/browser";
import { firstScripts, holdsZod } from "./support/page-scripts";
import { api } from "./support/shop";

/** a share image URL answers a 1200×630 JPEG, cached for a year */
async function expectShareImage(url: string) {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/jpeg");
  expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  const { width, height, format } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: "jpeg" });
}

describe("server HTML, before any JavaScript", () => {
  it("has the product's title, price, og:image and JSON-LD", async () => {
    const { body: products } = await api<{ id: string; title: string; price: number; discount: number }[]>("/api/products?pageSize=1");
    const product = products[0]!;
    const res = await fetch(`${baseUrl}/productdetails/${product.id}`, { headers: { "User-Agent": "WhatsApp/2.23.20.0" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const escapedTitle = product.title.replace(/&/g, "&amp;");
    expect(html).toContain(`<title>${escapedTitle} | Alafia Self-Care</title>`);
    expect(html).toContain(`<h1 class="mt-2 text-3xl leading-tight sm:text-4xl">${escapedTitle}</h1>`);
    const price = new Intl.NumberFormat("en-NG").format(product.discount > 0 ? product.discount : product.price);
    expect(html).toContain(`₦${price}`);
    // a 1200×630 JPEG link previews can show (WhatsApp is unreliable with WebP), cached for a year
    const ogImage = html.match(/<meta property="og:image" content="(http:\/\/[^"]+\/og\/products\/[0-9a-f-]+\.jpg\?v=[0-9a-f]+)"\/>/)?.[1];
    expect(ogImage).toBeDefined();
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    expect(html).toContain('<meta property="og:image:height" content="630"/>');
    expect(html).toContain('<meta property="og:image:type" content="image/jpeg"/>');
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"\/>/);
    await expectShareImage(ogImage!.replace(/&amp;/g, "&"));
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/productdetails\/[0-9a-f-]+"\/>/);
    const ld = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
    expect(ld).not.toBeNull();
    const data = JSON.parse(ld![1]!);
    expect(data).toMatchObject({
      "@type": "Product",
      name: product.title,
      offers: {
        priceCurrency: "NGN",
        price: (product.discount > 0 ? product.discount : product.price).toFixed(2),
        availability: expect.stringMatching(/schema.org\/(InStock|OutOfStock)/),
      },
    });
    expect(html).toContain(`<meta name="twitter:data1" content="₦${price}"/>`);
    // a shopper's phone browser gets the same in the streamed HTML, before hydration
    const phone = await fetch(`${baseUrl}/productdetails/${product.id}`, {
      headers: {
        "User-Agent": "Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36",
      },
    });
    const streamed = await phone.text();
    for (const part of [
      `<title>${escapedTitle} | Alafia Self-Care</title>`,
      `₦${price}`,
      '<meta property="og:image" content="http',
      '"@type":"Product"',
    ])
      expect(streamed).toContain(part);
  });

  it("has BlogPosting JSON-LD and Open Graph tags on a post", async () => {
    const { body: posts } = await api<{ id: string; title: string }[]>("/api/posts?pageSize=1");
    const html = await (await fetch(`${baseUrl}/blogdetails/${posts[0]!.id}`)).text();
    expect(html).toContain('<meta property="og:type" content="article"/>');
    const ogImage = html.match(/<meta property="og:image" content="(http:\/\/[^"]+\/og\/posts\/[0-9a-f-]+\.jpg\?v=[0-9a-f]+)"\/>/)?.[1];
    await expectShareImage(ogImage!);
    // other pages share the branded picture
    const about = await (await fetch(`${baseUrl}/about`)).text();
    const branded = about.match(/<meta property="og:image" content="([^"]+)"\/>/)?.[1];
    expect(branded).toMatch(/\/og\/default\.jpg\?v=\d+$/);
    await expectShareImage(branded!);
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!);
    expect(ld).toMatchObject({ "@type": "BlogPosting", headline: posts[0]!.title });
  });

  it("answers unknown or malformed ids with a 404 page and a bad filter with a 400", async () => {
    for (const path of [
      "/productdetails/00000000-0000-4000-8000-000000000000",
      "/productdetails/abc",
      "/categories/42",
      "/blogdetails/00000000-0000-4000-8000-000000000000",
    ])
      expect((await fetch(`${baseUrl}${path}`)).status, path).toBe(404);
    expect((await fetch(`${baseUrl}/products?sort=cheapest`)).status).toBe(400);
    expect((await fetch(`${baseUrl}/products?utm_source=whatsapp`)).status).toBe(200);
  });

  it("serves the favicons from the build's root, cached for an hour", async () => {
    for (const file of ["/favicon.svg", "/favicon.ico", "/apple-touch-icon.png"]) {
      const res = await fetch(`${baseUrl}${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get("cache-control"), file).toBe("public, max-age=3600");
    }
  });

  it("serves /sitemap.xml and /robots.txt", async () => {
    const sitemap = await fetch(`${baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toMatch(/xml/);
    const xml = await sitemap.text();
    const { body: products } = await api<{ id: string }[]>("/api/products?pageSize=1");
    expect(xml).toContain(`/productdetails/${products[0]!.id}</loc>`);
    expect(xml).toMatch(/\/categories\/[0-9a-f-]+<\/loc>/);
    expect(xml).toMatch(/\/blogdetails\/[0-9a-f-]+<\/loc>/);
    expect(xml).toContain("/about</loc>");
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
    for (const path of ["/dashboard", "/profile", "/cart", "/checkout", "/resetpassword", "/logout", "/pay/"])
      expect(robots).toContain(`Disallow: ${path}`);
    expect(robots).toMatch(/Sitemap: http:\/\/.+\/sitemap\.xml/);
  });

  it("keeps an idle connection open longer than a load balancer's idle time (65 s)", async () => {
    // the server closing an idle kept-alive connection first races the next request sent on it
    for (const path of ["/", "/api/products?pageSize=1"]) {
      const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) =>
        http.get(`${baseUrl}${path}`, (res) => (res.resume(), resolve(res.headers))).on("error", reject),
      );
      expect(headers.connection, path).toBe("keep-alive");
      expect(headers["keep-alive"], path).toBe("timeout=65");
    }
  });

  it("sends the order tracking page as plain HTML: no JavaScript at all, its menu and search open by their links", async () => {
    const html = await (await fetch(`${baseUrl}/track`)).text();
    expect(html).toContain("</html>");
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=|rel="modulepreload"|import\(/);
    expect(html).toContain('href="#mobile-menu"');
    expect(html).toContain('href="#site-search"');
    expect(html).toMatch(/<form[^>]*method="post"/);
    // a guest's cart lives in her browser: a page without a script shows no count rather than a wrong 0
    expect(html).toContain('aria-label="Cart"');
    expect(html).not.toContain('data-testid="cart-count"');
    // every other page keeps its scripts, started once the page is painted (app/lib/hydrate-after-paint.server.ts)
    expect(await (await fetch(`${baseUrl}/products`)).text()).toMatch(/data-after-paint=""[\s\S]*"modulepreload"/);
  });

  it("starts the pages on the way to paying without zod: their forms' rules are fetched once the page runs", async () => {
    for (const path of ["/cart", "/login", "/register", "/contact"]) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      const first = firstScripts(html);
      expect(first.length, path).toBeGreaterThan(3);
      expect([path, await holdsZod(first)]).toEqual([path, false]);
    }
  });
});
