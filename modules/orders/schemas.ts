import { z } from "zod";
import { nigerianPhone, tick } from "../../lib/form-fields";
import { addressLinkProblem, email, personName } from "../accounts/schemas";
import { shopperCode } from "../discounts/shopper-code";
import { MOST_UNITS_IN_A_LINE } from "../settings/schemas";
import { checkGift, giftFields, type GiftFields } from "./gift-schemas";
import { deliveryDateFields } from "./delivery-date-schemas";

/** How a shopper gets her order: the spec's speeds, or collected at the shop's pick-up point (docs/product.md "Pick-up"). */
export const deliveryMethods = ["standard", "express", "pickup"] as const;
/** How a shopper may choose to pay at checkout (docs/product.md "Paying"); 'manual' is the back office's. */
export const checkoutPaymentMethods = ["online", "transfer", "pod", "pay_link"] as const;
export type CheckoutPaymentMethod = (typeof checkoutPaymentMethods)[number];

const optionalNote = z
  .string()
  .trim()
  .max(500, "Delivery instructions must be at most 500 characters")
  .optional()
  .transform((v) => v || undefined);
// a discount code (docs/product.md "Discount codes"); blank is none
const optionalCode = shopperCode.optional().transform((v) => v || undefined);
/**
 * A line of the address: the order's mails print it from the shop's address, and a guest's order
 * mails the email she typed at once (a pay link), so like a name it holds no web address.
 */
