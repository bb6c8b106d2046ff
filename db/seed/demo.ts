import { sql } from "drizzle-orm";
import type { Db } from "../client";
import {
  blogPosts,
  categories,
  communicationCategories,
  communicationPlatforms,
  deliveryRates,
  expenseRepeats,
  expenses,
  productCosts,
  productImages,
  products,
  settings,
} from "../schema";
import { defaultVariant, encodeImageVariants, storeEncodedVariants } from "../../lib/images.server";
import type { Storage } from "../../lib/storage-types";
import { nairaToKobo } from "../../lib/money";
import { lagosNow } from "../../lib/lagos-calendar";
import { cachedVariants, defaultArtCacheDir } from "./art-cache";
import { artworkSvg, renderArtwork } from "./artwork";
import { seedDemoGifts } from "./demo-gifts";
import { seedDemoOrders } from "./demo-orders";
import { seedDemoPartPaid } from "./demo-part-paid";
import { categoryMotif, categoryNames, demoCommunicationPlatforms, demoDeliveryRates, demoPosts, demoProducts } from "./demo-data";

const SEEDED_KEY = "demo_seeded_at";
/** The demo contact phone of the default settings, in the +234 form the settings keep. */
export const DEMO_WHATSAPP = "+2348035550142";
/** The demo studio where shoppers may collect an order: the default settings' address. */
export const DEMO_PICKUP = { address: "12 Admiralty Way, Lekki Phase 1, Lagos", hours: "Monday to Saturday, 10 am to 6 pm" };
/** The demo's second pick-up point, on the Mainland (docs/product.md "Pick-up"). */
export const DEMO_PICKUP_2 = { address: "5 Isaac John Street, Ikeja GRA, Lagos", hours: "Monday to Friday, 9 am to 5 pm" };
const DAY = 86_400_000;

/** True when the demo data was loaded once already or the shop has its own data. */
export async function alreadySeeded(db: Db): Promise<boolean> {
  const [marker] = await db
    .select()
    .from(settings)
    .where(sql`${settings.key} = ${SEEDED_KEY}`);
  if (marker) return true;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(categories);
  return (row?.n ?? 0) > 0;
}

type SeedOptions = {
  now?: Date;
  /** where drawn pictures are kept between seeds (db/seed/art-cache.ts); null draws every one */
  artCache?: string | null;
};

/**
 * Loads the demo shop into an empty database: categories, products, posts,
 * delivery rates and communication platforms, with locally drawn images.
 * Runs once: a marker row keeps a restart from seeding again.
 */
