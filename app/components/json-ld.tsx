import { serializeJsonLd } from "../lib/seo";

/** Structured data for search engines; the JSON is escaped so no text can break out of the script tag. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
