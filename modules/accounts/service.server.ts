import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { AppError, isUniqueViolation } from "../../lib/errors";
import { hashPassword } from "../../lib/password.server";
import { isRecordId } from "../../lib/record-id";
import { deliveryAreaNames } from "../delivery/areas.server";
import { enqueueMail } from "../mail/outbox.server";
import { welcomeMail } from "./mails";
import {
  adminCreateInput,
  profileUpdateInput,
  registerInput,
  type AdminCreateInput,
  type ProfileUpdateInput,
  type RegisterInput,
} from "./schemas";
import type { UserView } from "./types";
import { isOwner, isTeam } from "./roles";
import { tellOwnersOfNewMember, type TeamActor } from "./team-mails.server";

export function toUserView(row: typeof users.$inferSelect): UserView {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    lga: row.lga,
    state: row.state,
    country: row.country,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row ?? null;
}

export async function hasAdmin(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return Boolean(row);
}

const emailTaken = () =>
  new AppError("conflict", "An account with this email already exists.", {
    fields: { email: "An account with this email already exists." },
  });

/**
 * Creates a team account (an owner unless `role` says staff); an existing email is a conflict. Added
 * by an owner (`by`), every owner is told in the same transaction; the first admin, made at start
 * or from the command line, has nobody to tell.
 */
export async function createAdmin(db: Db, input: AdminCreateInput, by?: { actor: TeamActor; shopUrl: string }): Promise<UserView> {
  const data = adminCreateInput.parse(input);
  if (await findUserByEmail(db, data.email)) throw emailTaken();
  const passwordHash = await hashPassword(data.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ ...data, passwordHash })
      .returning();
    if (by) await tellOwnersOfNewMember(tx, { ...row!, role: data.role }, by.actor, by.shopUrl);
    return toUserView(row!);
  });
}

/** A chosen town must be one of the delivery areas; returns its stored spelling. */
async function checkTown(db: Db, lga: string | undefined, saved?: string | null): Promise<string | undefined> {
  if (!lga) return lga;
  // the profile form still offers a saved town that is no longer a delivery area: keeping it is no new choice
  if (saved && saved.toLowerCase() === lga.toLowerCase()) return saved;
  const towns = await deliveryAreaNames(db);
  const match = towns.find((t) => t.toLowerCase() === lga.toLowerCase());
  if (!match) throw new AppError("invalid", "Please check the highlighted fields.", { fields: { lga: "Choose a town from the list" } });
  return match;
}

/**
 * Registers an account (docs/product.md §7 POST /api/auth/register). A `role: 'admin'` is
 * honoured only when an admin asks (docs/product.md §6 admin register); from anyone else it is refused.
 * The welcome mail is queued in the same transaction.
 */
export async function registerUser(
  db: Db,
  input: RegisterInput,
  opts: { by: (TeamActor & { role: string }) | null; shopUrl: string },
): Promise<UserView> {
  const { role = "customer", ...data } = registerInput.parse(input);
  if (isTeam(role) && !isOwner(opts.by?.role))
    throw new AppError("forbidden", "Only a shop administrator can create an administrator account.");
  const lga = await checkTown(db, data.lga);
  if (await findUserByEmail(db, data.email)) throw emailTaken();
  const passwordHash = await hashPassword(data.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          firstName: data.firstName,
          lastName: data.lastName,
          email: data.email,
          phone: data.phone,
          address: data.address,
          lga,
          role,
          passwordHash,
        })
        .returning();
      await enqueueMail(tx, welcomeMail(row!, opts.shopUrl));
      if (isTeam(role) && opts.by) await tellOwnersOfNewMember(tx, { ...row!, role }, opts.by, opts.shopUrl);
      return toUserView(row!);
    });
  } catch (e) {
    // two registrations racing for one email: the unique index decides
    if (isUniqueViolation(e)) throw emailTaken();
    throw e;
  }
}

export async function getUser(db: Db, id: string): Promise<UserView> {
  const [row] = isRecordId(id) ? await db.select().from(users).where(eq(users.id, id)) : [];
  if (!row) throw AppError.notFound("User");
  return toUserView(row);
}

/** Profile edit (docs/product.md §2 /profile, §7 PUT /api/users/{id}): only the fields sent change, never the email or the role. */
export async function updateProfile(db: Db, id: string, input: ProfileUpdateInput): Promise<UserView> {
  const data = profileUpdateInput.parse(input);
  if (!isRecordId(id)) throw AppError.notFound("User");
  const changes: Partial<typeof users.$inferInsert> = {};
  if (data.firstName !== undefined) changes.firstName = data.firstName;
  if (data.lastName !== undefined) changes.lastName = data.lastName;
  // an empty optional field is the shopper clearing it
  if (data.phone !== undefined) changes.phone = data.phone || null;
  if (data.address !== undefined) changes.address = data.address || null;
  if (data.lga !== undefined) {
    const [current] = await db.select({ lga: users.lga }).from(users).where(eq(users.id, id));
    changes.lga = (await checkTown(db, data.lga, current?.lga)) || null;
  }
  if (!Object.keys(changes).length) return getUser(db, id);
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  if (!row) throw AppError.notFound("User");
  return toUserView(row);
}
