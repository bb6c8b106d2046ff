import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger.server";
import { isRecordId } from "../../lib/record-id";
import { toUserView } from "./service.server";
import { revokeAllSessions } from "./sessions.server";
import { fullName, type UserView } from "./types";

/**
 * docs/product.md "The team": an admin takes another admin off the team. She becomes a customer
 * (her account, orders and reviews stay) and every session of hers ends at once, as a password
 * reset ends them. Never oneself, never the last admin.
 */
export async function removeFromTeam(db: Db, logger: Logger, actorId: string, userId: string): Promise<{ user: UserView; msg: string }> {
  if (!isRecordId(userId)) throw AppError.notFound("Team member");
  if (userId.toLowerCase() === actorId.toLowerCase()) throw new AppError("conflict", "You cannot remove yourself from the team.");
  const removed = await db.transaction(async (tx) => {
    // Every admin row is locked, in one order: two admins removing each other wait in turn, and the
    // second sees the first's change (a row no longer admin drops out of the locked set).
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).orderBy(asc(users.id)).for("update");
    const isAdmin = (id: string) => admins.some((a) => a.id === id);
    if (!isAdmin(userId)) {
      const [someone] = await tx.select().from(users).where(eq(users.id, userId));
      if (!someone) throw AppError.notFound("Team member");
      throw new AppError("conflict", `${fullName(someone)} is not on the team.`);
    }
    if (admins.length < 2) throw new AppError("conflict", "The shop must keep at least one administrator.");
    // she was taken off the team herself while this request waited for its turn
    if (!isAdmin(actorId)) throw new AppError("forbidden", "Only a shop administrator can remove a team member.");
    const [row] = await tx.update(users).set({ role: "customer" }).where(eq(users.id, userId)).returning();
    await revokeAllSessions(tx, userId);
    return toUserView(row!);
  });
  // no table records changes to accounts: the log keeps who did it
  logger.info({ actorId, userId: removed.id }, "team member removed");
  return { user: removed, msg: `${fullName(removed)} has been removed from the team.` };
}
