import { z } from "zod";
import { listParams, sortParam } from "../../lib/form-fields";
import { ROLES } from "./roles";

// The users lists (/dashboard, /teamtable, GET /api/users): one set of parameters; each
// door picks its page size. `role=team` is the team table (owners and staff).
export const userSorts = ["newest", "oldest", "name"] as const;
const userFilters = {
  // `team` is the owners and staff together (/teamtable)
  role: z.enum([...ROLES, "team"], { error: "Role must be customer, admin, staff or team" }).optional(),
  sort: sortParam(userSorts, "newest"),
};
/** GET /api/users: 20 per page, as before. */
export const userListQuery = z.object({ ...listParams(20), ...userFilters }).strict();
/** /dashboard and /teamtable: 10 per page. */
export const adminUserListQuery = z.object({ ...listParams(10), ...userFilters }).strict();
export type UserListQuery = z.input<typeof userListQuery>;
