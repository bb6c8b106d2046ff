import { z } from "zod";
import { hasCents, requiredText } from "../../lib/form-fields";
import { koboToNaira, nairaToKobo } from "../../lib/money";
import { contactLinkFields, defaultContactLinks } from "./contact-link-schemas";
import { defaultPaymentSettings, paymentSettingsFields } from "./payment-schemas";
import { pickupFields } from "./pickup";
import { defaultPickup } from "./pickup-points";
import { defaultShopNotice, shopNoticeFields } from "./shop-notice";

/**
 * The most units one line of a cart or an order holds: the ceiling of the shop's quantity limit,
 * and the only limit of an order the team records (docs/product.md "Manual orders").
 */
export const MOST_UNITS_IN_A_LINE = 999;

/**
 * What the buyer's own view of a gift order (its page, opened from /track or a mail) shows of the
 * recipient's address: all of it, or only her name and delivery area.
 */
export const giftAddressViews = ["area", "full"] as const;
export type GiftAddressView = (typeof giftAddressViews)[number];

// Store settings an owner can change in /settings: stored with money in kobo and rates as
// fractions; PUT /api/settings and the form take and show the fees in naira (docs/style.md 5).
// Messages name the field as the form labels it: the API and the form share them.

/** A number; a blank form field arrives as NaN and reads "is required". */
/** The hours the owner may have her morning summary from (Lagos time). */
export const SUMMARY_HOURS = [5, 6, 7, 8, 9, 10, 11, 12] as const;
/** 7 am, 12 noon. */
export const hourWords = (hour: number) => (hour === 12 ? "12 noon" : hour > 12 ? `${hour - 12} pm` : `${hour} am`);

const numberOf = (label: string) =>
  z.number({
    error: (issue) => (issue.input === undefined || Number.isNaN(issue.input) ? `${label} is required` : `${label} must be a number`),
  });
/** The fee fields' step in naira on /settings: any whole kobo, what nairaFee below accepts. */
export const FEE_STEP_NAIRA = "0.01";

const koboFee = (label: string) =>
  numberOf(label)
    .int(`${label} can have at most 2 decimals`)
    .min(0, `${label} cannot be negative`)
    .max(100_000_000, `${label} must be at most ₦1,000,000`);

