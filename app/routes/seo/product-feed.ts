import { appContext } from "../../context";
import { publicOrigin } from "../../../lib/public-origin";
import { unshared } from "../../../lib/shared-reads.server";
import { getSettings } from "../../../modules/settings/service.server";
import { productFeedItems, renderProductFeed } from "../../../modules/marketing/product-feed.server";
import type { Route } from "./+types/product-feed";

// /feeds/products.xml: the catalogue for Instagram, Facebook and Google shopping (docs/product.md
// "Product feed"); a resource route, no UI. Built once per CACHE_TTL_MS and forgotten by every
// catalogue write, as the other public reads; the readers fetch it hourly at most.
export async function loader({ context }: Route.LoaderArgs) {
  const { db, env, shared = unshared } = context.get(appContext);
  const xml = await shared("product feed", async () => {
    const [settings, items] = await Promise.all([getSettings(db), productFeedItems(db)]);
    return renderProductFeed(publicOrigin(env), settings, items);
  });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=900" },
  });
}
