import type { Db } from "../../db/client";
import { newsletterSubscribers } from "../../db/schema";
import { newsletterInput, type NewsletterInput } from "./schemas";

/** Idempotent per email (case-insensitive): a second sign-up changes nothing. */
export async function subscribe(db: Db, input: NewsletterInput): Promise<{ created: boolean; msg: string }> {
  const data = newsletterInput.parse(input);
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email: data.email, firstName: data.firstName || null, lastName: data.lastName || null, source: data.source })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return inserted.length
    ? { created: true, msg: "Thank you for subscribing! Look out for our next note." }
    : { created: false, msg: "You're already on our list. Thank you!" };
}
