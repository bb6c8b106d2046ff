import { appContext } from "../../context";
import { publicOrigin } from "../../../lib/public-origin";
import { renderSitemap, sitemapEntries } from "../../../modules/content/sitemap.server";
import type { Route } from "./+types/sitemap";

// /sitemap.xml: a resource route (no UI).
export async function loader({ context }: Route.LoaderArgs) {
  const entries = await sitemapEntries(context.get(appContext).db);
  return new Response(renderSitemap(publicOrigin(context.get(appContext).env), entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
