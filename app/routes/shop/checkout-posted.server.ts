import type { AppServices } from "../../context";
import { parseSearchParams } from "../../../lib/search-params";
import { withoutNul } from "../../../lib/nul-text";
import type { z } from "zod";
import type { CheckoutDefaults } from "../../../modules/orders/checkout-form.server";
import type { DeliveryMethod } from "../../../modules/delivery/types";
import { giftFields } from "../../../modules/orders/gift-schemas";
import { pickupNumbers } from "../../../modules/settings/pickup-points";
import { checkoutPaymentMethods, type CheckoutPaymentMethod } from "../../../modules/orders/schemas";

// The checkout posted by a page whose script has not run (a slow phone, a browser that runs little
// script): the browser draws the page the server answers, so that page must hold what she typed and
// price what she chose. React Router runs the page's loader after its action in the same request
// (same services): the action keeps the form here and the loader reads it. With the script, the
// action's request runs no loader, the page keeps its own fields, and nothing here is read.

/** The page's choices a posted form carries, read as the page's address would carry them. */
export type CheckoutChoices = { lga?: string; method?: DeliveryMethod; date?: string; window?: string; gift?: "1" };

/** What the page drawn after the post starts with. */
export type PostedCheckout = {
  choices: CheckoutChoices;
  /** what she typed, only the fields she sent (a signed-in shopper's name and email are her account's) */
  typed: Partial<CheckoutDefaults>;
  paymentMethod: CheckoutPaymentMethod;
  /** the pick-up point she chose (docs/product.md "Pick-up"), when she chose one of the shop's */
  pickupPoint: number | null;
  whatsappOptIn: boolean;
  saveDetails: boolean;
};

const posted = new WeakMap<AppServices, PostedCheckout>();

/** Keeps the form posted in this request for the page drawn after it; `choicesSchema` reads the choices as the address's query. */
export function keepPostedCheckout(services: AppServices, form: FormData, choicesSchema: z.ZodType<CheckoutChoices>) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? withoutNul(value) : undefined;
  };
  const gift: Record<string, string> = {};
  for (const name of Object.keys(giftFields)) {
    const value = text(name);
    if (value) gift[name] = value;
  }
  const asQuery = new URLSearchParams();
  for (const [key, name] of [
    ["lga", "lga"],
    ["method", "deliveryMethod"],
    ["date", "deliveryDate"],
    ["window", "deliveryWindow"],
  ] as const)
    asQuery.set(key, text(name) ?? "");
  if (gift.isGift) asQuery.set("gift", "1");
  const typed: Partial<CheckoutDefaults> = { gift };
  // a signed-in shopper orders as her account: a name or email posted beside it is not hers to show
  for (const name of services.user
    ? (["phone", "street", "city", "note"] as const)
    : (["name", "email", "phone", "street", "city", "note"] as const)) {
    const value = text(name);
    if (value !== undefined) typed[name] = value;
  }
  const method = text("paymentMethod");
  posted.set(services, {
    choices: readChoices(asQuery, choicesSchema),
    typed,
    paymentMethod: checkoutPaymentMethods.find((m) => m === method) ?? "online",
    pickupPoint: pickupNumbers.find((n) => String(n) === text("pickupPoint")) ?? null,
    whatsappOptIn: !!text("whatsappOptIn"),
    saveDetails: !!text("saveDetails"),
  });
}

/** The form this request posted, when its page is drawn after the action; otherwise undefined. */
export const postedCheckout = (services: AppServices): PostedCheckout | undefined => posted.get(services);

/** Each choice on its own: one the page cannot take (an unknown delivery speed) is left out, the others kept. */
function readChoices(query: URLSearchParams, schema: z.ZodType<CheckoutChoices>): CheckoutChoices {
  const choices: CheckoutChoices = {};
  for (const key of ["lga", "method", "date", "window", "gift"] as const) {
    try {
      Object.assign(choices, parseSearchParams(query, schema, { keys: [key] }));
    } catch {
      // not a choice the page offers: left out, as a bad address parameter would be refused
    }
  }
  return choices;
}
