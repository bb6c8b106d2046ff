import crypto from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { cartItems, paymentAttempts, purchaseEvents, purchaseItems, purchases, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { formatNaira } from "../../lib/money";
import { publicOrigin } from "../../lib/public-origin";
import { lineLimitError } from "../cart/service.server";
import { codeColumns, codeForCheckout, customerOf } from "../discounts/codes.server";
import { holdRedemption } from "../discounts/redemptions.server";
import { getSettings } from "../settings/service.server";
import { MOST_UNITS_IN_A_LINE, type Settings } from "../settings/schemas";
import { cancelPendingIn, shopperCancelNotes } from "./cancellation.server";
import { PAYMENT_WINDOW_MS } from "./expiry.server";
import { placedMails, type MailLinks } from "./mails.server";
import { linesToBuy, type OrderLine } from "./order-lines.server";
import { hasPaidOrder } from "./paid-orders.server";
import { paymentChoiceProblem } from "./payment-choices";
import { MAX_ORDER_KOBO, priceOrder, pricingLga } from "../pricing/price-order";
import { loadOrderPricing } from "../pricing/load-pricing.server";
import { keepLineCosts } from "../pricing/costs.server";
import { agreedDiscountKobo, agreedPricesNote, listedKobo } from "../pricing/agreed-price";
import type { CheckoutInput, CheckoutPaymentMethod } from "./schemas";
import { readGift, type GiftDetails } from "./gift-schemas";
import { giftOccasion, giftReminderDays } from "./gift-rules";
import { payOnCollection, pickupAddress, pickupFor } from "./pickup";
import { lockProducts, productsOf, reserveStock } from "../stock/reservation.server";
import { alertLowStock } from "../stock/low-stock.server";
import { orderShipsFrom, preorderDay } from "../stock/preorder";
import { lagosNow } from "../../lib/lagos-calendar";
import { holdDeliverySlot, resolveDeliverySlot } from "../delivery/schedule.server";
import { listBoughtFrom } from "../wish-lists/bought.server";
import { listDelivery } from "../wish-lists/list-address.server";

/**
 * Who is buying. A signed-in shopper buys her server cart as her account; a guest gives her name
 * and email and the lines her browser kept (docs/product.md "Guest checkout"). `replaces` is the
 * guest's own earlier unpaid online checkout, from this browser, given back when she starts again.
 */
export type Buyer =
  | { kind: "user"; userId: string }
  | {
      kind: "guest";
      name: string;
      email: string;
      lines: { productId: string; quantity: number }[];
      saveDetails: boolean;
      replaces?: string | null;
    }
  | ShopBuyer;

/**
 * An order the shop records itself from a conversation or a visit (manual-orders.server.ts,
 * docs/product.md "Manual orders"): the customer as the owner found or typed her (an account, or
 * none), the lines she chose, where the sale was made, who recorded it and, if she set one, her own
 * delivery fee. It goes through the same pricing, stock and creation as a web order.
 */
export type ShopBuyer = {
  kind: "shop";
  userId: string | null;
  name: string;
  email: string;
  /** `agreedKobo`: a price each agreed with her in the chat, replacing the line's sale price */
  lines: { productId: string; quantity: number; agreedKobo?: number }[];
  source: Exclude<(typeof purchases.$inferInsert)["source"], "web" | undefined>;
  actorId: string;
  /** recorded by staff: an agreed price stays within the owner's cut (settings' staffPriceCutPercent) */
  staff: boolean;
  deliveryFeeKobo: number | null;
};

/** How an order is to be paid: a shopper's choice at checkout, or 'manual' (the shop records the money). */
export type OrderPaymentMethod = CheckoutPaymentMethod | "manual";
export type OrderInput = Omit<CheckoutInput, "paymentMethod"> & { paymentMethod: OrderPaymentMethod };

export type PlacedOrder = { row: typeof purchases.$inferSelect; items: (typeof purchaseItems.$inferSelect)[] };

export const newReference = () => `ALF-${crypto.randomBytes(10).toString("hex")}`;

/** First word, then the rest: "Ada Obi-Nwosu" → Ada, Obi-Nwosu. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

/** How long each way of paying holds the stock before the order expires (null: until the shop settles it). */
function expiryFor(method: OrderPaymentMethod, s: Pick<Settings, "transferHours" | "payLinkHours">, now: Date): Date | null {
  if (method === "pod") return null;
  const ms =
    method === "online" || method === "manual" ? PAYMENT_WINDOW_MS : (method === "pay_link" ? s.payLinkHours : s.transferHours) * 3_600_000;
  return new Date(now.getTime() + ms);
}

const placedNotes: Record<OrderPaymentMethod, string> = {
  online: "order placed, waiting for payment",
  manual: "order recorded by the shop",
  pay_link: "order placed, waiting for someone to pay through the shared link",
  transfer: "order placed, waiting for the bank transfer",
  pod: "order placed, to be paid on delivery",
};

/**
 * The earlier checkouts a new one replaces: one unpaid online checkout per shopper (a new one
 * gives the old one's stock back). Orders waiting for a transfer, a shared link or delivery are
 * promises to pay and stay.
 */
async function replacedCheckouts(tx: Tx, buyer: Buyer): Promise<string[]> {
  const mine =
    buyer.kind === "user"
      ? eq(purchases.userId, buyer.userId)
      : buyer.kind === "guest" && buyer.replaces
        ? and(eq(purchases.id, buyer.replaces), isNull(purchases.userId))
        : undefined;
  if (!mine) return [];
  const rows = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(mine, eq(purchases.status, "pending"), eq(purchases.paymentMethod, "online")))
    .for("update");
  return rows.map((r) => r.id);
}

