import type { Queryable } from "../../db/client";
import { mailOutbox, type WhatsAppMessage } from "../../db/schema";

/** `whatsapp`: the same message as a WhatsApp template, tried first (modules/whatsapp/templates.ts). */
export type OutgoingMail = { to: string; subject: string; text: string; html?: string; kind: string; whatsapp?: WhatsAppMessage };

/**
 * Queues a mail in the durable outbox; call it inside the transaction of the
 * change that causes it, so the mail exists exactly when the change does.
 * The outbox worker (accounts issue) delivers it, by SMTP or to DATA_DIR/outbox.
 */
export async function enqueueMail(db: Queryable, mail: OutgoingMail) {
  // an order the shop recorded for a customer who gave no email (docs/product.md "Manual orders"): nobody to write to,
  // unless the message goes on WhatsApp alone (`to` empty, its `mail` false: a back-in-stock request left with a number)
  if (!mail.to.trim() && !mail.whatsapp) return null;
  const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  return row!;
}
