import { siteOrigin } from "../../lib/site-origin.server";
import { renderRobots } from "../../../modules/content/sitemap.server";
import type { Route } from "./+types/robots";

// /robots.txt: a resource route (no UI).
export function loader({ context, request }: Route.LoaderArgs) {
  return new Response(renderRobots(siteOrigin(context, request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
