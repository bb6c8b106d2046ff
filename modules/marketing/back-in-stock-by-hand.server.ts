import { and, asc, count, eq, exists, gt, isNotNull, isNull, notExists, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Queryable } from "../../db/client";
import { products, stockAlerts, users, whatsappOptOuts } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { isRecordId } from "../../lib/record-id";
import { chatWithShopperUrl } from "../whatsapp/shopper-chats";
import { productPath, shopUrl } from "./whatsapp";

// docs/product.md "Back in stock", by hand: a shop without the WhatsApp Business API still takes a
// WhatsApp number on a sold-out product. Once it is back, the minute job hands each number to the
// team (hand_at), and the inbox lists them, each with a chat opened on her number and the words
// typed in, until a team member marks her told. A number that said STOP is never listed; a product
// sold out again waits off the list until it is back.

/**
 * Hands these requests (numbers the shop cannot message) to the team. An older hand-over of the same
 * product and number not told yet (she asked again after it sold out again) is taken as told by the
 * new one, so the list holds her once.
 */
export async function handOver(tx: Queryable, which: SQL, now: Date): Promise<void> {
  const handed = await tx
    .update(stockAlerts)
    .set({ handAt: now })
    .where(and(isNull(stockAlerts.handAt), which))
    .returning({ id: stockAlerts.id });
  if (!handed.length) return;
  const newer = alias(stockAlerts, "newer");
  await tx
    .update(stockAlerts)
    .set({ toldAt: now })
    .where(
      and(
        isNotNull(stockAlerts.handAt),
        isNull(stockAlerts.toldAt),
        exists(
          tx
            .select({ one: sql`1` })
            .from(newer)
            .where(
              and(
                eq(newer.productId, stockAlerts.productId),
                eq(newer.phone, stockAlerts.phone),
                isNotNull(newer.handAt),
                isNull(newer.toldAt),
                gt(newer.createdAt, stockAlerts.createdAt),
              ),
            ),
        ),
      ),
    );
}

/** The list a screen shows at once: the oldest first; a longer queue shows as the rest are told. */
export const TO_TELL_SHOWN = 50;

const toTell = and(
  isNotNull(stockAlerts.handAt),
  isNull(stockAlerts.toldAt),
  or(isNull(products.stock), gt(products.stock, 0)),
  notExists(sql`(select 1 from ${whatsappOptOuts} where ${whatsappOptOuts.phone} = ${stockAlerts.phone})`),
);

export interface ToTellView {
  id: string;
  phone: string;
  productId: string;
  title: string;
  askedAt: string;
  backAt: string;
  /** wa.me with her number and the message typed in */
  chatUrl: string;
}

/** The words the team sends her: the product, the shop and the product's link. */
export const backInStockChat = (shopName: string, title: string, link: string) =>
  `Hello! You asked ${shopName} to tell you when ${title} was back. It is in stock again, while it lasts: ${link}`;

/** Who waits to be told by hand, oldest first, at most `TO_TELL_SHOWN`, with how many in all. */
export async function listToTell(db: Queryable, shop: { shopName: string; origin: string }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: stockAlerts.id,
        phone: stockAlerts.phone,
        productId: stockAlerts.productId,
        title: products.title,
        askedAt: stockAlerts.createdAt,
        backAt: stockAlerts.handAt,
      })
      .from(stockAlerts)
      .innerJoin(products, eq(products.id, stockAlerts.productId))
      .where(toTell)
      .orderBy(asc(stockAlerts.handAt), asc(stockAlerts.createdAt))
      .limit(TO_TELL_SHOWN),
    toTellQuery(db),
  ]);
  const items: ToTellView[] = rows.map((r) => ({
    id: r.id,
    phone: r.phone!,
    productId: r.productId,
    title: r.title,
    askedAt: r.askedAt.toISOString(),
    backAt: r.backAt!.toISOString(),
    chatUrl: chatWithShopperUrl(r.phone!, backInStockChat(shop.shopName, r.title, shopUrl(shop.origin, productPath(r.productId)))),
  }));
  return { items, total: total!.n };
}

const toTellQuery = (db: Queryable) =>
  db.select({ n: count() }).from(stockAlerts).innerJoin(products, eq(products.id, stockAlerts.productId)).where(toTell);

/** How many wait to be told by hand (the sidebar's count, the morning summary). */
export const toTellCount = async (db: Queryable) => (await toTellQuery(db))[0]!.n;

/**
 * She has been told (by this team member); marking her told again keeps the first. A request that is
 * not the team's to tell (still waiting, or sent by the shop's WhatsApp or mail) is a 404.
 */
export async function markTold(db: Db, id: string, by: { id: string }): Promise<{ id: string; toldAt: string; toldBy: string | null }> {
  if (!isRecordId(id)) throw AppError.notFound("Back-in-stock request");
  await db
    .update(stockAlerts)
    .set({ toldAt: new Date(), toldBy: by.id })
    .where(and(eq(stockAlerts.id, id), isNotNull(stockAlerts.handAt), isNull(stockAlerts.toldAt)));
  const [row] = await db
    .select({ id: stockAlerts.id, toldAt: stockAlerts.toldAt, toldBy: users.firstName })
    .from(stockAlerts)
    .leftJoin(users, eq(users.id, stockAlerts.toldBy))
    .where(and(eq(stockAlerts.id, id), isNotNull(stockAlerts.handAt)));
  if (!row) throw AppError.notFound("Back-in-stock request");
  return { id: row.id, toldAt: row.toldAt!.toISOString(), toldBy: row.toldBy };
}
