import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products, users, wishItems, wishLists } from "../../db/schema";
import type { Env } from "../../lib/env.server";
import type { Logger } from "../../lib/logger.server";
import { formatNaira } from "../../lib/money";
import { publicOrigin } from "../../lib/public-origin";
import { repeatEvery } from "../../lib/repeat";
import { enqueueMail } from "../mail/outbox.server";
import { productPath } from "../marketing/whatsapp";
import { unitPriceSql } from "../pricing/unit-price-sql.server";
import { getSettings } from "../settings/service.server";

// docs/product.md "Wish lists" ("When it costs less"): a product on her list that now sells for less
// than the price she saw (when she saved it, or last told) is told to her by mail, once, with the
// others of her list that dropped in the same pass, in one mail. A price must have held
// PRICE_SETTLE_MS (a mistyped sale fixed at once tells no one), and the product must be buyable (a
// sold-out one is told once it is back). A price that goes up again is what she saw from then on,
// so the next sale is told too.

/** How long a product is left unchanged before its lower price is told. */
export const PRICE_SETTLE_MS = 10 * 60_000;
/** Products told in one pass at most; the rest follow in the next. */
export const PRICE_DROP_BATCH = 500;

type Drop = { userId: string; productId: string; was: number; now: number; title: string; email: string; firstName: string };

const priceNow = sql<number>`(select ${unitPriceSql} from ${products} where ${products.id} = ${wishItems.productId})`;

/**
 * One pass: the dropped prices, each claimed by the update that makes it what she saw, with its
 * mail queued in the same transaction (several servers running it at once tell each once). Returns
 * how many products were told.
 */
export async function tellPriceDrops(db: Db, env: Pick<Env, "PUBLIC_URL" | "PORT">, now = new Date(), batch = PRICE_DROP_BATCH) {
  return db.transaction(async (tx) => {
    // a price that went up is what she sees from now on
    await tx.update(wishItems).set({ seenPriceKobo: priceNow }).where(gt(priceNow, wishItems.seenPriceKobo));
    const due: Drop[] = await tx
      .select({
        userId: wishItems.userId,
        productId: wishItems.productId,
        was: wishItems.seenPriceKobo,
        now: unitPriceSql,
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
          eq(wishLists.priceMails, true),
          lt(unitPriceSql, wishItems.seenPriceKobo),
          or(isNull(products.stock), gt(products.stock, 0)),
          lt(products.updatedAt, new Date(now.getTime() - PRICE_SETTLE_MS)),
        ),
      )
      .orderBy(asc(wishItems.createdAt))
      .limit(batch)
      .for("update", { of: wishItems, skipLocked: true });
    if (!due.length) return 0;
    const told = sql.join(
      due.map((d) => sql`(${d.userId}::uuid, ${d.productId}::uuid, ${d.now}::integer)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${wishItems} set seen_price_kobo = told.price from (values ${told}) as told(user_id, product_id, price) where ${wishItems.userId} = told.user_id and ${wishItems.productId} = told.product_id`,
    );
    const shop = await getSettings(tx);
    const byShopper = new Map<string, Drop[]>();
    for (const d of due) byShopper.set(d.userId, [...(byShopper.get(d.userId) ?? []), d]);
    for (const drops of byShopper.values()) await enqueueMail(tx, priceDropMail(shop.shopName, publicOrigin(env), drops));
    return due.length;
  });
}

/** "Calm Cards is now ₦4,000 (was ₦4,500)", or "3 things on your wish list cost less now": each with its price and link. */
function priceDropMail(shopName: string, origin: string, drops: Drop[]) {
  const first = drops[0]!;
  const lines = drops.map(
    (d) => `- ${d.title}: now ${formatNaira(d.now)} (was ${formatNaira(d.was)})\n  ${origin}${productPath(d.productId)}`,
  );
  return {
    kind: "wish_price_drop",
    to: first.email,
    subject:
      drops.length === 1
        ? `${first.title} is now ${formatNaira(first.now)} (was ${formatNaira(first.was)})`
        : `${drops.length} things on your wish list cost less now`,
    text: [
      `Hello ${first.firstName},`,
      "",
      `Good news from your wish list at ${shopName}:`,
      "",
      ...lines,
      "",
      "Prices can change again, and stock is what is left.",
      "",
      `You get this mail because ${drops.length === 1 ? "it is" : "they are"} on your wish list. To stop these mails, open your list and choose "Stop these emails": ${origin}/wishlist`,
      "",
      "With care,",
      shopName,
    ].join("\n"),
  };
}

/** Every minute, on every server (each drop is told once whichever claims it); passes never overlap. */
export function startPriceDropAlerts(db: Db, env: Pick<Env, "PUBLIC_URL" | "PORT">, logger: Logger, everyMs = 60_000) {
  return repeatEvery(everyMs, async () => {
    try {
      const told = await tellPriceDrops(db, env);
      if (told) logger.info({ told }, "wish list price drops told");
    } catch (err) {
      logger.error({ err }, "wish list price drops failed");
    }
  });
}
