import { and, count, desc, eq, gt, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db, Queryable } from "../../db/client";
import { contactMessages, mailOutbox, messageKinds, users, type MessageKind } from "../../db/schema";
import { withinDays } from "../../lib/day-range";
import type { Env } from "../../lib/env.server";
import { AppError } from "../../lib/errors";
import { listParams } from "../../lib/form-fields";
import { containing } from "../../lib/like-pattern";
import { formatNigerianPhone, normalizeNigerianPhone } from "../../lib/phone";
import { publicOrigin } from "../../lib/public-origin";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { ownerWhatsApp } from "../whatsapp/order-messages";
import { askOnWhatsAppUrl } from "./whatsapp";

// docs/product.md "Messages": what shoppers write from /contact and the coaching page reaches the
// owner at once (a mail, or WhatsApp to her alerts number), and waits in /messages until someone
// of the team marks it read.

/** Who wrote, and how to answer her: an email, a WhatsApp number or both (at least one). */
export type IncomingMessage = { name: string; email?: string; phone?: string; kind: MessageKind; message: string };

const kindWords: Record<MessageKind, { subject: string; from: string }> = {
  message: { subject: "New message", from: "the contact page" },
  coaching: { subject: "Coaching call request", from: "the Coaching Services page" },
  team_gifts: { subject: "Gifts for a team", from: "the Gifts for teams page" },
};

const MESSAGE_ALERT = "new_message_admin";
const othersWaiting = (n: number) => (n <= 0 ? "" : `${n === 1 ? "1 other message waits" : `${n} other messages wait`} unread too.\n`);

/** A chat with her number, a greeting typed in: the owner's reply on WhatsApp. */
export const replyOnWhatsAppUrl = (shopName: string, m: { name: string; phone: string }) =>
  askOnWhatsAppUrl(m.phone, `${greeting(shopName, m.name)}Thank you for your message. `);

/** "Hello Ada, this is Alafia Self-Care. ": how the shop opens a chat with a shopper it knows by name. */
const greeting = (shopName: string, name: string) => `Hello ${name.split(" ")[0]}, this is ${shopName}. `;

/**
 * A chat with a customer, the greeting typed in (the report by customer: a thank-you, a first look
 * at a promo); null for a number a WhatsApp link cannot take (not a Nigerian one).
 */
export function greetOnWhatsAppUrl(shopName: string, m: { name: string; phone: string }): string | null {
  const phone = normalizeNigerianPhone(m.phone);
  return phone ? askOnWhatsAppUrl(phone, greeting(shopName, m.name)) : null;
}

/**
 * At most ALERTS_PER_WINDOW alerts in ALERT_WINDOW_MS: every message of a normal day is a ping of
 * its own, but a spam run past the rate rule is three, not thirty. The next alert after a quiet
 * spell says how many others wait unread; the inbox and its count hold them all.
 */
export const ALERT_WINDOW_MS = 15 * 60_000;
export const ALERTS_PER_WINDOW = 3;

/** Stores her message and queues the owner's alert in the same transaction, unless ALERTS_PER_WINDOW went out lately. */
export async function receiveMessage(db: Queryable, links: Pick<Env, "PUBLIC_URL" | "PORT">, m: IncomingMessage) {
  const [row] = await db
    .insert(contactMessages)
    .values({ name: m.name, email: m.email ?? null, phone: m.phone ?? null, kind: m.kind, message: m.message })
    .returning({ id: contactMessages.id });
  const [lately] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(gt(mailOutbox.createdAt, new Date(Date.now() - ALERT_WINDOW_MS)), eq(mailOutbox.kind, MESSAGE_ALERT)));
  if (lately!.n >= ALERTS_PER_WINDOW) return row!;
  const last = lately!.n === ALERTS_PER_WINDOW - 1;
  const others = (await unreadMessageCount(db)) - 1;
  const shop = await getSettings(db);
  const inbox = `${publicOrigin(links)}/messages`;
  const words = kindWords[m.kind];
  const reply = [
    ...(m.email ? [`Reply by mail: ${m.email}`] : []),
    ...(m.phone ? [`Reply on WhatsApp: ${replyOnWhatsAppUrl(shop.shopName, { name: m.name, phone: m.phone })}`] : []),
  ];
  await enqueueMail(db, {
    to: shop.contactEmail,
    subject: `${words.subject} from ${m.name}`,
    text: `${m.name} wrote to ${shop.shopName} from ${words.from}:\n\n${m.message}\n\n${reply.join("\n")}\n\n${othersWaiting(others)}All messages: ${inbox}\n${last ? "Messages in the next 15 minutes wait there without an alert of their own.\n" : ""}`,
    kind: MESSAGE_ALERT,
    whatsapp: ownerWhatsApp(shop, "new_message_alert", [
      m.name,
      m.phone ? formatNigerianPhone(m.phone) : (m.email ?? ""),
      m.message.length > 300 ? `${m.message.slice(0, 300)}…` : m.message,
      inbox,
    ]),
  });
  return row!;
}

