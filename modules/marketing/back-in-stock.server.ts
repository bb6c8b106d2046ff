import { and, asc, count, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db, Queryable } from "../../db/client";
import { mailOutbox, products, stockAlerts } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger.server";
import { publicOrigin } from "../../lib/public-origin";
import type { Env } from "../../lib/env.server";
import { isRecordId } from "../../lib/record-id";
import { repeatJob } from "../../lib/repeat";
import { formatNigerianPhone } from "../../lib/phone";
import { whatsappConfigured, type WhatsAppConfig } from "../whatsapp/cloud-api.server";
import { whatsappMessage } from "../whatsapp/templates";
import { email } from "../accounts/schemas";
import { enqueueMail } from "../mail/outbox.server";
import { nigerianPhone } from "../../lib/form-fields";
import { productPath } from "./whatsapp";
import { getSettings } from "../settings/service.server";
import { handOver } from "./back-in-stock-by-hand.server";
import type { Settings } from "../settings/schemas";
import { isSoldOut } from "../stock/availability";

// docs/product.md "Back in stock": a shopper leaves her email, or her WhatsApp number when the shop
// sends WhatsApp messages, on a sold-out product and hears, once, when it can be bought again,
// whichever way its stock came back (the owner restocked it, a checkout lapsed, a refund put it
// back): a minute job reads the stock itself rather than every path that raises it.

/** The API's body: her email, or her WhatsApp number (a Nigerian number in any usual spelling). */
export const backInStockInput = z
  .object({ email: email.optional(), phone: nigerianPhone("WhatsApp number").optional() })
  .strict()
  .refine((d) => (d.email === undefined) !== (d.phone === undefined), {
    message: "Give your email or your WhatsApp number, one of them",
    path: ["email"],
  });
export type BackInStockInput = z.input<typeof backInStockInput>;

/** The product page's one box, "Your email or WhatsApp number": what she typed, read as one or the other. */
export const backInStockForm = z.object({ contact: z.string().trim().max(254, "That is too long for an email or a number") }).strict();

/**
 * Her typed contact as the API's body: a number when the shop sends WhatsApp messages and it holds
 * no letter ("0803 555 0142", "+234 803…"); else an email, so "ada.gmail.com" is told it is not one.
 */
export const contactInput = (contact: string, whatsapp: boolean): BackInStockInput =>
  whatsapp && !/[@\p{L}]/u.test(contact) ? { phone: contact } : { email: contact };

const NO_WHATSAPP_MSG = "Leave your email: this shop tells you by email.";

/**
 * Whether the box takes a WhatsApp number: when the shop sends WhatsApp messages itself (`env`), or
 * when it shows its own WhatsApp number, from which the team tells her by hand.
 */
export const takesWhatsAppNumbers = (env: Partial<WhatsAppConfig>, shop: Pick<Settings, "whatsappNumber">) =>
  whatsappConfigured(env) || shop.whatsappNumber !== "";

/**
 * Her request on a sold-out product; a second one for the same product and address (or number) is
 * the same request. A number is taken only when the shop can message it (`takesWhatsAppNumbers`).
 */
export async function askBackInStock(
  db: Db,
  env: Partial<WhatsAppConfig>,
  productId: string,
  input: BackInStockInput,
): Promise<{ msg: string }> {
  const data = backInStockInput.parse(input);
  if (data.phone && !takesWhatsAppNumbers(env, await getSettings(db)))
    throw new AppError("invalid", NO_WHATSAPP_MSG, { fields: { phone: NO_WHATSAPP_MSG } });
  if (!isRecordId(productId)) throw AppError.notFound("Product");
  const [product] = await db.select({ stock: products.stock, title: products.title }).from(products).where(eq(products.id, productId));
  if (!product) throw AppError.notFound("Product");
  if (!isSoldOut(product.stock)) throw new AppError("conflict", `${product.title} is in stock: you can add it to your cart now.`);
  await db
    .insert(stockAlerts)
    .values({ productId, email: data.email ?? null, phone: data.phone ?? null })
    .onConflictDoNothing();
  const how = data.phone ? `message ${formatNigerianPhone(data.phone)} on WhatsApp` : `email ${data.email}`;
  return { msg: `Thank you! We will ${how} once when ${product.title} is back in stock.` };
}

/** How many addresses wait for each of these products to come back (the products list, in one query); a product none wait for is absent. */
export async function waitingByProduct(db: Db, productIds: string[]): Promise<Map<string, number>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({ productId: stockAlerts.productId, n: count() })
    .from(stockAlerts)
    .where(and(inArray(stockAlerts.productId, productIds), isNull(stockAlerts.notifiedAt)))
    .groupBy(stockAlerts.productId);
  return new Map(rows.map((r) => [r.productId, r.n]));
}

/** The rows of a products list, each with how many shoppers wait for it (`waiting`, 0 for none): one query for the page. */
export async function withWaitingCounts<T extends { id: string }>(db: Db, rows: T[]): Promise<(T & { waiting: number })[]> {
  const waiting = await waitingByProduct(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, waiting: waiting.get(r.id) ?? 0 }));
}

/**
 * How many wait for this product to come back, and how restocking it tells them (the product's
 * edit screen says so): by the shop itself, or, for numbers in a shop without WhatsApp, by the team.
 */
