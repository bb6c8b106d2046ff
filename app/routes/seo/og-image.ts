import { data, redirect } from "react-router";
import { appContext } from "../../context";
import { recordOr404 } from "../../lib/not-found.server";
import { shopStorage } from "../../../lib/storage.server";
import { shareImageKinds, type ShareImageKind } from "../../../modules/content/share-images";
import { shareImageFor } from "../../../modules/content/share-images.server";
import type { Route } from "./+types/og-image";

const YEAR = "public, max-age=31536000, immutable";
// the current version moves when the record's image changes: a redirect is cached briefly
const MOVED = "public, max-age=300";

// /og/{products|posts|categories}/{id}.jpg?v={version}: the 1200×630 JPEG that link previews
// show (a resource route, no UI). Only the current version is drawn (once, then kept in
// storage); any other v is redirected to it.
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const kind = params.kind as ShareImageKind;
  if (!shareImageKinds.includes(kind) || !params.file.endsWith(".jpg")) throw data(null, { status: 404 });
  return recordOr404(params.file.replace(/\.jpg$/, ""), async (id) => {
    const answer = await shareImageFor(db, shopStorage(env), kind, id, new URL(request.url).searchParams.get("v"));
    if ("moved" in answer) return redirect(answer.moved, { status: 302, headers: { "Cache-Control": MOVED } });
    return new Response(new Uint8Array(answer.jpeg), { headers: { "Content-Type": "image/jpeg", "Cache-Control": YEAR } });
  });
}
