import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { partPayments, purchaseEvents, type purchases, strayPayments } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { formatNaira } from "../../lib/money";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { shopperWhatsApp } from "../whatsapp/order-messages";
import { orderUrl, type MailLinks } from "./mails.server";
import { byHandWords, orderNumber } from "./statuses";
import { lockStrayPayment } from "./stray-payments.server";

// A part payment the shop recorded itself (a deposit by transfer, cash or POS) on an order it then
// cancelled (docs/product.md "Part payments"): the shop holds that money. Each part is listed with
// the order's payments not applied (stray_payments, reason held_part) until the owner records what
// became of it: given back by hand, or kept as agreed with the customer.

type Purchase = typeof purchases.$inferSelect;

export const heldPartInput = z
  .object({
    outcome: z.enum(["given_back", "kept"], { error: "Say whether the part was given back or kept" }),
    // how it went back (given back only; a kept part ignores it)
    method: z.enum(["transfer", "cash", "pos"], { error: "Choose how it went back: transfer, cash or POS" }).optional(),
    note: z.string().trim().max(200, "Note must be at most 200 characters").optional(),
  })
  .strict();
export type HeldPartInput = z.input<typeof heldPartInput>;

/** The parts the shop recorded itself on this order (not chipped in online), kept as payments not applied when it is cancelled. */
export async function holdRecordedParts(tx: Tx, p: Purchase): Promise<number> {
  const parts = await tx
    .select()
    .from(partPayments)
    .where(and(eq(partPayments.purchaseId, p.id), ne(partPayments.paidVia, "provider")));
  if (parts.length)
    await tx.insert(strayPayments).values(
      parts.map((part) => ({
        purchaseId: p.id,
        provider: "manual",
        amountKobo: part.amountKobo,
        currency: p.currency,
        reason: "held_part",
        partPaymentId: part.id,
      })),
    );
  return parts.reduce((sum, part) => sum + part.amountKobo, 0);
}

/**
 * Records what became of a held part, once: the order's row and then the part's are locked, so two
 * clicks or two admins record it once. Given back, the customer is told (mail, and WhatsApp when
 * she opted in; `told` says whether anyone was); kept as agreed, she was told by whoever agreed it.
 */
export async function settleHeldPart(db: Db, links: MailLinks, purchaseId: string, strayId: string, input: HeldPartInput, actorId: string) {
  const { outcome, method, note } = heldPartInput.parse(input);
  if (outcome === "given_back" && !method)
    throw new AppError("invalid", "Choose how it went back: transfer, cash or POS", { fields: { method: "Choose how it went back" } });
  return db.transaction(async (tx) => {
    const { p, stray: held } = await lockStrayPayment(tx, purchaseId, strayId);
    if (held.reason !== "held_part")
      throw new AppError("conflict", "This payment came through the payment provider: refund it, by its own transaction.");
    if (held.status !== "refund_needed")
      throw new AppError(
        "conflict",
        held.status === "kept" ? "This part was already recorded as kept." : "This part was already given back.",
      );
    const now = new Date();
    const given = outcome === "given_back";
    const [changed] = await tx
      .update(strayPayments)
      .set({
        status: given ? "refunded" : "kept",
        givenBackVia: given ? method! : null,
        settledNote: note || null,
        actorId,
        refundedAt: given ? now : null,
        updatedAt: now,
      })
      .where(eq(strayPayments.id, held.id))
      .returning();
    const amount = formatNaira(held.amountKobo);
    const how = given ? `given back by ${byHandWords[method!]}` : "kept as agreed";
    await tx
      .insert(purchaseEvents)
      .values({ purchaseId: p.id, status: p.status, note: `part payment of ${amount} ${how}${note ? ` (${note})` : ""}`, actorId });
    const told = given ? await givenBackMail(tx, p, held.amountKobo, method!, links) : false;
    return { part: changed!, told };
  });
}

/** Tells her the part she paid went back, and how; false when the order has nobody to tell (no email, no WhatsApp). */
async function givenBackMail(tx: Tx, p: Purchase, kobo: number, method: keyof typeof byHandWords, links: MailLinks): Promise<boolean> {
  const shop = await getSettings(tx);
  const number = orderNumber(p.id);
  const words = `your part payment of ${formatNaira(kobo)} was given back by ${byHandWords[method]}`;
  const queued = await enqueueMail(tx, {
    to: p.email,
    kind: "order_part_given_back",
    whatsapp: shopperWhatsApp(p, "order_update", [p.firstName, shop.shopName, number, words, orderUrl(links, p)]),
    subject: `Your ${shop.shopName} order #${number}: ${formatNaira(kobo)} given back`,
    text: `Hello ${p.firstName},\n\nWe have given back the part payment of ${formatNaira(kobo)} you made towards order #${number}, by ${byHandWords[method]}.${method === "transfer" ? " Banks can take a little while to show a transfer." : ""}\n\nYour order: ${orderUrl(links, p)}\n\nQuestions? Write to ${shop.contactEmail} or call ${shop.contactPhone}.\n\nWith care,\n${shop.shopName}`,
  });
  return queued !== null;
}
