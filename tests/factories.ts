// Test data builders for every entity: `create*` inserts a row with believable
// defaults; pass overrides for what the test is about.
import crypto from "node:crypto";
import { faker } from "@faker-js/faker";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import * as t from "../db/schema";
import { hashPassword } from "../lib/password.server";

const one = <T>(rows: T[]): T => rows[0]!;
let hashed: Promise<string> | undefined;
export const DEFAULT_PASSWORD = "Passw0rd!safe";

export async function createUser(db: Db, overrides: Partial<typeof t.users.$inferInsert> & { password?: string } = {}) {
  const { password, ...rest } = overrides;
  hashed ??= hashPassword(DEFAULT_PASSWORD);
  const passwordHash = password ? await hashPassword(password) : await hashed;
  return one(
    await db
      .insert(t.users)
      .values({
        firstName: faker.person.firstName("female"),
        lastName: faker.person.lastName(),
        email: faker.internet.email().toLowerCase(),
        phone: faker.helpers.replaceSymbols("080########"),
        address: faker.location.streetAddress(),
        lga: "Ikeja",
        passwordHash,
        ...rest,
      })
      .returning(),
  );
}

export const createAdminUser = (db: Db, overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(db, { role: "admin", ...overrides });

/** A member of the team who is not an owner (modules/accounts/roles.ts). */
export const createStaffUser = (db: Db, overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(db, { role: "staff", ...overrides });

export async function createCategory(db: Db, overrides: Partial<typeof t.categories.$inferInsert> = {}) {
  return one(
    await db
      .insert(t.categories)
      .values({ name: `${faker.commerce.department()} ${crypto.randomUUID().slice(0, 6)}`, ...overrides })
      .returning(),
  );
}

/** A stock-tracked product with 10 left, unless overridden (`stock: null`: not tracked, always buyable). */
export async function createProduct(db: Db, overrides: Partial<typeof t.products.$inferInsert> = {}) {
  const categoryId = overrides.categoryId ?? (await createCategory(db)).id;
  return one(
    await db
      .insert(t.products)
      .values({
        title: faker.commerce.productName(),
        description: faker.commerce.productDescription(),
        priceKobo: faker.number.int({ min: 20, max: 600 }) * 10_000,
        discountKobo: 0,
        size: "M",
        color: "Blush Pink",
        stock: 10,
        ...overrides,
        categoryId,
      })
      .returning(),
  );
}

export async function createProductImage(db: Db, productId: string, overrides: Partial<typeof t.productImages.$inferInsert> = {}) {
  return one(
    await db
      .insert(t.productImages)
      .values({ productId, url: `/uploads/products/${crypto.randomUUID()}-640.webp`, width: 640, height: 640, ...overrides })
      .returning(),
  );
}

export async function createDeliveryRate(db: Db, overrides: Partial<typeof t.deliveryRates.$inferInsert> = {}) {
  return one(
    await db
      .insert(t.deliveryRates)
      .values({ lga: `${faker.location.city()} ${crypto.randomUUID().slice(0, 4)}`, chargeKobo: 250_000, ...overrides })
      .returning(),
  );
}

/** A delivery area of its own (₦2,000) that requires a delivery date with a day's notice, unless told otherwise. */
export const createDatedArea = (db: Db, overrides: Partial<typeof t.deliveryRates.$inferInsert> = {}) =>
  createDeliveryRate(db, {
    lga: `Area ${crypto.randomUUID().slice(0, 6)}`,
    chargeKobo: 200_000,
    dateMode: "required",
    leadDays: 1,
    ...overrides,
  });

export async function createCartItem(db: Db, userId: string, productId: string, quantity = 1) {
  return one(await db.insert(t.cartItems).values({ userId, productId, quantity }).returning());
}

export async function createBlogPost(db: Db, overrides: Partial<typeof t.blogPosts.$inferInsert> = {}) {
  return one(
    await db
      .insert(t.blogPosts)
      .values({ title: faker.lorem.sentence(4), heading: faker.lorem.sentence(8), text: faker.lorem.paragraphs(3, "\n\n"), ...overrides })
      .returning(),
  );
}

export async function createReview(db: Db, userId: string, productId: string, overrides: Partial<typeof t.reviews.$inferInsert> = {}) {
  return one(
    await db
      .insert(t.reviews)
      .values({ userId, productId, rating: 5, comment: faker.lorem.sentence(), ...overrides })
      .returning(),
  );
}

const PAID_STATUSES = ["completed", "processing", "shipped", "delivered"];

/** A purchase with its item snapshots; totals follow the lines unless overridden. A paid one was paid when it was placed, unless `paidAt` says otherwise. */
export async function createPurchase(
  db: Db,
  user: typeof t.users.$inferSelect,
  lines: { product: typeof t.products.$inferSelect; quantity: number }[],
  overrides: Partial<typeof t.purchases.$inferInsert> = {},
) {
  const subtotal = lines.reduce((sum, l) => sum + (l.product.discountKobo || l.product.priceKobo) * l.quantity, 0);
  const vat = Math.round(subtotal * 0.075);
  const delivery = 200_000;
  const purchase = one(
    await db
      .insert(t.purchases)
      .values({
        userId: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        phone: user.phone ?? "08000000000",
        street: "1 Allen Avenue",
        city: "Ikeja",
        state: "Lagos",
        address: "1 Allen Avenue, Ikeja, Lagos",
        lga: user.lga,
        subtotalKobo: subtotal,
        savedKobo: lines.reduce(
          (s, l) => s + (l.product.discountKobo ? (l.product.priceKobo - l.product.discountKobo) * l.quantity : 0),
          0,
        ),
        vatKobo: vat,
        deliveryKobo: delivery,
        totalKobo: subtotal + vat + delivery,
        paymentProvider: "sandbox",
        reference: `ALF-${crypto.randomUUID()}`,
        status: "completed",
        paidAt: PAID_STATUSES.includes(overrides.status ?? "completed") ? (overrides.createdAt ?? new Date()) : null,
        ...overrides,
      })
      .returning(),
  );
  if (lines.length)
    await db.insert(t.purchaseItems).values(
      lines.map((l) => ({
        purchaseId: purchase.id,
        productId: l.product.id,
        title: l.product.title,
        description: l.product.description,
        imageUrl: l.product.imageUrl,
        priceKobo: l.product.priceKobo,
        discountKobo: l.product.discountKobo,
        color: l.product.color,
        size: l.product.size,
        quantity: l.quantity,
        totalPriceKobo: (l.product.discountKobo || l.product.priceKobo) * l.quantity,
        // bought as a pre-order when the product is one
        shipsFrom: l.product.shipsFrom,
      })),
    );
  return purchase;
}

export async function createNewsletterSubscriber(db: Db, overrides: Partial<typeof t.newsletterSubscribers.$inferInsert> = {}) {
  return one(
    await db
      .insert(t.newsletterSubscribers)
      .values({ email: faker.internet.email().toLowerCase(), source: "footer", ...overrides })
      .returning(),
  );
}

export async function createContactMessage(db: Db, overrides: Partial<typeof t.contactMessages.$inferInsert> = {}) {
  return one(
    await db
      .insert(t.contactMessages)
      .values({
        name: faker.person.fullName(),
        email: faker.internet.email().toLowerCase(),
        message: faker.lorem.sentences(2),
        ...overrides,
      })
      .returning(),
  );
}

export async function createCommunicationPlatform(db: Db, name = `Platform ${crypto.randomUUID().slice(0, 6)}`, categories: string[] = []) {
  const platform = one(await db.insert(t.communicationPlatforms).values({ name }).returning());
  if (categories.length) await db.insert(t.communicationCategories).values(categories.map((c) => ({ platformId: platform.id, name: c })));
  return platform;
}

export async function createMail(db: Db, overrides: Partial<typeof t.mailOutbox.$inferInsert> = {}) {
  return one(
    await db
      .insert(t.mailOutbox)
      .values({ to: faker.internet.email(), subject: "Hello", text: "Hello", kind: "test", ...overrides })
      .returning(),
  );
}

/** A checkout form for Ikeja with standard delivery, as POST /api/purchases/create takes it. */
export const checkoutAddress = {
  street: "12 Allen Avenue",
  city: "Ikeja",
  state: "Lagos",
  phone: "08031234567",
  lga: "Ikeja",
  deliveryMethod: "standard",
} as const;

/** A product's stock as stored now (null: not tracked). */
export async function stockOf(db: Db, productId: string): Promise<number | null> {
  const [row] = await db.select({ stock: t.products.stock }).from(t.products).where(eq(t.products.id, productId));
  return row!.stock;
}

/** A discount code (docs/product.md "Discount codes"), ₦1,000 off unless overridden; money in kobo as stored. */
export async function createDiscountCode(db: Db, overrides: Partial<typeof t.discountCodes.$inferInsert> = {}) {
  return one(
    await db
      .insert(t.discountCodes)
      .values({ code: `CODE${crypto.randomUUID().slice(0, 6).toUpperCase()}`, kind: "fixed", amountKobo: 100_000, ...overrides })
      .returning(),
  );
}
