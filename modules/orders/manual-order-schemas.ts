import { z } from "zod";
import { dateParam, hasCents, nigerianPhone, tick } from "../../lib/form-fields";
import { email, personName } from "../accounts/schemas";
import { shopperCode } from "../discounts/shopper-code";
import { deliveryDateFields } from "./delivery-date-schemas";
import { checkGift, giftFields } from "./gift-schemas";
import { checkDeliveryAddress, deliveryMethods, guestLine, pickupPointField } from "./schemas";

// An order the owner records herself (docs/product.md "Manual orders"): the sale made in an
// Instagram or WhatsApp chat, at a walk-in or an event. One schema for the 'New order' screen, the
// service and the tests. Safe for the browser.

export const manualSources = ["instagram", "whatsapp", "walk_in", "event", "other"] as const;
export type ManualSource = (typeof manualSources)[number];
export const sourceLabels: Record<ManualSource | "web", string> = {
  web: "Website",
  instagram: "Instagram",
  whatsapp: "WhatsApp",
  walk_in: "Walk-in",
  event: "Event",
  other: "Other",
};

/** How the order is settled: the money is already here, a payment link for the customer, or the rider collects it. */
export const settleChoices = ["paid", "pay_link", "pod"] as const;
export type SettleChoice = (typeof settleChoices)[number];
export const paidViaChoices = ["transfer", "cash", "pos"] as const;

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalText = (label: string, max: number) =>
  z.preprocess(blank, z.string().trim().max(max, `${label} must be at most ${max} characters`).optional());
/** Naira with at most 2 decimals, blank for none. */
const optionalNaira = (label: string) =>
  z.preprocess(
    (v) => {
      const b = blank(v);
      return typeof b === "string" ? Number(b.trim()) : b;
    },
    z
      .number({ error: `${label} must be a number` })
      .refine(Number.isFinite, `${label} must be a number`)
      .min(0, `${label} cannot be negative`)
      .max(20_000_000, `${label} must be at most ₦20,000,000`)
      .refine(hasCents, `${label} can have at most 2 decimals`)
      .optional(),
  );

/** The screen's fields, one value each (the lines come as `qty.<productId>`, read by the page). */
export const manualOrderFields = z
  .object({
    // the account the owner picked from the look-up, if any
    customerId: z.preprocess(blank, z.uuid({ error: "Pick the customer again" }).optional()),
    name: personName("Name", 120),
    phone: nigerianPhone(),
    // an Instagram or walk-in customer may give no email: she gets no mails, the shop keeps the phone
    email: z.preprocess(blank, email.optional()),
    street: optionalText("Street", 200),
    city: optionalText("City", 100),
    // required for a delivery; a pick-up at the shop has none (docs/product.md "Pick-up")
    lga: z.string({ error: "Choose the delivery area" }).trim().max(100).optional(),
    deliveryMethod: z.enum(deliveryMethods, { error: "Choose a delivery method" }).default("standard"),
    pickupPoint: pickupPointField,
    code: z.preprocess(blank, shopperCode.optional()),
    // the owner's own delivery fee, replacing the area's; blank: the area's
    deliveryFee: optionalNaira("Delivery fee"),
    note: optionalText("Note", 500),
    source: z.enum(manualSources, { error: "Choose where the sale was made" }),
    settle: z.enum(settleChoices, { error: "Choose how the order is paid" }),
    paidVia: z.enum(paidViaChoices, { error: "Choose how the money arrived: transfer, cash or POS" }).default("transfer"),
    // what arrived; blank: the order's total
    amount: optionalNaira("Amount"),
    reference: optionalText("Reference", 120),
    // less than the total, on purpose: a deposit, the rest paid later (docs/product.md "Part payments"),
    // by the day agreed with her
    part: tick,
    restDueOn: dateParam,
    // a gift to someone else, on a chosen day: the checkout's own fields and rules
    // (docs/product.md "Gift orders", "Delivery on a chosen date")
    ...giftFields,
    ...deliveryDateFields,
  })
  .strict();

/** A line's price agreed with her in the chat, in naira: blank for the listed price. */
export const priceEachField = optionalNaira("Price each").refine((v) => v === undefined || v > 0, "Price each must be more than ₦0");

/** A line of the order: a product, how many, and the price each when one was agreed. */
export const manualLine = guestLine.extend({ priceEach: priceEachField });

/** The whole order, as the service takes it. */
export const manualOrderInput = manualOrderFields
  .extend({
    lines: z.array(manualLine).min(1, "Add at least one product").max(50, "An order holds at most 50 different products"),
  })
  .strict()
  .superRefine(...checkDeliveryAddress({ street: false, areaMessage: "Choose the delivery area" }))
  .superRefine(checkGift);
export type ManualOrderInput = z.input<typeof manualOrderInput>;
export type ManualOrder = z.output<typeof manualOrderInput>;

/** The receipt's optional details of a business customer (docs/product.md "Manual orders"). */
export const invoiceDetailsInput = z
  .object({
    companyName: optionalText("Company name", 120),
    taxNumber: optionalText("Tax number", 40),
  })
  .strict();
