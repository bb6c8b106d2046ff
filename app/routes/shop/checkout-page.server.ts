import crypto from "node:crypto";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { AppServices } from "../../context";
import { chosenDeliveryArea } from "../../lib/delivery-area";
import { checkoutDelivery, standardWouldSave } from "./checkout-dates.server";
import { keepPostedCheckout, postedCheckout } from "./checkout-posted.server";
import { readCookie } from "../../lib/cookies";
import { formAction, readForm } from "../../lib/form-action.server";
import { fieldErrors, formValues } from "../../lib/forms";
import { guestCartFromCookie, placedOrderSetCookie } from "../../lib/guest-cart-cookie";
import { readSearchParams } from "../../lib/search-params.server";
import { cartSummary, shipsFromOf } from "../../../modules/cart/service.server";
import { whatsappConfigured } from "../../../modules/whatsapp/cloud-api.server";
import { quoteGuestCart } from "../../../modules/cart/quote.server";
import { countCheckoutStart } from "../../../modules/orders/checkout-limits.server";
import { startCheckout } from "../../../modules/orders/checkout-start.server";
import type { Buyer } from "../../../modules/orders/checkout.server";
import { deliveryAreaNames } from "../../../modules/delivery/areas.server";
import {
  checkoutDefaults,
  returningGuestDefaults,
  startingArea,
  type CheckoutDefaults,
} from "../../../modules/orders/checkout-form.server";
import { pastRecipients, sendAgainDefaults } from "../../../modules/orders/past-recipients.server";
import { once, requestHash } from "../../../modules/orders/idempotency.server";
import { isOrderViewToken, orderViewToken } from "../../../modules/orders/order-links.server";
import { hasPaidOrder } from "../../../modules/orders/paid-orders.server";
import { paymentChoices } from "../../../modules/orders/payment-choices";
import { checkoutForm, deliveryMethods } from "../../../modules/orders/schemas";
import { paymentProvider } from "../../../modules/payments/provider.server";
import { readVisitCode } from "../../../modules/discounts/visit-code.server";
import { getSettings } from "../../../modules/settings/service.server";
import { pickupPoints } from "../../../modules/settings/pickup-points";
import { checkoutMethod } from "../../../modules/orders/pickup";
import { rateLimitStore } from "../../../db/rate-limit-store";
import { listOfferFor, type ListOffer } from "../../../modules/wish-lists/bought.server";
import { clearedWishForCookie, readWishFor } from "../../../modules/wish-lists/shopping-for.server";
import { listGiftArea } from "../../../modules/wish-lists/list-address.server";

// The checkout page's server side (docs/product.md "Guest checkout"): the same page for a signed-in
// shopper (her server cart, her details prefilled) and a guest (the cart her browser mirrors in a
// cookie), priced by the one pricing function for the area and delivery she has chosen.

/** The guest's own unpaid online checkout from this browser (signed), replaced when she starts again. */
const GUEST_CHECKOUT_COOKIE = "guest_checkout";

const checkoutQuery = z.object({
  lga: z.string().trim().max(100).optional(),
  method: z.enum(deliveryMethods).optional(),
  payment: z.enum(["cancelled", "failed"]).optional(),
  // the delivery date and window chosen (docs/product.md "Delivery on a chosen date"), checked by checkoutDelivery
  date: z.string().trim().max(10).optional(),
  window: z.string().trim().max(40).optional(),
  // 'This is a gift' is on: the area is the recipient's, chosen on the page, never her own
  gift: z.literal("1").optional(),
  // a gift to someone she sent one before (docs/product.md "Gift orders", "Sent before"): that order's id;
  // `list`: to the address on the friend's wish list she came from (docs/product.md "Wish lists", "Send it to her")
  to: z.string().trim().max(40).optional(),
});

