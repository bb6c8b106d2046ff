import { and, asc, eq, gt, gte, isNotNull, isNull, lt, not, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { products, users, wishItems, wishLists } from "../../db/schema";
import type { Env } from "../../lib/env.server";
import type { Logger } from "../../lib/logger.server";
import { formatNaira } from "../../lib/money";
import { publicOrigin } from "../../lib/public-origin";
import { repeatJob } from "../../lib/repeat";
import { enqueueMail } from "../mail/outbox.server";
import { productPath } from "../marketing/whatsapp";
import { unitPriceSql } from "../pricing/unit-price-sql.server";
import { getSettings } from "../settings/service.server";
import { boughtForHer } from "./bought.server";

// docs/product.md "Wish lists" ("When it costs less, when it is back"): a product on her list that
// sells for less than the price she saw (when she saved it, or the lower one she was last told of),
// or that was sold out and can be bought again, is told to her by mail, once, with the others of her
// list in the same pass in one mail. A lower price is told once it has held PRICE_SETTLE_MS from
// the pass that first found it (a mistyped sale fixed at once tells no one); a sold-out product is
// told once it is back, at its price then. A price that goes up again is what she sees from then on,
// so the next sale is told too. What a friend bought for her from the list is not told (the surprise).

/** How long a lower price holds before it is told. */
export const PRICE_SETTLE_MS = 10 * 60_000;
/** The transaction lock one pass holds (db/client.ts holds 7_200_425 and 7_200_426 for start-up). */
const LIST_MAIL_LOCK = 7_200_427;
/** Products told in one pass at most; the rest follow in the next. */
export const LIST_MAIL_BATCH = 500;

type News = {
  userId: string;
  productId: string;
  was: number;
  now: number;
  /** told at a lower price (it has held, or the product is back at it), which she sees from now on */
  cheaper: boolean;
  /** it was sold out and can be bought again */
  back: boolean;
  title: string;
  email: string;
  firstName: string;
};

/** Her product's price now, in kobo. */
const priceNow = sql<number>`(select ${unitPriceSql} from ${products} where ${products.id} = ${wishItems.productId})`;
const soldOutIds = sql`(select ${products.id} from ${products} where ${products.stock} is not null and ${products.stock} <= 0)`;

/** What the pass keeps up to date before it looks for news: prices that went up or came back, drops first seen, products sold out. */
async function notice(tx: Tx, now: Date) {
  // a price that went up (a sale ended) is what she sees; a drop undone (a typo fixed) is forgotten
  await tx
    .update(wishItems)
    .set({ seenPriceKobo: priceNow, dropSeenAt: null })
    .where(and(gte(priceNow, wishItems.seenPriceKobo), or(gt(priceNow, wishItems.seenPriceKobo), isNotNull(wishItems.dropSeenAt))));
  await tx
    .update(wishItems)
    .set({ dropSeenAt: now })
    .where(and(isNull(wishItems.dropSeenAt), lt(priceNow, wishItems.seenPriceKobo)));
  await tx
    .update(wishItems)
    .set({ waitingForStock: true })
    .where(and(not(wishItems.waitingForStock), sql`${wishItems.productId} in ${soldOutIds}`));
}

/**
 * One pass: the news of every list, each product claimed by the update that records it told, with
 * its shopper's mail queued in the same transaction (several servers running it at once tell each
 * once). Returns how many products were told.
 */
export async function mailListNews(db: Db, env: Pick<Env, "PUBLIC_URL" | "PORT">, now = new Date(), batch = LIST_MAIL_BATCH) {
  return db.transaction(async (tx) => {
    // one pass at a time across servers (a pass already under way leaves this one nothing to do):
    // two passes' updates crossing the same rows in different orders could otherwise deadlock
    const held = await tx.execute(sql`select pg_try_advisory_xact_lock(${LIST_MAIL_LOCK}) as ok`);
    if (!(held as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok) return 0;
    await notice(tx, now);
    const settled = and(isNotNull(wishItems.dropSeenAt), lt(wishItems.dropSeenAt, new Date(now.getTime() - PRICE_SETTLE_MS)))!;
    const rows = await tx
      .select({
        userId: wishItems.userId,
        productId: wishItems.productId,
        was: wishItems.seenPriceKobo,
        now: unitPriceSql,
        settled: sql<boolean>`coalesce(${settled}, false)`,
        back: wishItems.waitingForStock,
        title: products.title,
        email: users.email,
        firstName: users.firstName,
      })
      .from(wishItems)
      .innerJoin(products, eq(products.id, wishItems.productId))
      .innerJoin(wishLists, eq(wishLists.userId, wishItems.userId))
      .innerJoin(users, eq(users.id, wishItems.userId))
      .where(
        and(
          eq(wishLists.mails, true),
          or(isNull(products.stock), gt(products.stock, 0)),
          or(settled, eq(wishItems.waitingForStock, true)),
          // a friend has bought it for her: telling her it costs less would spoil the surprise
          not(boughtForHer),
        ),
      )
      .orderBy(asc(wishItems.createdAt))
      .limit(batch)
      .for("update", { of: wishItems, skipLocked: true });
    if (!rows.length) return 0;
    // back in stock at a lower price: told with it, whether or not it has held yet
    const due: News[] = rows.map(({ settled, ...d }) => ({ ...d, cheaper: settled || (d.back && d.now < d.was) }));
    // told: what she sees is the lower price (when it was told), and nothing waits for stock
    const told = sql.join(
      due.map((d) => sql`(${d.userId}::uuid, ${d.productId}::uuid, ${d.cheaper ? d.now : d.was}::integer)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${wishItems} set seen_price_kobo = told.price, drop_seen_at = case when told.price < ${wishItems.seenPriceKobo} then null else ${wishItems.dropSeenAt} end, waiting_for_stock = false from (values ${told}) as told(user_id, product_id, price) where ${wishItems.userId} = told.user_id and ${wishItems.productId} = told.product_id`,
    );
    const shop = await getSettings(tx);
    const byShopper = new Map<string, News[]>();
    for (const d of due) byShopper.set(d.userId, [...(byShopper.get(d.userId) ?? []), d]);
    for (const news of byShopper.values()) await enqueueMail(tx, listMail(shop.shopName, publicOrigin(env), news));
    return due.length;
  });
}

/** "now ₦4,000 (was ₦4,500)", "back in stock at ₦4,500", or both. */
function newsWords(d: News) {
  const price = `${formatNaira(d.now)} (was ${formatNaira(d.was)})`;
  if (d.back) return d.cheaper ? `back in stock, now ${price}` : `back in stock at ${formatNaira(d.now)}`;
  return `now ${price}`;
}

/** One product: "Calm Cards is now ₦4,000 (was ₦4,500)"; more: how many, and what happened to them. */
function subjectOf(news: News[]) {
  const first = news[0]!;
  if (news.length === 1) return `${first.title} is ${newsWords(first)}`;
  const what = news.every((d) => !d.back)
    ? "cost less now"
    : news.every((d) => d.back && !d.cheaper)
      ? "are back in stock"
      : "are back or cost less";
  return `${news.length} things on your wish list ${what}`;
}

function listMail(shopName: string, origin: string, news: News[]) {
  const first = news[0]!;
  return {
    kind: "wish_list_news",
    to: first.email,
    subject: subjectOf(news),
    text: [
      `Hello ${first.firstName},`,
      "",
      `Good news from your wish list at ${shopName}:`,
      "",
      ...news.map((d) => `- ${d.title}: ${newsWords(d)}\n  ${origin}${productPath(d.productId)}`),
      "",
      "Prices can change again, and stock is what is left.",
      "",
      `You get this mail because ${news.length === 1 ? "it is" : "they are"} on your wish list. To stop these mails, open your list and choose "Stop these emails": ${origin}/wishlist`,
      "",
      "With care,",
      shopName,
    ].join("\n"),
  };
}

/** Every minute, on every server (each product is told once whichever claims it); passes never overlap. */
export function startWishListMails(db: Db, env: Pick<Env, "PUBLIC_URL" | "PORT">, logger: Logger, everyMs = 60_000) {
  return repeatJob(everyMs, logger, {
    pass: () => mailListNews(db, env),
    said: (told) => told && { told },
    done: "wish list news mailed",
    failed: "wish list mails failed",
  });
}
