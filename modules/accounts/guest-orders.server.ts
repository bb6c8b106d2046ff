import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { purchases, users } from "../../db/schema";

// Guest orders and accounts (docs/product.md "Guest checkout"). A guest's order carries her email;
// it joins the account of that email once the account has proved the address is its own (a link
// mailed to it was used): anyone can sign up with someone else's email, and an order holds an
// address and a phone number.

type Purchase = typeof purchases.$inferSelect;

/** Gives the account the guest orders of its email; only for an account whose email is proven. */
export async function claimGuestOrders(db: Db | Tx, user: { id: string; email: string; emailVerifiedAt: Date | null }): Promise<number> {
  if (!user.emailVerifiedAt) return 0;
  const claimed = await db
    .update(purchases)
    .set({ userId: user.id })
    .where(and(isNull(purchases.userId), sql`lower(${purchases.email}) = lower(${user.email})`))
    .returning({ id: purchases.id });
  return claimed.length;
}

/** The owner of the email proved it (she used a link mailed to it): from now on her guest orders are hers. */
export async function markEmailProven(db: Db | Tx, userId: string, now = new Date()): Promise<void> {
  const [user] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(users.id, userId))
    .returning();
  if (user) await claimGuestOrders(db, user);
}

/**
 * A guest order was just paid: it joins the account of its email when that account is proven.
 * With 'Save my details' and no account yet, an account is made from the order (name, phone,
 * address and area unless it is a gift, whose address is the recipient's) with no password, the order is its own at once, and the caller mails a link to
 * set the password (which also proves the email). Returns the order as it now stands and, when an
 * account was made, its id.
 */
export async function settleGuestOrderAccount(tx: Tx, p: Purchase): Promise<{ purchase: Purchase; createdUserId: string | null }> {
  if (p.userId) return { purchase: p, createdUserId: null };
  const [owner] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${p.email})`);
  if (owner?.emailVerifiedAt) return { purchase: await joinOrder(tx, p, owner.id), createdUserId: null };
  if (owner || !p.saveDetails) return { purchase: p, createdUserId: null };
  const [created] = await tx
    .insert(users)
    .values({
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      phone: p.phone,
      // a gift's address is the recipient's, and a pick-up's the shop's, never the buyer's own: her profile starts without one
      ...(p.isGift || p.deliveryMethod === "pickup" ? {} : { address: p.street, lga: p.lga, state: p.state }),
      // no password until she sets one through the mailed link: nothing verifies against this
      passwordHash: "!unset",
    })
    .onConflictDoNothing()
    .returning();
  if (!created) return { purchase: p, createdUserId: null };
  return { purchase: await joinOrder(tx, p, created.id), createdUserId: created.id };
}

async function joinOrder(tx: Tx, p: Purchase, userId: string): Promise<Purchase> {
  const [joined] = await tx.update(purchases).set({ userId }).where(eq(purchases.id, p.id)).returning();
  return joined!;
}
