import { and, desc, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { purchases } from "../../db/schema";
import { withinDays } from "../../lib/day-range";
import { AppError } from "../../lib/errors";
import { koboToNaira } from "../../lib/money";
import { purchaseSearchMatch } from "./purchase-search.server";
import { listParams } from "../../lib/form-fields";
import { findCode } from "../discounts/codes.server";
import {
  getReminderSettings,
  reminderSettingsInput,
  saveReminderSettings,
  type ReminderSettings,
} from "../settings/reminder-settings.server";
import { endedByShopper, hasStoppedReminders, herLatestCheckout, optedOut, reminderMail } from "./checkout-reminders.server";
import type { MailLinks } from "./mails.server";
import { paidOrder } from "./paid-orders.server";
import { RESUME_LINK_MS, resumeUrl } from "./resume-links.server";
import { getSettings } from "../settings/service.server";
import { optedOutOf } from "../whatsapp/opt-outs.server";
import { chatWithShopperUrl, unpaidCheckoutMessage } from "../whatsapp/shopper-chats";
import { isPaidOrder, orderNumber } from "./statuses";

// The back office's 'Unpaid checkouts' (/unpaidcheckouts, GET /api/unpaid-checkouts; docs/product.md
// "Unpaid checkouts"): each shopper's latest online checkout that was not paid, with the link
// that completes it (for a WhatsApp message) and a button to mail it; and the checkouts won back:
// paid after a reminder, with the naira recovered.

export const unpaidCheckoutQuery = z
  .object({ ...listParams(20), show: z.enum(["unpaid", "recovered"], { error: "Show unpaid or recovered" }).default("unpaid") })
  .strict();
export type UnpaidCheckoutQuery = z.input<typeof unpaidCheckoutQuery>;

/** The list's window when no days are given: the reminders' own week, and a month of recoveries. */
const DEFAULT_DAYS = { unpaid: 7, recovered: 30 };

export type UnpaidCheckoutRow = {
  id: string;
  number: string;
  name: string;
  email: string;
  phone: string;
  total: number;
  createdAt: string;
  /** waiting: in its payment window now; unpaid; recovered: paid after a reminder */
  state: "waiting" | "unpaid" | "recovered";
  remindersSent: number;
  lastRemindedAt: string | null;
  /** she asked for no more reminders (no mail button) */
  optedOut: boolean;
  /** 'complete it here', for the WhatsApp message (unpaid only) */
  resumeUrl: string | null;
  /** a chat with her number, the message and that link typed in (unpaid only; null when she replied STOP) */
  whatsappUrl: string | null;
  /** her number replied STOP to the shop's WhatsApp: the team writes or calls instead */
  whatsappStopped: boolean;
};

export type UnpaidCheckoutSummary = { unpaidCount: number; unpaid: number; recoveredCount: number; recovered: number };

const unpaid = (): SQL =>
  and(
    eq(purchases.paymentMethod, "online"),
    isNull(purchases.paidAt),
    inArray(purchases.status, ["pending", "cancelled"]),
    endedByShopper(),
    herLatestCheckout(),
  )!;

/** The online checkouts started on one Lagos day (YYYY-MM-DD) that stay unpaid, as /unpaidcheckouts counts them: how many, and their totals (the owner's morning summary). */
export async function unpaidCheckoutsOn(db: Db, day: string): Promise<{ count: number; kobo: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, kobo: sql<number>`coalesce(sum(${purchases.totalKobo}), 0)::bigint`.mapWith(Number) })
    .from(purchases)
    .where(and(unpaid(), ...withinDays(purchases.createdAt, day, day)));
  return { count: row?.count ?? 0, kobo: row?.kobo ?? 0 };
}

/** Won back: an online checkout paid after at least one reminder. */
const recovered = (): SQL => and(eq(purchases.paymentMethod, "online"), gt(purchases.reminderCount, 0), paidOrder())!;

function window(q: z.output<typeof unpaidCheckoutQuery>, show: "unpaid" | "recovered", now: Date): SQL[] {
  if (q.from || q.to) return withinDays(purchases.createdAt, q.from, q.to);
  return [sql`${purchases.createdAt} > ${new Date(now.getTime() - DEFAULT_DAYS[show] * 86_400_000)}`];
}

