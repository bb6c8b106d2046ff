import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categories, productImages, products } from "../../db/schema";
import { lagosNow } from "../../lib/lagos-calendar";
import { availabilityOf, preorderDay } from "../stock/preorder";
import { shareImagePath } from "../content/share-images";
import { shareImageVersion } from "../content/share-images.server";

// docs/product.md "Product feed": the catalogue as Meta Commerce Manager (the Instagram and Facebook
// shops) and Google Merchant Center read it: RSS 2.0 with Google's g: fields, which both take. The
// shop gives the address once; they fetch it on their own schedule.

export type FeedItem = {
  id: string;
  title: string;
  description: string;
  priceKobo: number;
  /** the sale price, 0 for none (as on the product) */
  discountKobo: number;
  /** null: not tracked, always buyable */
  stock: number | null;
  /** a pre-order's day it ships from; null when it is in */
  shipsFrom: string | null;
  color: string | null;
  size: string | null;
  category: string;
  /** the stored image its share picture is drawn from (its largest variant), null: none */
  image: string | null;
};

/** Every product with its category and the image it is shown with: two queries, whatever the count. */
export async function productFeedItems(db: Db): Promise<FeedItem[]> {
  const [rows, images] = await Promise.all([
    db
      .select({
        id: products.id,
        title: products.title,
        description: products.description,
        priceKobo: products.priceKobo,
        discountKobo: products.discountKobo,
        stock: products.stock,
        shipsFrom: products.shipsFrom,
        color: products.color,
        size: products.size,
        category: categories.name,
        imageUrl: products.imageUrl,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .orderBy(desc(products.createdAt), asc(products.id)),
    // each product's largest stored variant, as its page's share picture uses
    db
      .selectDistinctOn([productImages.productId], { productId: productImages.productId, url: productImages.url })
      .from(productImages)
      .orderBy(productImages.productId, desc(productImages.width)),
  ]);
  const largest = new Map(images.map((i) => [i.productId, i.url]));
  const today = lagosNow(new Date()).date;
  return rows.map(({ imageUrl, ...r }) => ({ ...r, shipsFrom: preorderDay(r.shipsFrom, today), image: largest.get(r.id) ?? imageUrl }));
}

// characters XML 1.0 does not allow: one pasted into a description would break the whole feed
// eslint-disable-next-line no-control-regex -- control characters are what this drops
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(NOT_XML, "");

/** "15000.00 NGN": the feeds' money, from kobo. */
export const feedPrice = (kobo: number) => `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, "0")} NGN`;

/** Meta's and Google's longest title and description. */
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;

function itemXml(origin: string, brand: string, p: FeedItem): string {
  const field = (name: string, value: string | null) => (value ? `\n      <g:${name}>${escapeXml(value)}</g:${name}>` : "");
  return (
    `    <item>` +
    field("id", p.id) +
    field("title", p.title.slice(0, TITLE_MAX)) +
    field("description", p.description.slice(0, DESCRIPTION_MAX) || p.title) +
    field("link", `${origin}/productdetails/${p.id}`) +
    // the JPEG drawn for link previews: both read JPEG, not every reader takes WebP
    field("image_link", `${origin}${shareImagePath("products", p.id, shareImageVersion(p.image))}`) +
    field("availability", availabilityOf(p)) +
    // a pre-order's day, as Google asks it (ISO 8601, Lagos time)
    field("availability_date", availabilityOf(p) === "preorder" ? `${p.shipsFrom}T00:00+01:00` : null) +
    field("condition", "new") +
    field("price", feedPrice(p.priceKobo)) +
    field("sale_price", p.discountKobo ? feedPrice(p.discountKobo) : null) +
    field("brand", brand) +
    // the shop's own goods have no barcode
    field("identifier_exists", "no") +
    field("product_type", p.category) +
    field("color", p.color) +
    field("size", p.size) +
    `\n    </item>`
  );
}

/** The feed as XML. `origin` is the shop's configured address (never a request's). */
export function renderProductFeed(origin: string, shop: { shopName: string }, items: FeedItem[]): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">`,
    `  <channel>`,
    `    <title>${escapeXml(shop.shopName)}</title>`,
    `    <link>${escapeXml(origin)}/</link>`,
    `    <description>${escapeXml(`Products of ${shop.shopName}`)}</description>`,
    ...items.map((p) => itemXml(origin, shop.shopName, p)),
    `  </channel>`,
    `</rss>`,
    "",
  ].join("\n");
}
