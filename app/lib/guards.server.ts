import { data, redirect, type RouterContextProvider } from "react-router";
import { isOwner, isOwnerScreen, isTeam } from "../../modules/accounts/roles";
import { appContext, type SessionUser } from "../context";

/**
 * The address of the page a request is for, as the visitor's browser shows it. A client-side
 * navigation asks React Router for the page's data at `/checkout.data` (`/_.data` for `/`, with
 * trailing-slash-aware data requests) plus a `_routes` parameter: coming back there after logging
 * in would be a 404, so both are taken off, as React Router itself does to match the route.
 */
export function pageAddress(request: Request): string {
  const url = new URL(request.url);
  let path = url.pathname;
  if (path.endsWith("/_.data")) path = path.slice(0, -"_.data".length);
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  // the query as the visitor wrote it ("?edit" stays "?edit"), less React Router's own parameter
  const query = url.search
    .slice(1)
    .split("&")
    .filter((part) => part && part.split("=")[0] !== "_routes")
    .join("&");
  return (path || "/") + (query ? `?${query}` : "");
}

const backTo = (request: Request) => encodeURIComponent(pageAddress(request));

/** Shopper pages (/profile, /checkout): anonymous visitors go to /login and come back after. */
export function requireUserPage(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const { user } = context.get(appContext);
  if (!user) throw redirect(`/login?redirectTo=${backTo(request)}`);
  return user;
}

const ownerOnlyPage = () => data({ msg: "This page is for the shop owner only." }, { status: 403 });

/**
 * Admin screens, their loaders and their actions: anonymous visitors go to /admin (the admin
 * login); customers get a 403 page, and so does staff on an owner's screen (modules/accounts/roles.ts).
 */
export function requireAdminPage(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const { user } = context.get(appContext);
  if (!user) throw redirect(`/admin?redirectTo=${backTo(request)}`);
  if (!isTeam(user.role)) throw data({ msg: "This page is for shop administrators only." }, { status: 403 });
  if (!isOwner(user.role) && isOwnerScreen(pageAddress(request).split("?")[0]!)) throw ownerOnlyPage();
  return user;
}
