import type { Db, Queryable } from "../../db/client";
import { newsletterSubscribers } from "../../db/schema";
import type { Env } from "../../lib/env.server";
import { receiveMessage } from "./messages.server";
import { newsletterInput, type NewsletterInput, type NewsletterSource } from "./schemas";

/** What the team reads in its messages for a get-started request from /author (Coaching Services). */
export const COACHING_REQUEST_MESSAGE = "Asked for a free get-started coaching call (Coaching Services page).";

/** Puts an address on the list once (whatever its case); whether it was new. */
export async function addSubscriber(
  db: Queryable,
  s: { email: string; firstName?: string; lastName?: string; source: NewsletterSource },
): Promise<boolean> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email: s.email, firstName: s.firstName || null, lastName: s.lastName || null, source: s.source })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return inserted.length > 0;
}

/**
 * Idempotent per email (case-insensitive): a second sign-up changes nothing.
 * An /author sign-up is also a request for a coaching call, so it always becomes a
 * message for the team (with the owner's alert), even from someone already on the list.
 */
export async function subscribe(
  db: Db,
  links: Pick<Env, "PUBLIC_URL" | "PORT">,
  input: NewsletterInput,
): Promise<{ created: boolean; msg: string }> {
  const data = newsletterInput.parse(input);
  return db.transaction(async (tx) => {
    const created = await addSubscriber(tx, data);
    if (data.source === "author") {
      const name = [data.firstName, data.lastName].filter(Boolean).join(" ") || data.email;
      await receiveMessage(tx, links, { name, email: data.email, kind: "coaching", message: COACHING_REQUEST_MESSAGE });
      return { created: true, msg: "Thank you! Your request has been received. Our coach will write within one working day." };
    }
    return created
      ? { created: true, msg: "Thank you for subscribing! Look out for our next note." }
      : { created: false, msg: "You're already on our list. Thank you!" };
  });
}
