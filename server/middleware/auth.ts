import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { AppError } from "../../lib/errors";
import { isOwner, isTeam, OWNER_ONLY_MSG } from "../../modules/accounts/roles";
import type { SessionUser } from "../../modules/accounts/sessions.server";
import type { AppEnv } from "../context";

// docs/architecture.md "Roles": 401 for anonymous, 403 for a customer on an admin route.
export const requireUser = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!c.get("user")) throw new AppError("unauthorized", "Please log in to continue.");
    await next();
  });

/** The signed-in member of the team, owner or staff (modules/accounts/roles.ts): 401 for anonymous, 403 for a customer. */
function teamMember(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw new AppError("unauthorized", "Please log in to continue.");
  if (!isTeam(user.role)) throw new AppError("forbidden", "This is for shop administrators only.");
  return user;
}

/** The back office: the owner and staff. */
export const requireAdmin = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    teamMember(c);
    await next();
  });

/** The owner's part of the back office: staff get a 403 too. */
export const requireOwner = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!isOwner(teamMember(c).role)) throw new AppError("forbidden", OWNER_ONLY_MSG);
    await next();
  });

/** The signed-in user (after requireUser). */
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw new AppError("unauthorized", "Please log in to continue.");
  return user;
}

/** A customer reaches only her own record; the team reads every one. */
export function assertSelfOrAdmin(user: SessionUser, userId: string) {
  if (!isTeam(user.role) && user.id !== userId) throw new AppError("forbidden", "You can only see your own account.");
}

/**
 * Another's account is changed by the owner only: staff editing the owner's email could take her
 * account over with a password reset.
 */
export function assertSelfOrOwner(user: SessionUser, userId: string) {
  if (user.id === userId || isOwner(user.role)) return;
  throw new AppError("forbidden", isTeam(user.role) ? OWNER_ONLY_MSG : "You can only see your own account.");
}
