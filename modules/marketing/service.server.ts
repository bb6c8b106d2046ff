import type { Db } from "../../db/client";
import { newsletterSubscribers } from "../../db/schema";
import type { Env } from "../../lib/env.server";
import { receiveMessage } from "./messages.server";
import { newsletterInput, type NewsletterInput } from "./schemas";

/** What the team reads in its messages for a get-started request from /author (Coaching Services). */
export const COACHING_REQUEST_MESSAGE = "Asked for a free get-started coaching call (Coaching Services page).";

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
    const inserted = await tx
      .insert(newsletterSubscribers)
      .values({ email: data.email, firstName: data.firstName || null, lastName: data.lastName || null, source: data.source })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscribers.id });
    if (data.source === "author") {
      const name = [data.firstName, data.lastName].filter(Boolean).join(" ") || data.email;
      await receiveMessage(tx, links, { name, email: data.email, kind: "coaching", message: COACHING_REQUEST_MESSAGE });
      return { created: true, msg: "Thank you! Your request has been received. Our coach will write within one working day." };
    }
    return inserted.length
      ? { created: true, msg: "Thank you for subscribing! Look out for our next note." }
      : { created: false, msg: "You're already on our list. Thank you!" };
  });
}
