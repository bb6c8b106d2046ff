import { SHARE_IMAGE_DESIGN } from "../../../modules/content/share-images";
import { defaultShareImage } from "../../../modules/content/share-images.server";
import type { Route } from "./+types/og-default";

// /og/default.jpg: the branded share picture of pages and records without an image of their own.
export async function loader({ request }: Route.LoaderArgs) {
  const current = new URL(request.url).searchParams.get("v") === SHARE_IMAGE_DESIGN;
  return new Response(new Uint8Array(await defaultShareImage()), {
    headers: { "Content-Type": "image/jpeg", "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=3600" },
  });
}