export const messageQuery = z
  .object({
    ...listParams(20),
    show: z.enum(["unread", "all"], { error: "Show unread or all" }).default("unread"),
    kind: z.enum(["any", ...messageKinds], { error: "Kind must be any, message, coaching or team_gifts" }).default("any"),
  })
  .strict();
export type MessageQuery = z.input<typeof messageQuery>;

export type MessageView = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  kind: MessageKind;
  message: string;
  createdAt: string;
  readAt: string | null;
  /** the first name of whoever marked it read (null: not read, or her account is gone) */
  readBy: string | null;
};

const readBy = sql<string | null>`(select ${users.firstName} from ${users} where ${users.id} = ${contactMessages.readBy})`;

const view = (r: typeof contactMessages.$inferSelect & { readByName: string | null }): MessageView => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  kind: r.kind,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt?.toISOString() ?? null,
  readBy: r.readAt ? r.readByName : null,
});

export const unreadMessageCount = async (db: Queryable) =>
  (await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt)))[0]!.n;

/** The inbox, newest first, with how many wait unread (whatever the filters). */
export async function listMessages(db: Db, input: MessageQuery) {
  const q = messageQuery.parse(input);
  const where: SQL[] = withinDays(contactMessages.createdAt, q.from, q.to);
  if (q.show === "unread") where.push(isNull(contactMessages.readAt));
  if (q.kind !== "any") where.push(eq(contactMessages.kind, q.kind));
  if (q.q) {
    const like = containing(q.q);
    where.push(
      sql`(${contactMessages.name} ilike ${like} or coalesce(${contactMessages.email}, '') ilike ${like} or coalesce(${contactMessages.phone}, '') ilike ${like} or ${contactMessages.message} ilike ${like})`,
    );
  }
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total], unread] = await Promise.all([
    db
      .select({ m: contactMessages, readByName: readBy })
      .from(contactMessages)
      .where(filter)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(contactMessages).where(filter),
    unreadMessageCount(db),
  ]);
  return { items: rows.map((r) => view({ ...r.m, readByName: r.readByName })), total: total!.n, unread, query: q };
}

export const messageReadInput = z.object({ read: z.boolean({ error: "Say read: true or false" }) }).strict();

/** Marks one message read (by this team member) or unread again; marking it as it already is changes nothing. */
export async function markMessage(db: Db, id: string, read: boolean, by: { id: string }): Promise<MessageView> {
  const changed = await db
    .update(contactMessages)
    .set(read ? { readAt: new Date(), readBy: by.id } : { readAt: null, readBy: null })
    .where(and(eq(contactMessages.id, id), read ? isNull(contactMessages.readAt) : isNotNull(contactMessages.readAt)))
    .returning({ id: contactMessages.id });
  if (!changed.length) {
    const [exists] = await db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, id));
    if (!exists) throw AppError.notFound("Message");
  }
  const [row] = await db.select({ m: contactMessages, readByName: readBy }).from(contactMessages).where(eq(contactMessages.id, id));
  return view({ ...row!.m, readByName: row!.readByName });
}

/** 'Mark all as read': every message still unread; how many it marked. */
export async function markAllRead(db: Db, by: { id: string }): Promise<number> {
  const marked = await db
    .update(contactMessages)
    .set({ readAt: new Date(), readBy: by.id })
    .where(isNull(contactMessages.readAt))
    .returning({ id: contactMessages.id });
  return marked.length;
}
