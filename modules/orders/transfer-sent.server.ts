import { count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { purchaseEvents, purchases, transferReceipts } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { lagosDayTime } from "../../lib/lagos-calendar";
import { formatNaira, nairaToKobo } from "../../lib/money";
import { publicOrigin } from "../../lib/public-origin";
import { enqueueMail } from "../mail/outbox.server";
import { getSettings } from "../settings/service.server";
import { ownerWhatsApp } from "../whatsapp/order-messages";
import type { MailLinks } from "./mails.server";
import { receiptPicture } from "./transfer-receipts.server";
import { holdsOrder, type OrderHolder } from "./order-links.server";
import { adminOrderPath, leftToPayKobo, orderNumber } from "./statuses";
import { transferSentInput, type TransferSentInput } from "./transfer-sent-schemas";

// docs/product.md "Paying" ("I have sent it"): a shopper paying by transfer says so on her order's
// page, with the amount and the name on the account it came from, so the team can find it in the
// shop's account at once. The team hears of it (mail, and WhatsApp on the Alerts number); the
// order is held a day longer while they check; she is not told "we have not received it" meanwhile.
// Nothing is paid by her word: the team records the money as always.

type Purchase = typeof purchases.$inferSelect;

/** How long a transfer she says she sent holds her order, from her word, for the team to check. */
export const TRANSFER_CHECK_HOURS = 24;
/** She may tell it again (a second transfer, a typo) after this long: not a button that pages the owner each tap. */
export const TRANSFER_SENT_AGAIN_MINUTES = 10;

/** She says she sent a transfer, and the order is still unpaid and open: the list's "Transfer sent" (on its partial index). */
export const transferSentWaiting = sql`${purchases.transferSentAt} is not null and ${purchases.paidAt} is null and ${purchases.status} <> 'cancelled'`;

/** How many unpaid orders have a transfer she says she sent (the morning summary's line). */
export async function transfersToCheck(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(purchases).where(transferSentWaiting);
  return row?.n ?? 0;
}

/**
 * The order waits for a transfer into the shop's account: unpaid and open, paid by transfer (or an
 * order the shop recorded whose rest goes to its account); the page shows its account then.
 */
export const waitsForTransfer = (p: Pick<Purchase, "paidAt" | "status" | "paymentMethod" | "depositKobo">) =>
  !p.paidAt &&
  p.status !== "cancelled" &&
  p.status !== "failed" &&
  (p.paymentMethod === "transfer" || (p.depositKobo > 0 && (p.paymentMethod === "manual" || p.paymentMethod === "online")));

const orderHolderOf = async (db: Db, purchaseId: string) =>
  (await db.select({ id: purchases.id, userId: purchases.userId }).from(purchases).where(eq(purchases.id, purchaseId)))[0];

/**
 * She says she sent the transfer: by the order's link or her account (anyone else's: not found),
 * while the order waits for one, at most once in TRANSFER_SENT_AGAIN_MINUTES. Kept on the order
 * and its history, with the picture of her receipt when she sent one (`receipt`: the file's bytes,
 * checked and re-encoded first: anything but a picture is a 400 naming `receipt`); an order that
 * lapses holds TRANSFER_CHECK_HOURS from now; the team is alerted.
 */
export async function sayTransferSent(
  db: Db,
  links: MailLinks,
  purchaseId: string,
  input: TransferSentInput,
  who: OrderHolder,
  now = new Date(),
  receipt: Buffer | null = null,
) {
  const { amount, from } = transferSentInput.parse(input);
  const kobo = nairaToKobo(amount);
  // a picture is read only for the order's holder: nobody else's file costs the server its decoding
  if (receipt && !holdsOrder(links, (await orderHolderOf(db, purchaseId)) ?? { id: purchaseId, userId: null }, who))
    throw AppError.notFound("Order");
  const picture = receipt ? await receiptPicture(receipt) : null;
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
    if (!p || !holdsOrder(links, p, who)) throw AppError.notFound("Order");
    const shop = await getSettings(tx);
    if (p.paidAt) throw new AppError("conflict", "This order is paid already: there is nothing more to send.");
    if (p.status === "cancelled")
      throw new AppError(
        "conflict",
        `This order was cancelled. If you sent money for it, write to ${shop.contactEmail} or call ${shop.contactPhone} and we will sort it out.`,
      );
    if (!waitsForTransfer(p) || !shop.accountNumber) throw new AppError("conflict", "This order is not paid by transfer.");
    if (p.transferSentAt && now.getTime() - p.transferSentAt.getTime() < TRANSFER_SENT_AGAIN_MINUTES * 60_000)
      throw new AppError(
        "conflict",
        `We have your message of ${lagosDayTime(p.transferSentAt)} already: we are checking our account and will confirm your order by email.`,
      );
    const hold = new Date(now.getTime() + TRANSFER_CHECK_HOURS * 3_600_000);
    const [kept] = picture
      ? await tx
          .insert(transferReceipts)
          .values({ purchaseId: p.id, ...picture })
          .returning({ id: transferReceipts.id })
      : [];
    const [saved] = await tx
      .update(purchases)
      .set({
        transferSentAt: now,
        transferSentKobo: kobo,
        transferSentFrom: from,
        transferReceiptId: kept?.id ?? null,
        // a lapsing order waits for the team's check; one that does not lapse stays so
        ...(p.expiresAt && p.expiresAt < hold ? { expiresAt: hold } : {}),
        updatedAt: now,
      })
      .where(eq(purchases.id, p.id))
      .returning();
    await tx.insert(purchaseEvents).values({
      purchaseId: p.id,
      status: p.status,
      note: `the customer says she sent ${formatNaira(kobo)} by transfer from the account of ${from}${kobo !== leftToPayKobo(p) ? ` (${formatNaira(leftToPayKobo(p))} is left to pay)` : ""}${kept ? ", with a picture of her receipt" : ""}`,
    });
    await teamAlert(tx, saved!, shop, links);
    return saved!;
  });
}

/** "Ada Obi says she sent ₦21,500 by transfer for order #…, from the account of ADA OBI": mail, and the Alerts number. */
async function teamAlert(tx: Tx, p: Purchase, shop: Awaited<ReturnType<typeof getSettings>>, links: MailLinks) {
  const url = `${publicOrigin(links)}${adminOrderPath(p.id)}`;
  const name = `${p.firstName} ${p.lastName}`.trim();
  const sent = formatNaira(p.transferSentKobo!);
  const left = leftToPayKobo(p);
  await enqueueMail(tx, {
    to: shop.contactEmail,
    kind: "order_transfer_sent_admin",
    subject: `Order #${orderNumber(p.id)}: ${p.firstName} says she sent ${sent} by transfer`,
    text: `${name} says she sent ${sent} by transfer for order #${orderNumber(p.id)}, from the account of ${p.transferSentFrom}.${p.transferSentKobo !== left ? ` The order has ${formatNaira(left)} left to pay.` : ""}${p.transferReceiptId ? " She sent a picture of her receipt: it is on the order's page." : ""}\n\nCheck the shop's account (${shop.bankName}, ${shop.accountNumber}), then record the money on the order: ${url}\n\nWe hold the order until ${p.expiresAt ? lagosDayTime(p.expiresAt) : "you record it or cancel it"}.\n`,
    whatsapp: ownerWhatsApp(shop, "transfer_sent_alert", [name, sent, orderNumber(p.id), p.transferSentFrom!, url]),
  });
}