const nairaFee = (label: string) =>
  numberOf(label)
    .refine(hasCents, `${label} can have at most 2 decimals`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} must be at most ₦1,000,000`);

export const settingsSchema = z.object({
  shopName: requiredText("Shop name", 80),
  contactEmail: requiredText("Contact email", 254).pipe(
    z.email({ error: "Contact email must be a valid email address, like hello@alafia.ng" }),
  ),
  contactPhone: requiredText("Phone", 30).min(5, "Phone must have at least 5 characters"),
  contactAddress: requiredText("Address", 200).min(5, "Address must have at least 5 characters"),
  vatRate: numberOf("VAT rate").min(0, "VAT rate must be between 0% and 100%").max(1, "VAT rate must be between 0% and 100%"),
  usdRate: numberOf("USD display rate")
    .positive("USD display rate must be more than 0")
    .max(1, "USD display rate must be at most 1 (dollars per ₦1)"),
  standardDeliveryKobo: koboFee("Standard delivery fee"),
  expressSurchargeKobo: koboFee("Express surcharge"),
  // docs/product.md "Free delivery": 0 is off
  freeDeliveryAboveKobo: numberOf("Free delivery above")
    .int("Free delivery above can have at most 2 decimals")
    .min(0, "Free delivery above cannot be negative")
    .max(2_000_000_000, "Free delivery above must be at most ₦20,000,000"),
  // docs/product.md "Pick-up": where a shopper may collect her order; empty is no pick-up
  ...pickupFields,
  // how many days an order waits ready before she is reminded to collect it; 0: never
  pickupReminderDays: numberOf("Remind after")
    .int("Remind after must be a whole number of days")
    .min(0, "Remind after cannot be negative")
    .max(14, "Remind after must be at most 14 days"),
  lowStockThreshold: numberOf("Low-stock threshold")
    .int("Low-stock threshold must be a whole number")
    .min(0, "Low-stock threshold cannot be negative")
    .max(1000, "Low-stock threshold must be at most 1000"),
  maxLineQuantity: numberOf("Quantity limit per product")
    .int("Quantity limit per product must be a whole number")
    .min(1, "Quantity limit per product must be at least 1")
    .max(MOST_UNITS_IN_A_LINE, `Quantity limit per product must be at most ${MOST_UNITS_IN_A_LINE}`),
  // docs/product.md "Manual orders": how far below the listed price staff may agree a price in a chat (the owner: any)
  staffPriceCutPercent: numberOf("Staff price cut")
    .int("Staff price cut must be a whole number of percent")
    .min(0, "Staff price cut cannot be negative")
    .max(100, "Staff price cut must be at most 100%"),
  ...contactLinkFields,
  ...paymentSettingsFields,
  // docs/product.md "Note to shoppers"
  ...shopNoticeFields,
  // docs/product.md "Gift orders": how much of a gift's address the buyer's own order page shows
  giftAddressForBuyer: z.enum(giftAddressViews, { error: "Gift address must be full or area" }),
  // docs/product.md "Owner alerts": yesterday's orders, today's work and the team's changes, by mail each morning
  morningSummary: z.boolean({ error: "Morning summary must be true or false" }),
  // the Lagos hour it comes from, in the morning: 5 am to noon
  morningSummaryHour: numberOf("Morning summary hour")
    .int("Morning summary hour must be a whole hour")
    .min(SUMMARY_HOURS[0], "Morning summary hour must be from 5 am to noon")
    .max(SUMMARY_HOURS.at(-1)!, "Morning summary hour must be from 5 am to noon"),
});
export type Settings = z.infer<typeof settingsSchema>;
const paymentKeys = Object.fromEntries(Object.keys(paymentSettingsFields).map((k) => [k, true])) as {
  [K in keyof typeof paymentSettingsFields]: true;
};
/** The /paymentsettings form's part, as stored (money in kobo). */
export const paymentSettingsSchema = settingsSchema.pick(paymentKeys);

export const defaultSettings: Settings = {
  shopName: "Alafia Self-Care",
  contactEmail: "hello@alafia.ng",
  contactPhone: "+234 803 555 0142",
  contactAddress: "12 Admiralty Way, Lekki Phase 1, Lagos",
  // docs/product.md §9: VAT 7.5% of the subtotal; USD display rate 0.00073 per naira
  vatRate: 0.075,
  usdRate: 0.00073,
  // docs/product.md §9: standard ₦2,000 and express ₦5,000 when no LGA rate applies
  standardDeliveryKobo: 200_000,
  expressSurchargeKobo: 300_000,
  // off until the owner sets an amount
  freeDeliveryAboveKobo: 0,
  // off until the owner gives an address
  ...defaultPickup,
  pickupReminderDays: 3,
  lowStockThreshold: 5,
  // one shopper cannot hold a whole product's stock in one unpaid order
  maxLineQuantity: 10,
  staffPriceCutPercent: 20,
  // docs/product.md "WhatsApp and social links": none until the owner gives them
  ...defaultContactLinks,
  ...defaultPaymentSettings,
  ...defaultShopNotice,
  giftAddressForBuyer: "area",
  morningSummary: true,
  morningSummaryHour: 7,
};

/** The settings as PUT /api/settings and the /settings form take them and GET shows them: the fees in naira. */
export const settingsInput = settingsSchema
  .omit({ standardDeliveryKobo: true, expressSurchargeKobo: true, freeDeliveryAboveKobo: true, podMaxOrderKobo: true })
  .extend({
    standardDeliveryFee: nairaFee("Standard delivery fee"),
    expressSurcharge: nairaFee("Express surcharge"),
    // docs/product.md "Free delivery": 0 is off
    freeDeliveryAbove: numberOf("Free delivery above")
      .refine(hasCents, "Free delivery above can have at most 2 decimals")
      .min(0, "Free delivery above cannot be negative")
      .max(20_000_000, "Free delivery above must be at most ₦20,000,000"),
    // docs/product.md "Paying": the largest order paid on delivery
    podMaxOrder: numberOf("Largest order paid on delivery")
      .refine(hasCents, "Largest order paid on delivery can have at most 2 decimals")
      .min(0, "Largest order paid on delivery cannot be negative")
      .max(20_000_000, "Largest order paid on delivery must be at most ₦20,000,000"),
  });
export type SettingsView = z.infer<typeof settingsInput>;
const { podMaxOrderKobo: _stored, ...paymentInputKeys } = paymentKeys;
/** The /settings form: the shop, its fees and limits (how shoppers pay is /paymentsettings). */
export const shopSettingsInput = settingsInput.omit({ ...paymentInputKeys, podMaxOrder: true });
/** PUT /api/settings: only the fields named change; an unknown field is an error. */
export const settingsPatch = settingsInput.partial().strict();

export function toSettingsView({
  standardDeliveryKobo,
  expressSurchargeKobo,
  freeDeliveryAboveKobo,
  podMaxOrderKobo,
  ...rest
}: Settings): SettingsView {
  return {
    ...rest,
    podMaxOrder: koboToNaira(podMaxOrderKobo),
    standardDeliveryFee: koboToNaira(standardDeliveryKobo),
    expressSurcharge: koboToNaira(expressSurchargeKobo),
    freeDeliveryAbove: koboToNaira(freeDeliveryAboveKobo),
  };
}

/** The stored settings that an input (whole or partial) changes, the fees in kobo. */
export function fromSettingsInput({
  standardDeliveryFee,
  expressSurcharge,
  freeDeliveryAbove,
  ...rest
}: Partial<SettingsView>): Partial<Settings> {
  return {
    ...rest,
    ...(standardDeliveryFee !== undefined && { standardDeliveryKobo: nairaToKobo(standardDeliveryFee) }),
    ...(expressSurcharge !== undefined && { expressSurchargeKobo: nairaToKobo(expressSurcharge) }),
    ...(freeDeliveryAbove !== undefined && { freeDeliveryAboveKobo: nairaToKobo(freeDeliveryAbove) }),
  };
}
