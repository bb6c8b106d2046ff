import type { WhatsAppMessage } from "../../db/schema";
import { normalizeNigerianPhone } from "../../lib/phone";

// The WhatsApp Cloud API sends a business-initiated message only as a template the owner has had
// approved in WhatsApp Manager (language WHATSAPP_TEMPLATE_LANGUAGE; category Utility, but Marketing
// for those in marketingTemplates below). These are the shop's templates: their names and bodies,
// each {{n}} filled in order from the params. docs/product.md lists them for the owner to create;
// the mail of the same event says the same in full.
export const whatsappTemplates = {
  order_confirmed: "Hello {{1}}, your {{2}} order #{{3}} is confirmed: {{4}} paid. Follow it here: {{5}}",
  order_update: "Hello {{1}}, your {{2}} order #{{3}} {{4}}. Follow it here: {{5}}",
  new_order_alert: "New order #{{1}}: {{2}} from {{3}}, {{4}}. Open it: {{5}}",
  low_stock_alert: "Low stock: {{1}}. Restock: {{2}}",
  checkout_reminder: "Hello {{1}}, your {{2}} order #{{3}} was not paid, so we saved it for you: {{4}}. Complete it here: {{5}}",
  back_in_stock: "Good news: {{1}} is back in stock at {{2}}, while it lasts. See it here: {{3}}",
  // no "a year ago": a reminder asked for every year comes round in later years too
  gift_reminder: "Hello {{1}}, the day you sent {{2}} a gift from {{3}} comes round again on {{4}}. Send something again: {{5}}",
  new_message_alert: "New message from {{1}} ({{2}}): {{3}}. Read and answer it: {{4}}",
  delivery_day_alert: "{{1}} changed the delivery day of order #{{2}}: {{3}} → {{4}}. Open it: {{5}}",
  transfer_sent_alert: "{{1}} says she sent {{2}} by transfer for order #{{3}}, from the account of {{4}}. Check and record it: {{5}}",
  morning_summary:
    "Good morning. Yesterday at {{1}}: {{2}}. To prepare: {{3}}. Low stock: {{4}}. Price and stock changes: {{5}}. Open the shop: {{6}}",
} as const;

export type WhatsAppTemplate = keyof typeof whatsappTemplates;

/**
 * The templates Meta counts as Marketing, not Utility: they ask her to buy (her saved checkout, a
 * product back in stock, a gift's day coming round) rather than tell her of an order she made. A
 * template created as Utility with such a body is moved to Marketing by Meta's review.
 */
const marketingTemplates: ReadonlySet<string> = new Set<WhatsAppTemplate>(["checkout_reminder", "back_in_stock", "gift_reminder"]);
export const isMarketingTemplate = (template: string): boolean => marketingTemplates.has(template);

/** How many {{n}} a template's body has. */
export const templateParamCount = (template: WhatsAppTemplate) => whatsappTemplates[template].match(/\{\{\d+\}\}/g)!.length;

/**
 * A template message to a Nigerian number, or undefined when the number is not one. A parameter may
 * hold no line break, tab or run of spaces (the API refuses them), so each becomes one space.
 * `mail`: whether the event's mail goes when WhatsApp cannot deliver (false when it went anyway).
 */
export function whatsappMessage(to: string, template: WhatsAppTemplate, params: string[], mail = true): WhatsAppMessage | undefined {
  const phone = normalizeNigerianPhone(to);
  if (!phone) return undefined;
  if (params.length !== templateParamCount(template)) throw new Error(`${template} takes ${templateParamCount(template)} parameters`);
  return { to: phone, template, params: params.map((p) => p.replace(/\s+/g, " ").trim().slice(0, 500) || "-"), mail };
}

/** The message as the recipient reads it (the admin's view of the outbox, tests). */
export function renderTemplate(message: Pick<WhatsAppMessage, "template" | "params">): string {
  const body: string = whatsappTemplates[message.template as WhatsAppTemplate] ?? "";
  return body.replace(/\{\{(\d+)\}\}/g, (_m, n: string) => message.params[Number(n) - 1] ?? "");
}
