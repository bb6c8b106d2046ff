import { UserPlus } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { UsersTable } from "../../components/admin/users-table";
import { RemoveFromTeamButton, TeamRoleButton } from "../../components/admin/team-row-buttons";
import { FormMessage } from "../../components/forms/fields";
import { appContext } from "../../context";
import { parseForm } from "../../lib/form-action.server";
import type { FormResult } from "../../lib/forms";
import { changeTeamRole } from "../../../modules/accounts/team.server";
import { publicOrigin } from "../../../lib/public-origin";
import { isTeam } from "../../../modules/accounts/roles";
import { teamRoleInput } from "../../../modules/accounts/schemas";
import { searchUsers } from "../../../modules/accounts/user-list.server";
import { adminUserListQuery } from "../../../modules/accounts/user-list-schemas";
import { ListScreen } from "../../components/admin/admin-list";
import { adminAction, rowInput } from "./admin-action.server";
import { loadAdminList } from "./admin-list.server";
import type { Route } from "./+types/teamtable";

export const meta = () => [{ title: "Team Members | Alafia admin" }];

export async function loader(args: Route.LoaderArgs) {
  // docs/product.md §2: only users whose role is admin; the search now applies
  const list = await loadAdminList(args, adminUserListQuery, ["q", "page"], (db, query) => searchUsers(db, { ...query, role: "team" }));
  // her own row has no Remove (docs/product.md "The team")
  return { ...list, me: args.context.get(appContext).user!.id };
}

/** A row's Remove (she stays a customer and is signed out everywhere), or its role change. */
const teamRowInput = rowInput.extend(teamRoleInput.partial().shape);
export const action = (args: Route.ActionArgs) =>
  adminAction(args, async ({ db, logger, env, user }): Promise<FormResult> => {
    const { data } = await parseForm(args.request, teamRowInput);
    const { msg } = await changeTeamRole(db, { logger, shopUrl: publicOrigin(env) }, user, data.id, data.role ?? "customer");
    return { ok: true, msg };
  });

export default function TeamTable({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, query, me } = loaderData;
  // back from /adminregister with a new team member
  const created = useSearchParams()[0].get("created");
  // a Remove sent without the script answers with this page (with it, a toast says the same)
  const removed = actionData?.msg;
  return (
    <ListScreen
      title="Team Members"
      action={
        <Link to="/adminregister" className="btn-primary min-h-10 py-2">
          <UserPlus size={16} aria-hidden="true" /> Add team member
        </Link>
      }
      intro={
        created || removed ? (
          <div className="mb-4 space-y-2">
            {created ? <FormMessage tone="success">{`The administrator account for ${created} has been created.`}</FormMessage> : null}
            <FormMessage tone={actionData?.ok ? "success" : "error"}>{removed}</FormMessage>
          </div>
        ) : null
      }
      filters={{ placeholder: "Search team members...", q: query.q, clearTo: "/teamtable" }}
      paging={{ page: query.page, pageSize: query.pageSize, total }}
    >
      <UsersTable
        users={items}
        full={false}
        actions={(u) =>
          u.id === me || !isTeam(u.role) ? null : (
            <>
              <TeamRoleButton member={{ ...u, role: u.role }} />
              <RemoveFromTeamButton member={u} />
            </>
          )
        }
      />
    </ListScreen>
  );
}