/** The team's order with a price agreed in the chat on a line: that price is the line's sale price (docs/product.md "Manual orders"). */
function withAgreedPrices(
  lines: OrderLine[],
  buyer: Buyer,
  settings: Settings,
): (OrderLine & { agreed?: { agreedKobo: number; listedKobo: number } })[] {
  if (buyer.kind !== "shop") return lines;
  const agreed = new Map(buyer.lines.map((l) => [l.productId, l.agreedKobo]));
  const staffCut = buyer.staff ? settings.staffPriceCutPercent : null;
  return lines.map((l) => {
    const agreedKobo = agreed.get(l.productId);
    const discountKobo = agreedDiscountKobo(l, agreedKobo, staffCut);
    // the listed price itself, agreed, is no agreement
    if (agreedKobo === undefined || discountKobo === l.discountKobo) return l;
    return { ...l, discountKobo, agreed: { agreedKobo, listedKobo: listedKobo(l) } };
  });
}

/** The buyer as the order records her: the account's name and email, or what the guest typed. */
async function contactOf(tx: Tx, buyer: Buyer) {
  if (buyer.kind === "guest") return { userId: null, ...splitName(buyer.name), email: buyer.email, profileLga: null };
  if (buyer.kind === "shop") return { userId: buyer.userId, ...splitName(buyer.name), email: buyer.email, profileLga: null };
  // her row is locked first, so her checkouts run one after another however many arrive at once
  const [user] = await tx.select().from(users).where(eq(users.id, buyer.userId)).for("no key update");
  if (!user) throw new AppError("unauthorized", "Please log in to continue.");
  return { userId: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, profileLga: user.lga };
}

/** The gift the checkout describes, or null; a gift with a problem is a 400 naming its fields (docs/product.md "Gift orders"). */
function giftOf(input: OrderInput): GiftDetails | null {
  const { gift, problems } = readGift(input);
  const first = Object.values(problems)[0];
  if (first) throw new AppError("invalid", first, { fields: problems });
  return gift;
}

/**
 * "Send it to her" (docs/product.md "Wish lists"): a gift to the address kept on a friend's list
 * is hers, read here in the order's transaction: the recipient, her number, street, city and area
 * are the list's, whatever was posted, and the order keeps them from the buyer's views.
 */
async function addressedInput(tx: Tx, asked: OrderInput, buyerId: string | null): Promise<{ input: OrderInput; addressPrivate: boolean }> {
  if (!asked.deliverToList) return { input: asked, addressPrivate: false };
  const to = await listDelivery(tx, asked.deliverToList, buyerId);
  if (!to)
    throw new AppError("invalid", "That wish list has no address to send to any more. Choose “Type another address” to enter one.", {
      fields: { deliverToList: "That wish list has no address to send to any more" },
    });
  return { input: { ...asked, isGift: true, ...to }, addressPrivate: true };
}