export async function listUnpaidCheckouts(
  db: Db,
  links: MailLinks,
  input: UnpaidCheckoutQuery,
  now = new Date(),
): Promise<{ items: UnpaidCheckoutRow[]; total: number; summary: UnpaidCheckoutSummary }> {
  const q = unpaidCheckoutQuery.parse(input);
  // her name, email or number, the order's number or reference: searched as the purchases list searches
  const search = q.q ? purchaseSearchMatch(q.q, purchases) : undefined;
  const where = and(q.show === "unpaid" ? unpaid() : recovered(), ...window(q, q.show, now), search);
  const [rows, [count], [sums]] = await Promise.all([
    db
      .select({ p: purchases, optedOut: optedOut() })
      .from(purchases)
      .where(where)
      .orderBy(desc(purchases.createdAt), desc(purchases.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(purchases)
      .where(where),
    db
      .select({
        unpaidCount: sql<number>`(count(*) filter (where ${and(unpaid(), ...window(q, "unpaid", now))}))::int`,
        unpaid: sql<number>`coalesce(sum(${purchases.totalKobo}) filter (where ${and(unpaid(), ...window(q, "unpaid", now))}), 0)::bigint`,
        recoveredCount: sql<number>`(count(*) filter (where ${and(recovered(), ...window(q, "recovered", now))}))::int`,
        recovered: sql<number>`coalesce(sum(${purchases.totalKobo}) filter (where ${and(recovered(), ...window(q, "recovered", now))}), 0)::bigint`,
      })
      .from(purchases)
      // the longer window holds the shorter one
      .where(and(eq(purchases.paymentMethod, "online"), ...window(q, "recovered", now))),
  ]);
  const linkEnds = new Date(now.getTime() + RESUME_LINK_MS);
  const [shop, stopped] = await Promise.all([
    getSettings(db),
    optedOutOf(
      db,
      rows.map(({ p }) => p.phone),
    ),
  ]);
  return {
    items: rows.map(({ p, optedOut: out }) => {
      const number = orderNumber(p.id);
      const total = koboToNaira(p.totalKobo);
      const resume = isPaidOrder(p) ? null : resumeUrl(links, p.id, linkEnds);
      const whatsappStopped = stopped.has(p.phone);
      return {
        id: p.id,
        number,
        name: `${p.firstName} ${p.lastName}`.trim(),
        email: p.email,
        phone: p.phone,
        total,
        createdAt: p.createdAt.toISOString(),
        state: isPaidOrder(p) ? "recovered" : p.status === "pending" ? "waiting" : "unpaid",
        remindersSent: p.reminderCount,
        lastRemindedAt: p.remindedAt?.toISOString() ?? null,
        optedOut: !!out,
        resumeUrl: resume,
        whatsappUrl:
          resume && !whatsappStopped
            ? chatWithShopperUrl(
                p.phone,
                unpaidCheckoutMessage(shop.shopName, { firstName: p.firstName, number, total, resumeUrl: resume }),
              )
            : null,
        whatsappStopped,
      };
    }),
    total: count?.n ?? 0,
    summary: {
      unpaidCount: Number(sums?.unpaidCount ?? 0),
      unpaid: koboToNaira(Number(sums?.unpaid ?? 0)),
      recoveredCount: Number(sums?.recoveredCount ?? 0),
      recovered: koboToNaira(Number(sums?.recovered ?? 0)),
    },
  };
}

/**
 * 'Mail' on a row: the 'your order is saved' mail now, whatever the schedule says (it counts as the
 * first reminder, so the timer sends only the 24-hour one after it). Refused for a paid order, one
 * the shop cancelled, and a shopper who opted out.
 */
export async function mailReminderNow(db: Db, links: MailLinks, purchaseId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [p] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
    if (!p) throw AppError.notFound("Order");
    const [still] = await tx
      .select({ id: purchases.id })
      .from(purchases)
      .where(and(eq(purchases.id, p.id), unpaid()));
    if (!still) throw new AppError("conflict", "This checkout is paid, cancelled by the shop, or followed by a newer order: no reminder.");
    if (await hasStoppedReminders(tx, p.email)) throw new AppError("conflict", `${p.email} asked for no more reminders.`);
    await reminderMail(tx, p, 1, links, now);
    await tx
      .update(purchases)
      .set({ reminderCount: sql`greatest(${purchases.reminderCount}, 1)`, remindedAt: now })
      .where(eq(purchases.id, p.id));
  });
}

/** The second reminder's code: one of the shop's discount codes (as the owner spells it), or none. */
export async function setReminderCode(db: Db, input: z.input<typeof reminderSettingsInput>): Promise<ReminderSettings> {
  const { secondReminderCode } = reminderSettingsInput.parse(input);
  if (!secondReminderCode) return saveReminderSettings(db, { secondReminderCode: null });
  const row = await findCode(db, secondReminderCode);
  if (!row) {
    const msg = `There is no discount code ${secondReminderCode}. Create it first in Discount codes.`;
    throw new AppError("invalid", msg, { fields: { secondReminderCode: msg } });
  }
  return saveReminderSettings(db, { secondReminderCode: row.code });
}

export { getReminderSettings };
