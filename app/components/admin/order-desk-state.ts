import type { CartItemView, CartSummary } from "../../../modules/cart/types";
import type { DeliveryMethod } from "../../../modules/delivery/types";
import type { CheckoutDelivery } from "../../routes/shop/checkout-dates.server";
import type { FoundCustomer } from "../../../modules/orders/types";
import type { PastRecipient } from "../../../modules/orders/past-recipients.server";

// What the 'New order' screen holds between its answers (docs/product.md "Manual orders"): the
// form's values as the server read them back, and what it found and priced. Safe for the browser.

/** The form's fields (manualOrderFields), its look-ups and its attempt key, as typed. */
export const deskFieldNames = [
  "customerId",
  "name",
  "phone",
  "email",
  "street",
  "city",
  "lga",
  "deliveryMethod",
  "pickupPoint",
  "code",
  "deliveryFee",
  "note",
  "source",
  "settle",
  "paidVia",
  "amount",
  "reference",
  "part",
  "restDueOn",
  // a gift (the address above is then the recipient's) and a delivery date
  "isGift",
  "recipientName",
  "recipientPhone",
  "recipientEmail",
  "giftMessage",
  "anonymousSender",
  "hidePrices",
  "surpriseMode",
  "deliveryDate",
  "deliveryWindow",
] as const;

export type DeskState = Record<(typeof deskFieldNames)[number] | "attempt" | "lookup" | "found" | "q", string> & {
  /** `priceEach`: the price agreed with her in the chat, as typed (blank: the listed price) */
  lines: { productId: string; quantity: number; priceEach: string }[];
};
export type ProductHit = { id: string; title: string; price: number; discount: number; stock: number | null };

export type DeskAnswer = {
  /** which answer this is: each is written into the form once (order-desk-answers.ts) */
  rev: string;
  state: DeskState;
  /** null: nobody looked up in this answer */
  customers: FoundCustomer[] | null;
  results: ProductHit[] | null;
  /** whom the customer's paid gifts went to (her number or email), to send one there again */
  recipients: PastRecipient[];
  quote: { cartItems: CartItemView[]; summary: CartSummary } | null;
  /** the area's delivery dates, when it takes them (the checkout's picker) */
  delivery: CheckoutDelivery | null;
  msg?: string;
  fields?: Record<string, string>;
};

/** The Speed the form holds, as a delivery method: Express, a pick-up at the shop, else Standard (the form's default). */
export const deskMethod = (state: Pick<DeskState, "deliveryMethod">): DeliveryMethod =>
  state.deliveryMethod === "express" || state.deliveryMethod === "pickup" ? state.deliveryMethod : "standard";
