import { DEFAULT_SHARE_IMAGE_PATH, SHARE_IMAGE } from "../../modules/content/share-images";

// Per-page <head> tags: title, description, canonical URL, Open Graph and Twitter
// cards, so a link pasted in WhatsApp shows a preview.
export const SITE_NAME = "Alafia Self-Care";

type MetaDescriptor = Record<string, string>;

export type PageSeo = {
  title: string;
  description: string;
  /** absolute URL of the page (canonical) */
  url?: string;
  /** absolute URL of the page's 1200×630 JPEG share image; the site's branded one when absent */
  image?: string;
  imageAlt?: string;
  type?: "website" | "product" | "article";
  noindex?: boolean;
  extra?: MetaDescriptor[];
};

export function pageMeta({
  title,
  description,
  url,
  image,
  imageAlt,
  type = "website",
  noindex = false,
  extra = [],
}: PageSeo): MetaDescriptor[] {
  const full = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  const tags: MetaDescriptor[] = [
    { title: full },
    { name: "description", content: description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:locale", content: "en_NG" },

    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (url) tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  const shared = image ?? (url ? new URL(DEFAULT_SHARE_IMAGE_PATH, url).toString() : undefined);
  if (shared) {
    const alt = image && imageAlt ? imageAlt : SITE_NAME;
    tags.push(
      { property: "og:image", content: shared },
      { property: "og:image:type", content: SHARE_IMAGE.type },
      { property: "og:image:width", content: String(SHARE_IMAGE.width) },
      { property: "og:image:height", content: String(SHARE_IMAGE.height) },
      { property: "og:image:alt", content: alt },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:image", content: shared },
      { name: "twitter:image:alt", content: alt },
    );
  } else tags.push({ name: "twitter:card", content: "summary" });
  if (noindex) tags.push({ name: "robots", content: "noindex, follow" });
  return [...tags, ...extra];
}

/** JSON for a <script type="application/ld+json">: `<`, `>` and `&` escaped so text can never close the tag. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** An absolute URL from the site origin and a path (or an already absolute URL). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, origin.endsWith("/") ? origin : `${origin}/`).toString();
}

/** Cut to a length on a word boundary for descriptions. */
export function excerpt(text: string, length = 155): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), length - 20)).trimEnd()}…`;
}
