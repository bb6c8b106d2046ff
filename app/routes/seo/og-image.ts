import { data } from "react-router";
import { appContext } from "../../context";
import { AppError } from "../../../lib/errors";
import { localStorage, uploadDir } from "../../../lib/storage.server";
import { idParam } from "../../../modules/catalog/schemas";
import { shareImageKinds, type ShareImageKind } from "../../../modules/content/share-images";
import { shareImage } from "../../../modules/content/share-images.server";
import type { Route } from "./+types/og-image";

const YEAR = "public, max-age=31536000, immutable";
const HOUR = "public, max-age=3600";

// /og/{products|posts|categories}/{id}.jpg: the 1200×630 JPEG that link previews show (a resource route, no UI).
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const kind = params.kind as ShareImageKind;
  const id = idParam.safeParse(params.file.replace(/\.jpg$/, ""));
  if (!shareImageKinds.includes(kind) || !params.file.endsWith(".jpg") || !id.success) throw data(null, { status: 404 });
  try {
    const { jpeg, version } = await shareImage(db, localStorage(uploadDir(env.DATA_DIR)), kind, id.data);
    // the page links ?v=<version of the image>: that URL never changes content; any other may
    const current = new URL(request.url).searchParams.get("v") === version;
    return new Response(new Uint8Array(jpeg), { headers: { "Content-Type": "image/jpeg", "Cache-Control": current ? YEAR : HOUR } });
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") throw data(null, { status: 404 });
    throw error;
  }
}
