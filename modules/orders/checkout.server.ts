import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchaseEvents, purchaseItems, purchases, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { formatNaira } from "../../lib/money";
import { cartLines, lineLimitError } from "../cart/service.server";
import { codeColumns, codeForCheckout, customerOf } from "../discounts/codes.server";
import { holdRedemption } from "../discounts/redemptions.server";
import type { PaymentProvider } from "../payments/types";
import { cancelPendingIn, cancelPurchases, shopperCancelNotes } from "./cancellation.server";
import { PAYMENT_WINDOW_MS } from "./expiry.server";
import { MAX_ORDER_KOBO, priceOrder, pricingLga } from "../pricing/price-order";
import { loadPricing } from "../pricing/load-pricing.server";
import type { CheckoutInput } from "./schemas";
import { lockProducts, productsOf, reserveStock } from "../stock/reservation.server";
import type { PurchaseView } from "./types";
import { toPurchaseView } from "./views.server";

export type StartedPurchase = { purchase: PurchaseView; reference: string; authorizationUrl: string; accessCode?: string };

const newReference = () => `ALF-${crypto.randomBytes(10).toString("hex")}`;

/**
 * A pending purchase from the server cart, priced by the server, stock reserved.
 * A shopper has one pending checkout at most: a new one cancels the one before
 * and gives its stock back, in the same transaction. The shopper's row is locked
 * first, so her checkouts run one after another however many arrive at once.
 */
async function placePurchase(db: Db, userId: string, input: CheckoutInput, provider: PaymentProvider["name"], now = new Date()) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("no key update");
    if (!user) throw new AppError("unauthorized", "Please log in to continue.");
    const lines = await cartLines(tx, userId);
    if (!lines.length) throw new AppError("invalid", "Your cart is empty.");
    const pricing = await loadPricing(tx, pricingLga(input.lga, user.lga));
    const lga = pricing.area.lga;
    const over = lines.find((l) => l.quantity > pricing.maxLineQuantity);
    if (over) throw lineLimitError(over.title, pricing.maxLineQuantity);
    // a discount code (docs/product.md "Discount codes"): checked and priced here, its use held below
    const code = input.code ? await codeForCheckout(tx, input.code, now) : null;
    const priced = priceOrder({
      lines,
      rules: pricing.rules,
      deliveryMethod: input.deliveryMethod,
      lga,
      rates: pricing.rates,
      discount: code?.rule,
    });
    const applied = codeColumns(priced);
    if (priced.totalKobo > MAX_ORDER_KOBO)
      throw new AppError(
        "invalid",
        `Orders above ${formatNaira(MAX_ORDER_KOBO)} can't be paid online. Please lower the quantities or contact us.`,
      );
    const earlier = (
      await tx
        .select({ id: purchases.id })
        .from(purchases)
        .where(and(eq(purchases.userId, userId), eq(purchases.status, "pending")))
        .for("update")
    ).map((e) => e.id);
    await lockProducts(tx, [...lines.map((l) => l.productId), ...(await productsOf(tx, earlier))]);
    await cancelPendingIn(tx, earlier, shopperCancelNotes.replaced, now);
    await reserveStock(tx, lines);
    const [purchase] = await tx
      .insert(purchases)
      .values({
        userId,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        phone: input.phone,
        street: input.street,
        city: input.city,
        state: input.state,
        address: `${input.street}, ${input.city}, ${input.state}`,
        lga,
        deliveryMethod: input.deliveryMethod,
        subtotalKobo: priced.subtotalKobo,
        savedKobo: priced.savedKobo,
        vatKobo: priced.vatKobo,
        deliveryKobo: priced.deliveryKobo,
        totalKobo: priced.totalKobo,
        ...applied,
        currency: "NGN",
        status: "pending",
        paymentProvider: provider,
        reference: newReference(),
        expiresAt: new Date(now.getTime() + PAYMENT_WINDOW_MS),
      })
      .returning();
    const items = await tx
      .insert(purchaseItems)
      .values(
        lines.map((l, i) => ({
          purchaseId: purchase!.id,
          productId: l.productId,
          cartId: l.id,
          title: l.title,
          description: l.description,
          imageUrl: l.imageUrl,
          priceKobo: l.priceKobo,
          discountKobo: l.discountKobo,
          color: l.color,
          size: l.size,
          quantity: l.quantity,
          totalPriceKobo: priced.lines[i]!.totalKobo,
        })),
      )
      .returning();
    await tx
      .insert(purchaseEvents)
      .values({ purchaseId: purchase!.id, status: "pending", note: "order placed, waiting for payment", actorId: userId });
    if (code)
      await holdRedemption(tx, code, {
        purchaseId: purchase!.id,
        customer: customerOf(user.email, input.phone),
        discountKobo: priced.codeKobo,
        now,
      });
    return { row: purchase!, view: toPurchaseView(purchase!, items) };
  });
}

/** Places the purchase, then starts the payment; if the payment cannot start, the reservation is undone. */
export async function startPurchase(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  input: CheckoutInput,
  callbackUrlFor: (reference: string) => string,
): Promise<StartedPurchase> {
  const { row, view: purchase } = await placePurchase(db, userId, input, provider.name);
  try {
    const started = await provider.initialize({
      reference: row.reference,
      amountKobo: row.totalKobo,
      email: row.email,
      callbackUrl: callbackUrlFor(row.reference),
    });
    return {
      purchase,
      reference: purchase.reference,
      authorizationUrl: started.authorizationUrl,
      ...(started.accessCode ? { accessCode: started.accessCode } : {}),
    };
  } catch (e) {
    await cancelPurchases(db, [row.id], shopperCancelNotes.notStarted);
    throw e;
  }
}
