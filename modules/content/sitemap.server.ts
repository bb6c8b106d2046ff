import { desc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogPosts, categories, products } from "../../db/schema";

export type SitemapEntry = { path: string; lastmod?: string };

// Public, indexable pages: static pages, then every category, product and post.
const staticPaths = ["/", "/products", "/promopage", "/blogs", "/about", "/contact", "/author", "/teamgifts", "/privacy", "/terms"];

export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [cats, prods, posts] = await Promise.all([
    db.select({ id: categories.id, updatedAt: categories.updatedAt }).from(categories).orderBy(desc(categories.updatedAt)),
    db.select({ id: products.id, updatedAt: products.updatedAt }).from(products).orderBy(desc(products.updatedAt)),
    db.select({ id: blogPosts.id, updatedAt: blogPosts.updatedAt }).from(blogPosts).orderBy(desc(blogPosts.updatedAt)),
  ]);
  return [
    ...staticPaths.map((path) => ({ path })),
    ...cats.map((c) => ({ path: `/categories/${c.id}`, lastmod: c.updatedAt.toISOString() })),
    ...prods.map((p) => ({ path: `/productdetails/${p.id}`, lastmod: p.updatedAt.toISOString() })),
    ...posts.map((p) => ({ path: `/blogdetails/${p.id}`, lastmod: p.updatedAt.toISOString() })),
  ];
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function renderSitemap(origin: string, entries: SitemapEntry[]): string {
  const urls = entries
    .map((e) => `  <url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

// Admin screens and account pages are not for search engines.
export const disallowedPaths = [
  "/api/",
  "/admin",
  "/adminregister",
  "/dashboard",
  "/teamtable",
  "/producttable",
  "/createproduct",
  "/editproduct/",
  "/purchasetable",
  "/viewpurchase/",
  "/categorytable",
  "/createcategory",
  "/editcategory/",
  "/blogtable",
  "/createpost",
  "/editblog/",
  "/lga",
  "/createlga",
  "/editlga/",
  "/settings",
  "/cart",
  "/checkout",
  "/profile",
  // hers, and the lists shared links open (docs/product.md "Wish lists")
  "/wishlist",
  "/login",
  "/register",
  "/forgotpassword",
  "/resetpassword",
  "/logout",
  "/review",
  "/promosign",
  "/pay/",
  "/test",
  "/popup",
  "/poptest",
];

export function renderRobots(origin: string): string {
  return ["User-agent: *", "Allow: /", ...disallowedPaths.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join(
    "\n",
  );
}
