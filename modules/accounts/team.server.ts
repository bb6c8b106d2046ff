import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger.server";
import { isRecordId } from "../../lib/record-id";
import { tellOwners, type TeamActor } from "./team-mails.server";
import { isOwner, TEAM_ROLES, type TeamRole } from "./roles";
import { toUserView } from "./service.server";
import { revokeAllSessions } from "./sessions.server";
import { fullName, type UserView } from "./types";

/** What an owner may make of another member: owner, staff, or off the team (a customer). */
export type TeamChange = TeamRole | "customer";

const done: Record<TeamChange, (name: string) => string> = {
  customer: (name) => `${name} has been removed from the team.`,
  admin: (name) => `${name} is now an owner.`,
  staff: (name) => `${name} is now staff.`,
};
const changed: Record<TeamChange, string> = { customer: "was removed from the team", admin: "was made an owner", staff: "was made staff" };

/**
 * docs/product.md "The team": an owner makes another member an owner or staff, or takes her off
 * the team. Taken off, she becomes a customer (her account, orders and reviews stay) and every
 * session of hers ends at once, as a password reset ends them. Never oneself; the shop always
 * keeps an owner, however many owners change each other at the same moment.
 */
export async function changeTeamRole(
  db: Db,
  { logger, shopUrl }: { logger: Logger; shopUrl: string },
  actor: TeamActor,
  userId: string,
  role: TeamChange,
): Promise<{ user: UserView; msg: string }> {
  const actorId = actor.id;
  if (!isRecordId(userId)) throw AppError.notFound("Team member");
  if (userId.toLowerCase() === actorId.toLowerCase())
    throw new AppError("conflict", role === "customer" ? "You cannot remove yourself from the team." : "You cannot change your own role.");
  const member = await db.transaction(async (tx) => {
    // Every member's row is locked, in one order: two owners changing each other wait in turn, and
    // the second sees the first's change (a row off the team drops out of the locked set).
    const team = await tx
      .select({ id: users.id, role: users.role, email: users.email })
      .from(users)
      .where(inArray(users.role, [...TEAM_ROLES]))
      .orderBy(asc(users.id))
      .for("update");
    const member = team.find((m) => m.id === userId);
    if (!member) {
      const [someone] = await tx.select().from(users).where(eq(users.id, userId));
      if (!someone) throw AppError.notFound("Team member");
      throw new AppError("conflict", `${fullName(someone)} is not on the team.`);
    }
    const owners = team.filter((m) => isOwner(m.role));
    if (isOwner(member.role) && role !== "admin" && owners.length < 2)
      throw new AppError("conflict", "The shop must keep at least one administrator.");
    // she was taken off the team, or made staff, herself while this request waited for its turn
    if (!owners.some((m) => m.id === actorId)) throw new AppError("forbidden", "Only the shop owner can change the team.");
    const [row] = await tx.update(users).set({ role }).where(eq(users.id, userId)).returning();
    if (role === "customer") await revokeAllSessions(tx, userId);
    await tellOwners(tx, owners, { member: row!, what: changed[role], by: actor }, shopUrl);
    return toUserView(row!);
  });
  // no table records changes to accounts: the log keeps who did it
  logger.info({ actorId, userId: member.id, role }, role === "customer" ? "team member removed" : "team member role changed");
  return { user: member, msg: done[role](fullName(member)) };
}

/** A member taken off the team (DELETE /api/admins/{id}, the team table's Remove). */
export const removeFromTeam = (db: Db, deps: { logger: Logger; shopUrl: string }, actor: TeamActor, userId: string) =>
  changeTeamRole(db, deps, actor, userId, "customer");