export async function restockNote(db: Db, env: Partial<WhatsAppConfig>, productId: string): Promise<string | null> {
  const [row] = await db
    .select({ all: count(), numbers: count(stockAlerts.phone) })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.productId, productId), isNull(stockAlerts.notifiedAt)));
  const { all, numbers } = row ?? { all: 0, numbers: 0 };
  if (!all) return null;
  const who = `${all === 1 ? "1 shopper is" : `${all} shoppers are`} waiting for it to come back: restock it and`;
  if (!numbers || whatsappConfigured(env)) return `${who} they are told within a minute, by email or on WhatsApp.`;
  if (numbers === all) return `${who} ${all === 1 ? "she shows" : "they show"} in Messages for you to tell on WhatsApp.`;
  const theNumbers = numbers === 1 ? "the 1 who left a WhatsApp number shows" : `the ${numbers} who left a WhatsApp number show`;
  return `${who} those who left an email are told within a minute; ${theNumbers} in Messages for you to tell.`;
}

/** Requests answered in one pass at most: a restock of a much-wanted product is told over a few minutes, not one long transaction. */
export const BACK_IN_STOCK_BATCH = 500;

/**
 * The waiting requests whose product can be bought again, each claimed by the update that marks it
 * answered, with its mail queued in the same transaction: several servers running it at once send
 * each mail once. A number, when the shop does not send WhatsApp messages itself, is handed to the
 * team to tell by hand instead (modules/marketing/back-in-stock-by-hand.server.ts). At most `batch`
 * a pass, oldest first. Returns how many were answered.
 */
export async function tellBackInStock(
  db: Db,
  env: Pick<Env, "PUBLIC_URL" | "PORT"> & Partial<WhatsAppConfig>,
  now = new Date(),
  batch = BACK_IN_STOCK_BATCH,
): Promise<number> {
  const byHand = !whatsappConfigured(env);
  return db.transaction(async (tx) => {
    await handOverRefused(tx, now);
    const back = tx
      .select({ id: products.id })
      .from(products)
      .where(or(isNull(products.stock), gt(products.stock, 0)));
    const claimed = tx
      .select({ id: stockAlerts.id })
      .from(stockAlerts)
      .where(and(isNull(stockAlerts.notifiedAt), inArray(stockAlerts.productId, back)))
      .orderBy(asc(stockAlerts.createdAt))
      .limit(batch)
      .for("update", { skipLocked: true });
    const due = await tx
      .update(stockAlerts)
      .set({ notifiedAt: now })
      .where(and(isNull(stockAlerts.notifiedAt), inArray(stockAlerts.id, claimed)))
      .returning({ id: stockAlerts.id, email: stockAlerts.email, phone: stockAlerts.phone, productId: stockAlerts.productId });
    if (!due.length) return 0;
    const handed = byHand ? due.filter((d) => d.phone).map((d) => d.id) : [];
    if (handed.length) await handOver(tx, inArray(stockAlerts.id, handed), now);
    const ids = [...new Set(due.map((d) => d.productId))];
    const titles = new Map(
      (await tx.select({ id: products.id, title: products.title }).from(products).where(inArray(products.id, ids))).map((p) => [
        p.id,
        p.title,
      ]),
    );
    const shop = await getSettings(tx);
    const sentOnWhatsApp: SQL[] = [];
    for (const d of due) {
      if (byHand && d.phone) continue;
      const title = titles.get(d.productId)!;
      const link = `${publicOrigin(env)}${productPath(d.productId)}`;
      // a number: the WhatsApp message alone (no address to mail; the outbox keeps its words); else the mail
      const whatsapp = d.phone ? whatsappMessage(d.phone, "back_in_stock", [title, shop.shopName, link], false) : undefined;
      const queued = await enqueueMail(tx, {
        kind: "back_in_stock",
        to: d.email ?? "",
        subject: `${title} is back in stock`,
        text: [
          "Hello,",
          "",
          `You asked us to tell you when ${title} was back. It is in stock again at ${shop.shopName}, while it lasts:`,
          "",
          link,
          "",
          "This is the only mail we send about it. If you did not ask for it, you can ignore it.",
          "",
          "With care,",
          shop.shopName,
        ].join("\n"),
        ...(whatsapp ? { whatsapp } : {}),
      });
      if (d.phone && queued) sentOnWhatsApp.push(sql`(${d.id}::uuid, ${queued.id}::uuid)`);
    }
    // each number remembers its message, so a refusal hands her to the team (handOverRefused)
    if (sentOnWhatsApp.length)
      await tx.execute(
        sql`update ${stockAlerts} set outbox_id = sent.outbox from (values ${sql.join(sentOnWhatsApp, sql`, `)}) as sent(alert, outbox) where ${stockAlerts.id} = sent.alert`,
      );
    return due.length;
  });
}

/**
 * A number whose WhatsApp message was refused for good (the template not approved yet, a number
 * WhatsApp does not know, an outage past its tries) has no mail to fall back on: she is handed to
 * the team to tell by hand, as in a shop without WhatsApp, rather than dropped. A number that said
 * STOP is handed too, and never listed (back-in-stock-by-hand.server.ts).
 */
async function handOverRefused(tx: Queryable, now: Date) {
  const refused = tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.status, "failed"));
  await handOver(tx, and(isNotNull(stockAlerts.outboxId), inArray(stockAlerts.outboxId, refused))!, now);
}

/** Every minute, on every server (each request is answered once whichever claims it); passes never overlap. */
export function startBackInStockAlerts(
  db: Db,
  env: Pick<Env, "PUBLIC_URL" | "PORT"> & Partial<WhatsAppConfig>,
  logger: Logger,
  everyMs = 60_000,
) {
  return repeatJob(everyMs, logger, {
    pass: () => tellBackInStock(db, env),
    said: (sent) => sent && { sent },
    done: "back-in-stock mails queued",
    failed: "back-in-stock alerts failed",
  });
}
