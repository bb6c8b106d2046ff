import { Hono, type Context } from "hono";
import { publicOrigin } from "../../lib/public-origin";
import { adminCreateInput, profileUpdateInput, teamRoleInput } from "../../modules/accounts/schemas";
import { createAdmin, getUser, updateProfile } from "../../modules/accounts/service.server";
import { changeTeamRole, removeFromTeam } from "../../modules/accounts/team.server";
import { searchUsers } from "../../modules/accounts/user-list.server";
import { userListQuery } from "../../modules/accounts/user-list-schemas";
import type { AppDeps, AppEnv } from "../context";
import { pathId, readJson, readQuery, withTotal } from "../http";
import { assertSelfOrAdmin, assertSelfOrOwner, currentUser, requireAdmin, requireOwner, requireUser } from "../middleware/auth";

/** docs/product.md §7 users calls; a customer reaches only their own record (docs/architecture.md "Roles"). */
export function userRoutes({ database, env }: AppDeps) {
  const db = database.db;
  // the owners' mail about a change to the team links to it
  const team = (c: Context<AppEnv>) => ({ logger: c.get("logger"), shopUrl: publicOrigin(env) });
  return (
    new Hono<AppEnv>()
      .get("/users", requireAdmin(), async (c) => {
        // the parameters of /dashboard and /teamtable (role=admin for the team)
        const { items, total } = await searchUsers(db, readQuery(c, userListQuery));
        withTotal(c, total);
        return c.json(items);
      })
      .get("/users/:id", requireUser(), async (c) => {
        const id = pathId(c, "User");
        assertSelfOrAdmin(currentUser(c), id);
        return c.json(await getUser(db, id));
      })
      .put("/users/:id", requireUser(), async (c) => {
        const id = pathId(c, "User");
        assertSelfOrOwner(currentUser(c), id);
        const input = await readJson(c, profileUpdateInput);
        return c.json(await updateProfile(db, id, input));
      })
      // a new team member (owner or staff) is added by an owner only
      .post("/admins", requireOwner(), async (c) => {
        const input = await readJson(c, adminCreateInput);
        return c.json({ user: await createAdmin(db, input, { actor: currentUser(c), shopUrl: publicOrigin(env) }) }, 201);
      })
      // docs/product.md "The team": an owner makes another member an owner or staff
      .put("/admins/:id", requireOwner(), async (c) => {
        const { role } = await readJson(c, teamRoleInput);
        return c.json(await changeTeamRole(db, team(c), currentUser(c), pathId(c, "Team member"), role));
      })
      // she becomes a customer and is signed out everywhere
      .delete("/admins/:id", requireOwner(), async (c) => {
        return c.json(await removeFromTeam(db, team(c), currentUser(c), pathId(c, "Team member")));
      })
  );
}
