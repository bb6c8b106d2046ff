import type { ReactNode } from "react";
import type { UserView } from "../../../modules/accounts/types";
import { AdminList, type Column } from "./admin-list";
import { isTeam, teamRoleLabel } from "../../../modules/accounts/roles";

const columns: Column<UserView>[] = [
  { label: "First Name", cell: (u) => u.firstName, className: "font-semibold" },
  { label: "Last Name", cell: (u) => u.lastName },
  { label: "Email", cell: (u) => u.email, className: "whitespace-nowrap" },
  { label: "Phone", cell: (u) => u.phone || "not yet" },
];
const addressColumns: Column<UserView>[] = [
  { label: "Address", cell: (u) => u.address ?? "" },
  { label: "State", cell: (u) => u.state ?? "" },
  { label: "Country", cell: (u) => u.country ?? "" },
];

/** The team's own column: Owner or Staff (modules/accounts/roles.ts). */
const roleColumn: Column<UserView> = { label: "Role", cell: (u) => (isTeam(u.role) ? teamRoleLabel[u.role] : "") };

/** docs/product.md §2 users table; team members use the same columns minus the address ones, plus their role, and have a Remove. */
export function UsersTable({ users, full, actions }: { users: UserView[]; full: boolean; actions?: (u: UserView) => ReactNode }) {
  return (
    <AdminList
      caption={full ? "Users" : "Team members"}
      rows={users}
      empty="No users found"
      columns={full ? [...columns, ...addressColumns] : [...columns, roleColumn]}
      actions={actions}
    />
  );
}
