import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userSearchText, users } from "../../db/schema";
import { withinDays } from "../../lib/day-range";
import { containing } from "../../lib/like-pattern";
import { phoneSearchDigits } from "../../lib/phone";
import { toUserView } from "./service.server";
import type { UserView } from "./types";
import { userListQuery, type userSorts, type UserListQuery } from "./user-list-schemas";
import { TEAM_ROLES } from "./roles";

const userOrder: Record<(typeof userSorts)[number], SQL[]> = {
  newest: [desc(users.createdAt), asc(users.id)],
  oldest: [asc(users.createdAt), asc(users.id)],
  name: [asc(users.firstName), asc(users.lastName), asc(users.id)],
};

/** /dashboard, /teamtable and GET /api/users: searched by name, email or phone, by role, joined between two days. */
export async function searchUsers(db: Db, input: UserListQuery = {}): Promise<{ items: UserView[]; total: number }> {
  const q = userListQuery.parse(input);
  const where: SQL[] = [];
  if (q.role) where.push(q.role === "team" ? inArray(users.role, [...TEAM_ROLES]) : eq(users.role, q.role));
  if (q.q) {
    // a number typed any way is looked for as its digits (lib/phone.ts)
    const like = containing(phoneSearchDigits(q.q) ?? q.q);
    // one expression, the one users_search_trgm_idx is built on, so the trigram index serves it
    where.push(sql`${userSearchText(users)} ilike ${like}`);
  }
  where.push(...withinDays(users.createdAt, q.from, q.to));
  const cond = where.length ? and(...where) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(users)
      .where(cond)
      .orderBy(...userOrder[q.sort])
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.$count(users, cond),
  ]);
  return { items: rows.map(toUserView), total };
}
