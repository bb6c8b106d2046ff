import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { users } from "../../db/schema";
import { enqueueMail } from "../mail/outbox.server";
import { teamChangeMail } from "./mails";
import type { TeamRole } from "./roles";

const added: Record<TeamRole, string> = { admin: "was added to the team as an owner", staff: "was added to the team as staff" };

type Person = { firstName: string; lastName: string; email: string };
export type TeamActor = { id: string; firstName: string; lastName: string };

/**
 * Every owner hears of a change to the team by mail, queued in the change's own transaction (the
 * member made staff or taken off included, when she was an owner before it).
 */
export async function tellOwners(
  tx: Queryable,
  owners: { email: string }[],
  change: { member: Person; what: string; by: TeamActor },
  shopUrl: string,
) {
  for (const owner of owners) await enqueueMail(tx, teamChangeMail(owner, change, shopUrl));
}

/** A member added by an owner (POST /api/admins, /adminregister, or a registration with a team role): the owners are told. */
export async function tellOwnersOfNewMember(tx: Queryable, member: Person & { role: TeamRole }, by: TeamActor, shopUrl: string) {
  const owners = await tx.select({ email: users.email }).from(users).where(eq(users.role, "admin"));
  await tellOwners(tx, owners, { member, what: added[member.role], by }, shopUrl);
}
