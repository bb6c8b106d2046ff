import { appContext } from "../../context";
import { publicOrigin } from "../../../lib/public-origin";
import { renderRobots } from "../../../modules/content/sitemap.server";
import type { Route } from "./+types/robots";

// /robots.txt: a resource route (no UI).
export function loader({ context }: Route.LoaderArgs) {
  return new Response(renderRobots(publicOrigin(context.get(appContext).env)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
