import { UserPlus } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { UsersTable } from "../../components/admin/users-table";
import { FormMessage } from "../../components/forms/fields";
import { searchUsers } from "../../../modules/accounts/user-list.server";
import { adminUserListQuery } from "../../../modules/accounts/user-list-schemas";
import { ListScreen } from "../../components/admin/admin-list";
import { loadAdminList } from "./admin-list.server";
import type { Route } from "./+types/teamtable";

export const meta = () => [{ title: "Team Members | Alafia admin" }];

export async function loader(args: Route.LoaderArgs) {
  // docs/product.md §2: only users whose role is admin; the search now applies
  return loadAdminList(args, adminUserListQuery, ["q", "page"], (db, query) => searchUsers(db, { ...query, role: "admin" }));
}

export default function TeamTable({ loaderData }: Route.ComponentProps) {
  const { items, total, query } = loaderData;
  // back from /adminregister with a new team member
  const created = useSearchParams()[0].get("created");
  return (
    <ListScreen
      title="Team Members"
      action={
        <Link to="/adminregister" className="btn-primary min-h-10 py-2">
          <UserPlus size={16} aria-hidden="true" /> Add team member
        </Link>
      }
      intro={
        created ? (
          <div className="mb-4">
            <FormMessage tone="success">{`The administrator account for ${created} has been created.`}</FormMessage>
          </div>
        ) : null
      }
      filters={{ placeholder: "Search team members...", q: query.q, clearTo: "/teamtable" }}
      paging={{ page: query.page, pageSize: query.pageSize, total }}
    >
      <UsersTable users={items} full={false} />
    </ListScreen>
  );
}
