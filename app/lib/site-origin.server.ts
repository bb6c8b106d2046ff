import type { RouterContextProvider } from "react-router";
import { appContext } from "../context";

/** The public origin for absolute links (canonical, og:image): PUBLIC_URL, else the request's own origin. */
export function siteOrigin(context: Readonly<RouterContextProvider>, request: Request): string {
  const { env } = context.get(appContext);
  return (env.PUBLIC_URL ?? new URL(request.url).origin).replace(/\/+$/, "");
}
