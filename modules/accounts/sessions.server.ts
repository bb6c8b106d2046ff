import crypto from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { preparedPerDatabase } from "../../db/prepared";
import { sessions, users } from "../../db/schema";
import { isTeam, type Role } from "./roles";

// docs/architecture.md "Sessions": an opaque random token; only its keyed hash is stored.
export const CUSTOMER_SESSION_MS = 30 * 24 * 3600_000; // sliding
export const ADMIN_SESSION_MS = 12 * 3600_000;
const SLIDE_AFTER_MS = 3600_000;

export type SessionUser = { id: string; firstName: string; lastName: string; email: string; role: Role };

export function hashToken(secret: string, token: string): string {
  return crypto.createHmac("sha256", secret).update(token).digest("hex");
}

export async function createSession(db: Db, secret: string, user: { id: string; role: Role }, userAgent?: string) {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + (isTeam(user.role) ? ADMIN_SESSION_MS : CUSTOMER_SESSION_MS));
  await db
    .insert(sessions)
    .values({ userId: user.id, tokenHash: hashToken(secret, token), expiresAt, userAgent: userAgent?.slice(0, 300) });
  return { token, expiresAt };
}

// every signed-in request asks it: built once, a prepared statement (db/prepared.ts)
const sessionByToken = preparedPerDatabase((db) =>
  db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .prepare("session_by_token"),
);

/** The session behind a token; `renewed` says its expiry just slid forward (the cookie should follow). */
export async function lookupSession(
  db: Db,
  secret: string,
  token: string,
): Promise<{ user: SessionUser; expiresAt: Date; renewed: boolean } | null> {
  const now = new Date();
  const [row] = await sessionByToken(db).execute({ tokenHash: hashToken(secret, token), now: now.toISOString() });
  if (!row) return null;
  let expiresAt = row.expiresAt;
  let renewed = false;
  if (now.getTime() - row.lastSeenAt.getTime() > SLIDE_AFTER_MS) {
    // back-office sessions never slide: 12 hours from login
    if (row.role === "customer") {
      expiresAt = new Date(now.getTime() + CUSTOMER_SESSION_MS);
      renewed = true;
    }
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, row.sessionId));
  }
  return { user: { id: row.id, firstName: row.firstName, lastName: row.lastName, email: row.email, role: row.role }, expiresAt, renewed };
}

export async function revokeSession(db: Db, secret: string, token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(secret, token)));
}

export async function revokeAllSessions(db: Queryable, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