export async function seedDemo(db: Db, storage: Storage, options: SeedOptions = {}): Promise<boolean> {
  if (await alreadySeeded(db)) return false;
  const now = options.now ?? new Date();
  const cache = options.artCache === undefined ? await defaultArtCacheDir() : options.artCache;

  const art = async (folder: string, motif: Parameters<typeof renderArtwork>[0], palette: number, seed: number) => {
    const drawn = () => renderArtwork(motif, palette, seed).then(encodeImageVariants);
    return storeEncodedVariants(storage, folder, await cachedVariants(cache, artworkSvg(motif, palette, seed), drawn));
  };
  // two at a time: the drawing is CPU-bound and machines here have two cores
  const categoryImages = await mapLimit(categoryNames, 2, (name, i) => art("categories", categoryMotif[name], i, 100 + i));
  const productImagesList = await mapLimit(demoProducts, 2, (p, i) => art("products", p.motif, p.palette, i));
  const postImages = await mapLimit(demoPosts, 2, (p, i) => art("posts", p.motif, p.palette, 500 + i));
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  await db.transaction(async (tx) => {
    const insertedCategories = await tx
      .insert(categories)
      .values(
        categoryNames.map((name, i) => ({
          name,
          imageUrl: defaultVariant(categoryImages[i]!)?.url ?? null,
          imageVariants: categoryImages[i]!,
          createdAt: ago(200 - i),
        })),
      )
      .returning({ id: categories.id, name: categories.name });
    const categoryId = new Map(insertedCategories.map((c) => [c.name, c.id]));

    const insertedProducts = await tx
      .insert(products)
      .values(
        demoProducts.map((p, i) => ({
          title: p.title,
          description: p.description,
          priceKobo: nairaToKobo(p.priceNaira),
          discountKobo: nairaToKobo(p.discountNaira),
          size: p.size,
          color: p.color,
          categoryId: categoryId.get(p.category)!,
          stock: p.stock,
          imageUrl: defaultVariant(productImagesList[i]!)?.url ?? null,
          createdAt: ago(p.ageDays),
          updatedAt: ago(p.ageDays),
        })),
      )
      .returning({
        id: products.id,
        title: products.title,
        description: products.description,
        priceKobo: products.priceKobo,
        discountKobo: products.discountKobo,
        imageUrl: products.imageUrl,
        size: products.size,
        color: products.color,
      });
    await tx
      .insert(productImages)
      .values(insertedProducts.flatMap((p, i) => productImagesList[i]!.map((img) => ({ productId: p.id, ...img }))));
    // what the demo's products cost the shop, about 45 % of their price, so Reports shows a profit;
    // the last has none, as a product the owner has not costed yet (docs/product.md "Cost prices and profit")
    await tx
      .insert(productCosts)
      .values(
        insertedProducts.slice(0, -1).map((p) => ({ productId: p.id, costKobo: Math.round((p.priceKobo * 0.45) / 10_000) * 10_000 })),
      );
    await seedDemoOrders(tx, insertedProducts, now);
    await seedDemoGifts(tx, insertedProducts, now);
    await seedDemoPartPaid(tx, insertedProducts, now);
    // a few of this month's running costs, so the dashboard shows what is left after them, the
    // rent among them written down every month on the 1st (docs/product.md "Expenses")
    const today = lagosNow(now).date;
    const first = `${today.slice(0, 8)}01`;
    const rent = { amountKobo: nairaToKobo(120_000), kind: "rent" as const, note: "Studio, Lekki" };
    const [repeat] = await tx
      .insert(expenseRepeats)
      .values({ ...rent, dayOfMonth: 1, lastMonth: today.slice(0, 7) })
      .returning({ id: expenseRepeats.id });
    await tx.insert(expenses).values([
      { ...rent, spentOn: first, repeatId: repeat!.id, repeatMonth: today.slice(0, 7) },
      { spentOn: first, amountKobo: nairaToKobo(6_500), kind: "delivery", note: "Riders, first week" },
      { spentOn: today, amountKobo: nairaToKobo(12_000), kind: "packaging", note: "Gift boxes and tissue paper" },
      { spentOn: today, amountKobo: nairaToKobo(4_000), kind: "data", note: "Data for the shop phone" },
    ]);

    await tx.insert(blogPosts).values(
      demoPosts.map((p, i) => ({
        title: p.title,
        heading: p.heading,
        text: p.paragraphs.join("\n\n"),
        imageUrl: defaultVariant(postImages[i]!)?.url ?? null,
        imageVariants: postImages[i]!,
        createdAt: ago(p.ageDays),
        updatedAt: ago(p.ageDays),
      })),
    );

    await tx
      .insert(deliveryRates)
      .values(demoDeliveryRates.map((r) => ({ lga: r.lga, chargeKobo: nairaToKobo(r.chargeNaira) })))
      .onConflictDoNothing();

    for (const platform of demoCommunicationPlatforms) {
      const [row] = await tx.insert(communicationPlatforms).values({ name: platform.name }).returning();
      if (platform.categories?.length)
        await tx.insert(communicationCategories).values(platform.categories.map((name) => ({ platformId: row!.id, name })));
    }

    // the demo shop answers on WhatsApp (docs/product.md "WhatsApp and social links"); its social
    // pages stay unset: a demo must not link to somebody else's account
    await tx.insert(settings).values({ key: "whatsappNumber", value: DEMO_WHATSAPP }).onConflictDoNothing();
    // shoppers may collect an order at the studio, or at the Mainland point (docs/product.md "Pick-up")
    await tx
      .insert(settings)
      .values([
        { key: "pickupAddress", value: DEMO_PICKUP.address },
        { key: "pickupHours", value: DEMO_PICKUP.hours },
        { key: "pickupAddress2", value: DEMO_PICKUP_2.address },
        { key: "pickupHours2", value: DEMO_PICKUP_2.hours },
      ])
      .onConflictDoNothing();
    await tx.insert(settings).values({ key: SEEDED_KEY, value: now.toISOString() });
  });
  return true;
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
