import { redirect } from "react-router";
import { appContext } from "../../context";
import { clearedSessionCookie, readSessionToken } from "../../../modules/accounts/session-cookie.server";
import { revokeSession } from "../../../modules/accounts/sessions.server";
import type { Route } from "./+types/logout";

// The header's and the admin sidebar's Log out: ends the session on the server, then /login (docs/product.md §2).
export async function action({ context, request }: Route.ActionArgs) {
  const { db, env } = context.get(appContext);
  const found = readSessionToken(env, request.headers);
  if (found) await revokeSession(db, env.SESSION_SECRET, found.token);
  return redirect("/login?loggedout=1", { headers: { "Set-Cookie": clearedSessionCookie(env) } });
}

// a GET (a typed address or a prefetch) never logs anyone out
export function loader() {
  return redirect("/");
}