const addressLine = (field: z.ZodString, label: string, max: number) =>
  field.max(max).superRefine((value, ctx) => {
    // a line over the limit is refused already (and never scanned at length)
    const problem = value.length <= max ? addressLinkProblem(label, value) : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const pickupPointNumber = z.coerce
  .number({ error: "Choose where you will collect your order." })
  .pipe(z.union([z.literal(1), z.literal(2)], { error: "Choose where you will collect your order." }));
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
/** With a pick-up, which of the shop's points (1 or 2, docs/product.md "Pick-up"); blank: none said. Checked by pickupFor. */
export const pickupPointField = z.preprocess(blankToUndefined, pickupPointNumber.optional());
/** A pick-up moved to another of the shop's points (pickup-point.server.ts): which one, required. */
export const pickupPointInput = z.object({ pickupPoint: z.preprocess(blankToUndefined, pickupPointNumber) }).strict();

// docs/product.md §3 Checkout address and §5: street, city, state, phone required; a pick-up
// needs no street or city (checkDeliveryAddress), so an absent one reads as empty.
export const addressFields = {
  street: addressLine(z.string({ error: "Street is required" }).trim(), "Street", 200).default(""),
  city: addressLine(z.string({ error: "City is required" }).trim(), "City", 100).default(""),
  // the shop delivers in Lagos: the form does not ask, an API client may say
  state: addressLine(z.string().trim().min(1, "State is required"), "State", 100).default("Lagos"),
  phone: nigerianPhone(),
  // one of the shop's delivery areas (checked by the server); absent: the profile's LGA, which must be one too (pricingLga)
  lga: z.string().trim().max(100).optional(),
  deliveryMethod: z.enum(deliveryMethods, { error: "Choose a delivery method" }).default("standard"),
  pickupPoint: pickupPointField,
};

/**
 * A delivery goes to a street and a city in one of the shop's areas; a pick-up is collected at
 * the shop's address, so it asks for none of them (docs/product.md "Pick-up"). `street`: the
 * street and city are required (the order desk's are not); `areaMessage`: the form names the
 * area it needs (the API falls back to the profile's area).
 */
export function checkDeliveryAddress({ street, areaMessage }: { street: boolean; areaMessage: string | null }) {
  type Address = { street?: unknown; city?: unknown; lga?: unknown; deliveryMethod?: unknown; deliverToList?: unknown };
  const blank = (v: unknown) => v === undefined || v === "";
  const check = (v: Address, ctx: z.RefinementCtx) => {
    // a gift sent to the address on a friend's wish list takes the list's street, city and area (placeOrder)
    if (v.deliveryMethod === "pickup" || !blank(v.deliverToList)) return;
    if (street && blank(v.street)) ctx.addIssue({ code: "custom", path: ["street"], message: "Street is required" });
    if (street && blank(v.city)) ctx.addIssue({ code: "custom", path: ["city"], message: "City is required" });
    if (areaMessage && (blank(v.lga) || (typeof v.lga === "string" && !v.lga.trim())))
      ctx.addIssue({ code: "custom", path: ["lga"], message: areaMessage });
  };
  // it runs beside the fields' own checks, so the form names every missing field at once
  return [check, { when: (p: { value: unknown }) => typeof p.value === "object" && p.value !== null }] as const;
}

/** What every checkout adds to the address: how she pays, a code, a note for the rider. */
export const orderChoiceFields = {
  paymentMethod: z.enum(checkoutPaymentMethods, { error: "Choose how to pay" }).default("online"),
  code: optionalCode,
  note: optionalNote,
  whatsappOptIn: tick,
  // docs/product.md "Delivery on a chosen date"
  ...deliveryDateFields,
  // docs/product.md "Wish lists", "Bought from her list": the shared list's link it is bought from
  forWishList: z.string().trim().max(64, "That is not a wish list's link").optional(),
  // "Send it to her": the gift goes to the address kept on the list this link opens, which the buyer never sees
  deliverToList: z.string().trim().max(64, "That is not a wish list's link").optional(),
};

/** Who the order is for when nobody is signed in: the buyer is the contact (docs/product.md "Guest checkout"). */
export const guestContactFields = {
  name: personName("Full name", 120),
  email,
  saveDetails: tick,
};

/**
 * The checkout form, in the browser and on the server. The form always names the delivery
 * area; a signed-in shopper's name and email come from her account, a guest types them.
 */
export const checkoutForm = z
  .object({
    ...addressFields,
    ...orderChoiceFields,
    // required for a delivery (checkDeliveryAddress)
    lga: z.string({ error: "Choose your delivery area" }).trim().max(100).optional(),
    name: guestContactFields.name.optional(),
    email: guestContactFields.email.optional(),
    saveDetails: tick,
    // 'This is a gift' (docs/product.md "Gift orders"): the address above is then the recipient's
    ...giftFields,
  })
  .strict()
  .superRefine(...checkDeliveryAddress({ street: true, areaMessage: "Choose your delivery area" }))
  .superRefine(checkGift);
export type CheckoutForm = z.output<typeof checkoutForm>;

/** What a checkout hands the service: the address, delivery and payment choices (lga absent: the profile's), and the gift's fields. */
export type CheckoutInput = z.output<ReturnType<typeof z.object<typeof addressFields & typeof orderChoiceFields>>> & GiftFields;

type AddressAndChoices = z.output<ReturnType<typeof z.object<typeof addressFields & typeof orderChoiceFields>>>;
const addressAndChoiceKeys = [...Object.keys(addressFields), ...Object.keys(orderChoiceFields)] as (keyof AddressAndChoices)[];

/** A parsed body's address and choices, by the schemas' own keys (a field added to them is carried without another list). */
export const addressAndChoicesOf = (body: AddressAndChoices): AddressAndChoices =>
  Object.fromEntries(addressAndChoiceKeys.map((k) => [k, body[k]])) as AddressAndChoices;

/** A guest cart line as the browser keeps it. */
export const guestLine = z.object({
  productId: z.uuid({ error: "Not a product id" }),
  quantity: z.number({ error: "Quantity must be a number" }).int("Quantity must be a whole number").min(1).max(MOST_UNITS_IN_A_LINE),
});
export const guestLines = z.array(guestLine).max(50, "A cart holds at most 50 different products");

/**
 * POST /api/purchases/create: the checkout. The spec's client also sends its own totals and
 * items (docs/product.md §7); they are accepted and ignored: the server prices the server cart
 * (docs/architecture.md "Payments"). Without a session, a guest sends her name, email and
 * `lines` (product and quantity), priced from the database like any cart.
 */
export const createPurchaseInput = z
  .object({
    ...addressFields,
    ...orderChoiceFields,
    name: guestContactFields.name.optional(),
    email: z.unknown().optional(),
    saveDetails: tick,
    ...giftFields,
    lines: guestLines.optional(),
    fname: z.unknown().optional(),
    address: z.unknown().optional(),
    userId: z.unknown().optional(),
    totalAmount: z.unknown().optional(),
    items: z.unknown().optional(),
    cart: z.unknown().optional(),
  })
  .strict()
  .superRefine(...checkDeliveryAddress({ street: true, areaMessage: null }))
  .superRefine(checkGift);
export type CreatePurchaseInput = z.infer<typeof createPurchaseInput>;

export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, "Idempotency-Key must have 8 to 200 characters")
  .max(200, "Idempotency-Key must have 8 to 200 characters");

/** POST /api/purchases/cancel: the payment popup closed without paying. */
export const abandonPaymentInput = z
  .object({
    reference: z.string().trim().min(1, "Reference is required").max(100),
    // a guest's signed link to her order (order-links.server.ts)
    t: z.string().trim().max(100).optional(),
  })
  .strict();
