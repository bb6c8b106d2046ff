import type { Db } from "../../db/client";
import type { WhatsAppMessage } from "../../db/schema";
import { sendTemplateMessage, whatsappConfigured, WhatsAppSendError, type WhatsAppConfig } from "./cloud-api.server";
import { isOptedOut } from "./opt-outs.server";

/** Tries beyond the first before the mail takes over (a throttle, an outage of the API). */
export const WHATSAPP_ATTEMPTS = 3;

export type WhatsAppOutcome =
  | { sent: true; id: string }
  /** the mail goes instead (or nothing, for a message whose mail went anyway) */
  | { sent: false; why: string; retry: false }
  | { sent: false; why: string; retry: true };

/**
 * One try at a queued message's WhatsApp form (modules/mail/worker.server.ts calls it before the
 * mail): not set up, or a number that said STOP, means the mail at once; a refusal too; a throttle
 * or an outage is retried with the outbox's backoff, `WHATSAPP_ATTEMPTS` times, then the mail goes.
 */
export async function tryWhatsApp(db: Db, env: WhatsAppConfig, message: WhatsAppMessage, attemptsSoFar: number): Promise<WhatsAppOutcome> {
  if (!whatsappConfigured(env)) return { sent: false, why: "WhatsApp is not set up", retry: false };
  if (await isOptedOut(db, message.to)) return { sent: false, why: "the number opted out of WhatsApp messages", retry: false };
  try {
    return { sent: true, id: await sendTemplateMessage(env, message) };
  } catch (e) {
    const err = e instanceof WhatsAppSendError ? e : new WhatsAppSendError(String(e), true);
    return { sent: false, why: err.message, retry: err.retry && attemptsSoFar + 1 < WHATSAPP_ATTEMPTS };
  }
}
