import { z } from "zod";
import { listParams, sortParam } from "../../lib/form-fields";

// The users lists (/dashboard, /teamtable, GET /api/users): one set of parameters; each
// door picks its page size. `role=admin` is the team table (docs/product.md §2: admins only).
export const userSorts = ["newest", "oldest", "name"] as const;
const userFilters = {
  role: z.enum(["customer", "admin"], { error: "Role must be customer or admin" }).optional(),
  sort: sortParam(userSorts, "newest"),
};
/** GET /api/users: 20 per page, as before. */
export const userListQuery = z.object({ ...listParams(20), ...userFilters }).strict();
/** /dashboard and /teamtable: 10 per page. */
export const adminUserListQuery = z.object({ ...listParams(10), ...userFilters }).strict();
export type UserListQuery = z.input<typeof userListQuery>;
