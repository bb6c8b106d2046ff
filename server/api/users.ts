import { Hono } from "hono";
import { adminCreateInput, profileUpdateInput, userListQuery } from "../../modules/accounts/schemas";
import { createAdmin, getUser, listUsers, updateProfile } from "../../modules/accounts/service.server";
import type { AppDeps, AppEnv } from "../context";
import { readJson, readQuery, withTotal } from "../http";
import { assertSelfOrAdmin, currentUser, requireAdmin, requireUser } from "../middleware/auth";

/** spec §7 users calls; a customer reaches only their own record (ARCHITECTURE.md "Roles"). */
export function userRoutes({ database }: AppDeps) {
  const db = database.db;
  return (
    new Hono<AppEnv>()
      .get("/users", requireAdmin(), async (c) => {
        const { items, total } = await listUsers(db, readQuery(c, userListQuery));
        withTotal(c, total);
        return c.json(items);
      })
      .get("/users/:id", requireUser(), async (c) => {
        assertSelfOrAdmin(currentUser(c), c.req.param("id"));
        return c.json(await getUser(db, c.req.param("id")));
      })
      .put("/users/:id", requireUser(), async (c) => {
        assertSelfOrAdmin(currentUser(c), c.req.param("id"));
        const input = await readJson(c, profileUpdateInput);
        return c.json(await updateProfile(db, c.req.param("id"), input));
      })
      // issue 4: a new administrator is created by an administrator only
      .post("/admins", requireAdmin(), async (c) => {
        const input = await readJson(c, adminCreateInput);
        return c.json({ user: await createAdmin(db, input) }, 201);
      })
  );
}