export async function checkoutPageData(services: AppServices, request: Request) {
  const { db, env, logger, user } = services;
  // the page drawn after a form posted without its script: what she chose and typed (checkout-posted.server.ts)
  const posted = postedCheckout(services);
  const query: z.output<typeof checkoutQuery> =
    posted?.choices ?? readSearchParams(request, checkoutQuery, ["lga", "method", "payment", "date", "window", "gift", "to"]);
  // the visit's discount code (a /?code= link, or the cart's or this page's field)
  const code = readVisitCode(request);
  // whom she sent gifts to from her account, and the one she chose to send to again (only ever hers)
  const recipients = user ? await pastRecipients(db, { userId: user.id }) : [];
  const sendTo = query.gift && query.to ? (recipients.find((r) => r.id === query.to) ?? null) : null;
  // the friend's list she came from (her cookie), and its area when it keeps an address for gifts (only its area)
  const wishFor = readWishFor(request);
  const listArea = wishFor ? await listGiftArea(db, wishFor, user?.id ?? null) : null;
  const toList = query.gift && query.to === "list" ? listArea : null;
  const [areas, settings, lga, prefilled] = await Promise.all([
    deliveryAreaNames(db),
    getSettings(db),
    // docs/product.md "Gift orders": her saved area and the cart's are never a gift's
    query.gift
      ? startingArea(db, null, toList ?? query.lga ?? sendTo?.lga ?? null)
      : startingArea(db, user?.id ?? null, query.lga ?? chosenDeliveryArea(request)),
    user ? checkoutDefaults(db, user.id) : returningGuest(env, request, db),
  ]);
  // a pick-up (docs/product.md "Pick-up") books no date: no area's dates are offered for it
  const method = checkoutMethod(settings, { method: query.method, gift: !!query.gift });
  const pickup = method === "pickup";
  // a pre-order in the cart: dates only from the day it ships (docs/product.md "Pre-orders")
  const shipsFrom = await shipsFromOf(
    db,
    user ? { userId: user.id } : { productIds: guestCartFromCookie(request).map((l) => l.productId) },
  );
  const { delivery, slot } = await checkoutDelivery(db, pickup ? null : lga, { ...query, method, shipsFrom });
  const priced = user
    ? await cartSummary(db, user.id, {
        deliveryMethod: method,
        code,
        // the page's area (startingArea's): none is none, never the profile's behind it
        lga,
        slot,
        onRatesError: (err) => logger.error({ err }, "delivery rates failed"),
      })
    : await quoteGuestCart(db, guestCartFromCookie(request), lga ?? undefined, code ?? undefined, method, { slot }).then((q) => ({
        items: q.cartItems,
        summary: q.summary,
      }));
  // from a friend's shared list: mark what she buys from it as bought there (docs/product.md "Wish lists")
  const listOffer = await listOfferFor(db, wishFor, {
    buyerId: user?.id ?? null,
    productIds: priced.items.map((i) => i.productId),
  });
  const returning = user ? await hasPaidOrder(db, { userId: user.id, email: user.email, phone: prefilled?.phone ?? "" }) : null;
  const total = priced.summary.deliveryCharge === null ? null : Math.round(priced.summary.total * 100);
  return {
    signedIn: !!user,
    items: priced.items,
    summary: priced.summary,
    code,
    areas,
    method,
    delivery,
    // Express for a date Standard also reaches: what Standard would save (kobo; 0 otherwise)
    standardSaves: standardWouldSave(delivery, method, priced.summary.deliveryOptions),
    defaults: withListRecipient(
      { lga: lga ?? "", ...(prefilled ?? blankDefaults), ...(sendTo ? sendAgainDefaults(sendTo) : {}), ...posted?.typed },
      listOffer,
      !!toList,
    ),
    recipients,
    to: sendTo?.id ?? (toList && listOffer ? "list" : null),
    listOffer: listOffer ? { ...listOffer, sendsToList: listArea !== null } : null,
    // how she pays and what she ticked, as she posted them (none: the page's own defaults)
    posted: posted ? { paymentMethod: posted.paymentMethod, whatsappOptIn: posted.whatsappOptIn, saveDetails: posted.saveDetails } : null,
    choices: paymentChoices(settings, { lga: pickup ? null : lga, totalKobo: total, returning, provider: env.PAYMENT_PROVIDER, pickup }),
    // where she may collect it instead, when the shop offers it (none: no pick-up), and the point she posted
    pickups: pickupPoints(settings),
    pickupPoint: posted?.pickupPoint ?? null,
    transfer: settings.transferEnabled ? { bankName: settings.bankName, hours: settings.transferHours } : null,
    popup: env.PAYMENT_PROVIDER === "paystack" && env.PAYSTACK_MODE === "popup",
    // 'Send my order updates on WhatsApp' is offered once the shop can send them (modules/whatsapp)
    whatsappUpdates: whatsappConfigured(env),
    // one key per visit of the page: a double tap or a resent form never makes a second order
    attempt: crypto.randomUUID(),
    notice: query.payment ?? null,
  };
}

export type CheckoutAnswer = {
  msg?: string;
  fields?: Record<string, string>;
  /** an online payment in the provider's popup (PAYSTACK_MODE=popup) */
  popup?: { accessCode: string; reference: string; orderUrl: string; token: string };
};

const attemptKey = z.string().trim().min(8).max(200);

/** The checkout form posted: the order is placed once per attempt key, then the payer goes where the payment continues. */
export function submitCheckout(services: AppServices, request: Request) {
  // a form that cannot be read and the services' refusals are answers with their status (formAction)
  return formAction(() => placeFromForm(services, request));
}