/**
 * A pending order priced by the server with the one pricing function, its stock reserved, in one
 * transaction (docs/decisions/0005-checkout-money-path.md). The same for a signed-in shopper and a
 * guest, and for every way of paying: only how long the stock is held differs.
 */
export async function placeOrder(
  db: Db,
  buyer: Buyer,
  asked: OrderInput,
  { provider, links, now = new Date() }: { provider: "sandbox" | "paystack"; links: MailLinks; now?: Date },
): Promise<PlacedOrder> {
  return db.transaction(async (tx) => {
    const contact = await contactOf(tx, buyer);
    const { input, addressPrivate } = await addressedInput(tx, asked, contact.userId);
    // a gift goes to the recipient's address and is priced by her area, never the buyer's profile area
    const gift = giftOf(input);
    const wanted = await linesToBuy(tx, buyer.kind === "user" ? { userId: buyer.userId } : { lines: buyer.lines });
    if (!wanted.length) throw new AppError("invalid", "Your cart is empty.");
    const [pricing, settings] = await Promise.all([
      loadOrderPricing(tx, input.deliveryMethod, pricingLga(input.lga, gift ? null : contact.profileLga)),
      getSettings(tx),
    ]);
    const lines = withAgreedPrices(wanted, buyer, settings);
    // collected at the shop (docs/product.md "Pick-up"): no area, no street, no date; its address is the shop's
    const pickup =
      input.deliveryMethod === "pickup"
        ? pickupFor(settings, { isGift: !!gift, deliveryDate: input.deliveryDate, pickupPoint: input.pickupPoint })
        : null;
    if (pickup?.problems) throw new AppError("invalid", Object.values(pickup.problems)[0]!, { fields: pickup.problems });
    const lga = pricing.area?.lga ?? null;
    // the quantity limit keeps one shopper from holding a shelf unpaid; the team's own order (a
    // company's 40 gift boxes) is bounded by the stock alone (docs/product.md "Manual orders")
    const limit = buyer.kind === "shop" ? MOST_UNITS_IN_A_LINE : pricing.maxLineQuantity;
    const over = lines.find((l) => l.quantity > limit);
    if (over) throw lineLimitError(over.title, limit);
    // a discount code (docs/product.md "Discount codes"): checked and priced here, its use held below
    const code = input.code ? await codeForCheckout(tx, input.code, now) : null;
    // a pre-order's line keeps the day it ships from; the order goes out whole, from the latest (docs/product.md "Pre-orders")
    const today = lagosNow(now).date;
    const shipsFrom = (l: OrderLine) => preorderDay(l.shipsFrom, today);
    const orderShips = orderShipsFrom(lines.map((l) => ({ shipsFrom: shipsFrom(l) })));
    // the delivery date asked for, checked in Lagos time against `now` (docs/product.md "Delivery on a chosen date")
    const slot = lga ? await resolveDeliverySlot(tx, lga, input, now, orderShips) : null;
    const priced = priceOrder({
      lines,
      rules: pricing.rules,
      deliveryMethod: input.deliveryMethod,
      lga,
      rates: pricing.rates,
      discount: code?.rule,
      deliveryFeeKobo: buyer.kind === "shop" ? buyer.deliveryFeeKobo : null,
      deliverySlot: slot,
    });
    const applied = codeColumns(priced);
    if (priced.totalKobo > MAX_ORDER_KOBO)
      throw new AppError(
        "invalid",
        `Orders above ${formatNaira(MAX_ORDER_KOBO)} can't be paid online. Please lower the quantities or contact us.`,
      );
    const method = input.paymentMethod;
    // the shopper's choices are the owner's rules for her; an order the owner records is her own choice
    const returning = method === "pod" && settings.podReturningOnly ? await hasPaidOrder(tx, { ...contact, phone: input.phone }) : null;
    const refused =
      buyer.kind === "shop" || method === "manual"
        ? null
        : paymentChoiceProblem(settings, method, { lga, totalKobo: priced.totalKobo, returning, provider, gift: !!gift });
    if (refused) throw new AppError("invalid", refused, { fields: { paymentMethod: refused } });

    const earlier = await replacedCheckouts(tx, buyer);
    await lockProducts(tx, [...lines.map((l) => l.productId), ...(await productsOf(tx, earlier))]);
    await cancelPendingIn(tx, earlier, shopperCancelNotes.replaced, now);
    const taken = await reserveStock(tx, lines);
    // a place on the day's counter, held like the stock (after it: one lock order for every checkout)
    const slotId = slot ? await holdDeliverySlot(tx, slot) : null;
    await alertLowStock(tx, taken, (id) => `${publicOrigin(links)}/editproduct/${id}`);
    const reference = newReference();
    const [row] = await tx
      .insert(purchases)
      .values({
        userId: contact.userId,
        firstName: contact.firstName,
        lastName: contact.lastName,
        email: contact.email,
        phone: input.phone,
        street: pickup ? "" : input.street,
        city: pickup ? "" : input.city,
        state: input.state,
        // an order the shop records may have no street or city (a walk-in); a pick-up is the shop's address
        address: pickup?.point ? pickupAddress(pickup.point) : [input.street, input.city, input.state].filter(Boolean).join(", "),
        lga,
        deliveryMethod: input.deliveryMethod,
        deliveryDate: slot?.date ?? null,
        deliveryWindow: slot?.window ?? null,
        deliverySlotId: slotId,
        deliverySlotFeeKobo: priced.deliverySlotKobo,
        subtotalKobo: priced.subtotalKobo,
        savedKobo: priced.savedKobo,
        vatKobo: priced.vatKobo,
        deliveryKobo: priced.deliveryKobo,
        totalKobo: priced.totalKobo,
        ...applied,
        currency: "NGN",
        status: "pending",
        paymentProvider: provider,
        paymentMethod: method,
        reference,
        orderNote: input.note ?? null,
        saveDetails: buyer.kind === "guest" && buyer.saveDetails,
        whatsappOptIn: input.whatsappOptIn,
        // docs/product.md "Wish lists", "Bought from her list": someone else's list, by a link that opens it
        forWishListOf: await listBoughtFrom(tx, input.forWishList, contact.userId),
        addressPrivate,
        source: buyer.kind === "shop" ? buyer.source : "web",
        recordedBy: buyer.kind === "shop" ? buyer.actorId : null,
        ...(gift ? { isGift: true, ...gift } : {}),
        // docs/product.md "Gift orders": "Remind me next year"
        giftRemindOn:
          gift && input.remindNextYear ? giftReminderDays(giftOccasion({ deliveryDate: slot?.date ?? null }, now)).remindOn : null,
        expiresAt: expiryFor(method, settings, now),
      })
      .returning();
    const purchase = row!;
    await tx.insert(paymentAttempts).values({ purchaseId: purchase.id, reference, provider, amountKobo: purchase.totalKobo });
    const items = await tx
      .insert(purchaseItems)
      .values(
        lines.map((l, i) => ({
          purchaseId: purchase.id,
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
          listedKobo: "agreed" in l && l.agreed ? l.agreed.listedKobo : null,
          shipsFrom: shipsFrom(l),
        })),
      )
      .returning();
    // what each line cost the shop, for the owner's profit (docs/product.md "Cost prices and profit")
    await keepLineCosts(tx, purchase.id);
    await tx.insert(purchaseEvents).values({
      purchaseId: purchase.id,
      status: "pending",
      // paid when she collects it at the shop (docs/product.md "Pick-up")
      note: [
        method === "pod" && purchase.deliveryMethod === "pickup" ? payOnCollection.placedNote : placedNotes[method],
        agreedPricesNote(lines.flatMap((l) => (l.agreed ? [{ title: l.title, ...l.agreed }] : []))),
      ]
        .filter(Boolean)
        .join("; "),
      actorId: buyer.kind === "shop" ? buyer.actorId : contact.userId,
    });
    // the code's use is held while the order waits for its money (docs/product.md "Discount codes")
    if (code)
      await holdRedemption(tx, code, {
        purchaseId: purchase.id,
        customer: customerOf(contact.email, input.phone),
        discountKobo: priced.codeKobo,
        now,
      });
    // a promise to pay is an order placed: the cart it came from is done (an online payment keeps it until paid)
    if (method !== "online" && buyer.kind !== "shop" && contact.userId) {
      const bought = lines.map((l) => l.productId);
      await tx.delete(cartItems).where(and(eq(cartItems.userId, contact.userId), inArray(cartItems.productId, bought)));
    }
    await placedMails(tx, purchase, items, links);
    return { row: purchase, items };
  });
}
