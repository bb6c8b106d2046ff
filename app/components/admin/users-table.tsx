import type { UserView } from "../../../modules/accounts/types";
import { AdminTable, td, th } from "./table-parts";

/** docs/product.md §2 users table; team members use the same columns minus the address ones. */
export function UsersTable({ users, full }: { users: UserView[]; full: boolean }) {
  return (
    <AdminTable caption={full ? "Users" : "Team members"}>
      <thead className="border-b border-line bg-sand/60">
        <tr>
          <th className={th}>First Name</th>
          <th className={th}>Last Name</th>
          <th className={th}>Email</th>
          <th className={th}>Phone</th>
          {full ? (
            <>
              <th className={th}>Address</th>
              <th className={th}>State</th>
              <th className={th}>Country</th>
            </>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {users.length === 0 ? (
          <tr>
            <td colSpan={full ? 7 : 4} className={`${td} py-8 text-center text-muted`}>
              No users found
            </td>
          </tr>
        ) : (
          users.map((u) => (
            <tr key={u.id} className="border-b border-line last:border-0">
              <td className={`${td} font-semibold`} data-label="First Name">
                {u.firstName}
              </td>
              <td className={td} data-label="Last Name">
                {u.lastName}
              </td>
              <td className={`${td} whitespace-nowrap`} data-label="Email">
                {u.email}
              </td>
              <td className={td} data-label="Phone">
                {u.phone || "not yet"}
              </td>
              {full ? (
                <>
                  <td className={td} data-label="Address">
                    {u.address ?? ""}
                  </td>
                  <td className={td} data-label="State">
                    {u.state ?? ""}
                  </td>
                  <td className={td} data-label="Country">
                    {u.country ?? ""}
                  </td>
                </>
              ) : null}
            </tr>
          ))
        )}
      </tbody>
    </AdminTable>
  );
}
