import { z } from "zod";
import { requiredText } from "../../lib/form-fields";

// Store settings an owner can change in /settings; money in kobo, rates as fractions.
// Messages name the field as the form labels it: PUT /api/settings and the form share them.

/** A number; a blank form field arrives as NaN and reads "is required". */
const numberOf = (label: string) =>
  z.number({
    error: (issue) => (issue.input === undefined || Number.isNaN(issue.input) ? `${label} is required` : `${label} must be a number`),
  });
/** The fee fields' step in naira on /settings: any whole kobo, what koboFee below accepts. */
export const FEE_STEP_NAIRA = "0.01";

const koboFee = (label: string) =>
  numberOf(label)
    .int(`${label} can have at most 2 decimals`)
    .min(0, `${label} cannot be negative`)
    .max(100_000_000, `${label} must be at most ₦1,000,000`);

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
  lowStockThreshold: numberOf("Low-stock threshold")
    .int("Low-stock threshold must be a whole number")
    .min(0, "Low-stock threshold cannot be negative")
    .max(1000, "Low-stock threshold must be at most 1000"),
  maxLineQuantity: numberOf("Quantity limit per product")
    .int("Quantity limit per product must be a whole number")
    .min(1, "Quantity limit per product must be at least 1")
    .max(999, "Quantity limit per product must be at most 999"),
});
export type Settings = z.infer<typeof settingsSchema>;

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
  lowStockThreshold: 5,
  // one shopper cannot hold a whole product's stock in one unpaid order
  maxLineQuantity: 10,
};
