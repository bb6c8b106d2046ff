import { data, redirect, type RouterContextProvider } from "react-router";
import { appContext, type SessionUser } from "../context";

function backTo(request: Request): string {
  const url = new URL(request.url);
  return encodeURIComponent(url.pathname + url.search);
}

/** Shopper pages (/profile, /checkout): anonymous visitors go to /login and come back after. */
export function requireUserPage(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const { user } = context.get(appContext);
  if (!user) throw redirect(`/login?redirectTo=${backTo(request)}`);
  return user;
}

/** Admin screens: anonymous visitors go to /admin (the admin login); customers get a 403 page. */
export function requireAdminPage(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const { user } = context.get(appContext);
  if (!user) throw redirect(`/admin?redirectTo=${backTo(request)}`);
  if (user.role !== "admin") throw data({ msg: "This page is for shop administrators only." }, { status: 403 });
  return user;
}
