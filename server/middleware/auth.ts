import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { AppError } from "../../lib/errors";
import type { SessionUser } from "../../modules/accounts/sessions.server";
import type { AppEnv } from "../context";

// docs/architecture.md "Roles": 401 for anonymous, 403 for a customer on an admin route.
export const requireUser = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!c.get("user")) throw new AppError("unauthorized", "Please log in to continue.");
    await next();
  });

export const requireAdmin = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get("user");
    if (!user) throw new AppError("unauthorized", "Please log in to continue.");
    if (user.role !== "admin") throw new AppError("forbidden", "This is for shop administrators only.");
    await next();
  });

/** The signed-in user (after requireUser). */
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw new AppError("unauthorized", "Please log in to continue.");
  return user;
}

/** A customer reaches only their own records; an admin reaches all. */
export function assertSelfOrAdmin(user: SessionUser, userId: string) {
  if (user.role !== "admin" && user.id !== userId) throw new AppError("forbidden", "You can only see your own account.");
}