async function placeFromForm(services: AppServices, request: Request) {
  const { db, env, user, clientIp } = services;
  const form = await readForm(request);
  keepPostedCheckout(services, form, checkoutQuery);
  // "Update delivery and total" (a browser that runs no script): the page is drawn again for what she chose
  if (form.get("intent") === "price") return data<CheckoutAnswer>({});
  const parsed = checkoutForm.safeParse(formValues(checkoutForm, form));
  if (!parsed.success) return data<CheckoutAnswer>({ msg: "Please check the highlighted fields.", fields: fieldErrors(parsed.error) }, 400);
  const { name, email, saveDetails, ...fields } = parsed.data;
  // the code is the visit's (applied with the field beside the summary)
  const input = { ...fields, code: readVisitCode(request) ?? undefined };
  let buyer: Buyer;
  if (user) buyer = { kind: "user", userId: user.id };
  else {
    const missing: Record<string, string> = {};
    if (!name) missing.name = "Full name is required";
    if (!email) missing.email = "Email is required";
    if (Object.keys(missing).length) return data<CheckoutAnswer>({ msg: "Please check the highlighted fields.", fields: missing }, 400);
    const lines = guestCartFromCookie(request);
    if (!lines.length) return data<CheckoutAnswer>({ msg: "Your cart is empty." }, 400);
    buyer = { kind: "guest", name: name!, email: email!, lines, saveDetails, replaces: earlierGuestCheckout(env, request) };
  }
  const key = attemptKey.safeParse(form.get("attempt"));
  if (!key.success) return data<CheckoutAnswer>({ msg: "Please reload the page and try again." }, 400);
  const provider = paymentProvider(env, db);
  const started = await once(db, `checkout:${user?.id ?? "guest"}`, key.data, requestHash({ input, buyer }), 201, async () => {
    await countCheckoutStart(rateLimitStore(db, env), user?.id ?? `guest:${email}`, clientIp);
    return startCheckout(db, provider, env, buyer, input);
  });
  const { purchase, authorizationUrl, accessCode, orderUrl, reference } = started.body;
  const headers = new Headers();
  if (!user && purchase.status === "pending" && purchase.paymentMethod === "online")
    headers.append("Set-Cookie", guestCheckoutCookie(env, purchase.id));
  // her browser's cart is emptied by this order's page, and by no other order's
  if (!user) headers.append("Set-Cookie", placedOrderSetCookie(purchase.id, env.NODE_ENV === "production"));
  // the list she shopped from is done with: her next order is her own unless she opens a list again;
  // an online payment keeps it until paid (its order's page ends it), so a try that fails finds it again
  const paysOnline = purchase.status === "pending" && purchase.paymentMethod === "online";
  if (readWishFor(request) && !paysOnline) headers.append("Set-Cookie", clearedWishForCookie(env));
  if (authorizationUrl && accessCode && env.PAYMENT_PROVIDER === "paystack" && env.PAYSTACK_MODE === "popup")
    return data<CheckoutAnswer>({ popup: { accessCode, reference, orderUrl, token: orderViewToken(env, purchase.id) } }, { headers });
  return redirect(authorizationUrl ?? orderUrl, { headers });
}

function guestCheckoutCookie(env: AppServices["env"], purchaseId: string): string {
  const secure = env.NODE_ENV === "production" ? "; Secure" : "";
  return `${GUEST_CHECKOUT_COOKIE}=${purchaseId}.${orderViewToken(env, purchaseId)}; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * A gift bought from a friend's list is for her: her first name is the recipient's until she types
 * another. Sent to the address on her list (`toList`), the gift is on and nothing of an address is typed.
 */
function withListRecipient<D extends CheckoutDefaults>(defaults: D, offer: ListOffer | null, toList: boolean): D {
  if (offer && toList)
    return { ...defaults, street: "", city: "", gift: { ...defaults.gift, isGift: "on", recipientName: offer.firstName } };
  if (!offer || defaults.gift.recipientName) return defaults;
  return { ...defaults, gift: { ...defaults.gift, recipientName: offer.firstName } };
}

const blankDefaults: CheckoutDefaults = { name: "", email: "", phone: "", street: "", city: "", note: "", gift: {} };

/** A guest back at the checkout from a payment that did not go through finds what she typed (her unpaid order). */
function returningGuest(env: AppServices["env"], request: Request, db: AppServices["db"]): Promise<CheckoutDefaults | null> {
  const earlier = earlierGuestCheckout(env, request);
  return earlier ? returningGuestDefaults(db, earlier) : Promise.resolve(null);
}

function earlierGuestCheckout(env: AppServices["env"], request: Request): string | null {
  const [id = "", token] = (readCookie(request, GUEST_CHECKOUT_COOKIE, 200) ?? "").split(".");
  return isOrderViewToken(env, id, token) ? id : null;
}
