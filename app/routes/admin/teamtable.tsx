import { UserPlus } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { ListFilters } from "../../components/admin/filters";
import { PageHeader, TableFooter } from "../../components/admin/table-parts";
import { UsersTable } from "../../components/admin/users-table";
import { FormMessage } from "../../components/forms/fields";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { searchUsers } from "../../../modules/accounts/user-list.server";
import { adminUserListQuery } from "../../../modules/accounts/user-list-schemas";
import { readSearchParams } from "../../lib/search-params.server";
import { redirectPastLastPage } from "./list-query.server";
import type { Route } from "./+types/teamtable";

export const meta = () => [{ title: "Team Members | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const query = readSearchParams(request, adminUserListQuery, ["q", "page"]);
  // docs/product.md §2: only users whose role is admin; the search now applies
  const team = await searchUsers(context.get(appContext).db, { ...query, role: "admin" });
  redirectPastLastPage(request, query, team.total);
  return { team, query };
}

export default function TeamTable({ loaderData }: Route.ComponentProps) {
  const { team, query } = loaderData;
  // back from /adminregister with a new team member
  const created = useSearchParams()[0].get("created");
  return (
    <>
      <PageHeader title="Team Members">
        <Link to="/adminregister" className="btn-primary min-h-10 py-2">
          <UserPlus size={16} aria-hidden="true" /> Add team member
        </Link>
      </PageHeader>
      {created ? (
        <div className="mb-4">
          <FormMessage tone="success">{`The administrator account for ${created} has been created.`}</FormMessage>
        </div>
      ) : null}
      <ListFilters placeholder="Search team members..." q={query.q} clearTo="/teamtable" />
      <UsersTable users={team.items} full={false} />
      <TableFooter page={query.page} pageSize={query.pageSize} total={team.total} />
    </>
  );
}
