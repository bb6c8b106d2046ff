import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { purchaseEvents, purchases } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { dateParam } from "../../lib/form-fields";
import { longDay, shortDay } from "../../lib/lagos-calendar";
import { formatNaira } from "../../lib/money";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { shopperWhatsApp } from "../whatsapp/order-messages";
import { orderUrl, type MailLinks } from "./mails.server";
import { checkRestDay, restDayColumns } from "./part-payments.server";
import { leftToPayKobo, orderNumber } from "./statuses";

// docs/product.md "Part payments" ("A new day for the rest"): she calls to say the rest comes next
// Friday, not this one. The team agrees a day for the rest of a part-paid order without any money
// (sets it, moves it, or clears it); she is told the new day, and the reminder follows it.

type Purchase = typeof purchases.$inferSelect;

/** A day for the rest (YYYY-MM-DD), or blank/null: no day agreed; the key itself is required (an update names what it changes). */
export const restDueInput = z
  .object({
    restDueOn: z.preprocess(
      (v) => (typeof v === "string" && !v.trim() ? null : v),
      z
        .string({ error: "Rest due by: give a day like 2026-01-31, or null for none" })
        .nullable()
        .superRefine((day, ctx) => {
          const checked = day === null ? null : dateParam.safeParse(day);
          if (checked && !checked.success) ctx.addIssue({ code: "custom", message: checked.error.issues[0]!.message });
        }),
    ),
  })
  .strict();
export type RestDueInput = z.input<typeof restDueInput>;

/** Why the order takes no day for its rest; null when it does (part paid, unpaid, not cancelled). */
function notWaiting(p: Purchase): string | null {
  if (p.paidAt) return "This order is paid: it has no rest to pay.";
  if (p.status === "cancelled") return "This order is cancelled: it has no rest to pay.";
  if (!p.depositKobo) return "A day for the rest is for an order part paid: record a part payment first.";
  return null;
}

/**
 * Sets, moves or clears (null) the day the rest of a part-paid order is due, under the order's lock:
 * from today (Lagos) to a year on, as with a part. The history keeps the change and who made it;
 * she is mailed a new day (and sent it on WhatsApp when she asked), not a cleared one. Returns the
 * order as saved.
 */
export async function agreeRestDue(db: Db, links: MailLinks, purchaseId: string, input: RestDueInput, actorId: string, now = new Date()) {
  const day = restDueInput.parse(input).restDueOn ?? null;
  if (day) checkRestDay(day, now);
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
    if (!p) throw AppError.notFound("Purchase");
    const why = notWaiting(p);
    if (why) throw new AppError("conflict", why);
    if (day === p.restDueOn)
      throw new AppError("invalid", day ? `The rest is already due by ${shortDay(day)}.` : "The rest has no day agreed already.", {
        fields: { restDueOn: day ? "Choose another day" : "Choose a day" },
      });
    const [saved] = await tx
      .update(purchases)
      .set({ ...(day ? restDayColumns(day, now) : { restDueOn: null }), updatedAt: now })
      .where(eq(purchases.id, p.id))
      .returning();
    const words = (d: string | null) => (d ? shortDay(d) : "no day");
    await tx.insert(purchaseEvents).values({
      purchaseId: p.id,
      status: p.status,
      note: `day for the rest: ${words(p.restDueOn)} → ${words(day)} (${formatNaira(leftToPayKobo(p))} left to pay)`,
      actorId,
    });
    if (day) await newDayMail(tx, saved!, links);
    return saved!;
  });
}

/** "As agreed, the ₦231,500 left to pay on your order #… is now due by Friday 18 December 2026." */
async function newDayMail(tx: Tx, p: Purchase, links: MailLinks) {
  const shop = await getSettings(tx);
  const number = orderNumber(p.id);
  const link = orderUrl(links, p);
  const left = formatNaira(leftToPayKobo(p));
  await enqueueMail(tx, {
    to: p.email,
    kind: "order_rest_due_day",
    subject: `Your ${shop.shopName} order #${number}: the rest is now due by ${shortDay(p.restDueOn!)}`,
    text: `Hello ${p.firstName},\n\nAs agreed with us, the ${left} left to pay on your order #${number} is now due by ${longDay(p.restDueOn!)}. You have paid ${formatNaira(p.depositKobo)} of ${formatNaira(p.totalKobo)}; we hold your order until it is paid.\n\nHow to pay it, and your order: ${link}\n\nQuestions? Write to ${shop.contactEmail} or call ${shop.contactPhone}.\n\nWith care,\n${shop.shopName}`,
    whatsapp: shopperWhatsApp(p, "order_update", [
      p.firstName,
      shop.shopName,
      number,
      `has ${left} left to pay, now due by ${shortDay(p.restDueOn!)}`,
      link,
    ]),
  });
}
