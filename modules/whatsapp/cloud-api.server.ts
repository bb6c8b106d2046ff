import type { WhatsAppMessage } from "../../db/schema";
import type { Env } from "../../lib/env.server";
import { whatsappDigits } from "../../lib/phone";
import { isMarketingTemplate } from "./templates";

export type WhatsAppConfig = Pick<
  Env,
  "WHATSAPP_TOKEN" | "WHATSAPP_PHONE_NUMBER_ID" | "WHATSAPP_API_URL" | "WHATSAPP_TEMPLATE_LANGUAGE" | "WHATSAPP_MARKETING_MESSAGES"
>;

/** WhatsApp sends only when the token and the sending number's id are set. */
export const whatsappConfigured = (env: Partial<WhatsAppConfig>) => !!(env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID);

/**
 * What the Cloud API said. `retry`: worth trying again later (it throttled, failed on its side, or
 * did not answer); otherwise the message will never go this way (a template or number it refuses,
 * a token it does not accept) and the mail takes over at once.
 */
export class WhatsAppSendError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;

/**
 * Sends one template message (POST /{phone-number-id}/messages; a marketing template to
 * /{phone-number-id}/marketing_messages, Meta's Marketing Messages API, when
 * WHATSAPP_MARKETING_MESSAGES is on: the same body); returns the message's id.
 */
export async function sendTemplateMessage(env: WhatsAppConfig, message: WhatsAppMessage): Promise<string> {
  const endpoint = env.WHATSAPP_MARKETING_MESSAGES && isMarketingTemplate(message.template) ? "marketing_messages" : "messages";
  const url = `${env.WHATSAPP_API_URL.replace(/\/+$/, "")}/${env.WHATSAPP_PHONE_NUMBER_ID}/${endpoint}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.WHATSAPP_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: whatsappDigits(message.to),
        type: "template",
        template: {
          name: message.template,
          language: { code: env.WHATSAPP_TEMPLATE_LANGUAGE },
          components: [{ type: "body", parameters: message.params.map((text) => ({ type: "text", text })) }],
        },
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    throw new WhatsAppSendError(`WhatsApp did not answer: ${(e as Error).message}`, true);
  }
  const body = (await res.json().catch(() => ({}))) as { messages?: { id?: string }[]; error?: { message?: string; code?: number } };
  if (res.ok && body.messages?.[0]?.id) return body.messages[0].id;
  const why = `WhatsApp answered ${res.status}${body.error?.code ? ` (code ${body.error.code})` : ""}: ${body.error?.message ?? "no message id"}`;
  throw new WhatsAppSendError(why, res.status === 429 || res.status >= 500 || res.ok);
}
