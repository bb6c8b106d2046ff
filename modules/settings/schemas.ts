import { z } from "zod";

// Store settings an owner can change in /settings; money in kobo, rates as fractions.
export const settingsSchema = z.object({
  shopName: z.string().trim().min(1).max(80),
  contactEmail: z.email(),
  contactPhone: z.string().trim().min(5).max(30),
  contactAddress: z.string().trim().min(5).max(200),
  vatRate: z.number().min(0).max(1),
  usdRate: z.number().positive().max(1),
  standardDeliveryKobo: z.number().int().min(0),
  expressSurchargeKobo: z.number().int().min(0),
  lowStockThreshold: z.number().int().min(0).max(1000),
});
export type Settings = z.infer<typeof settingsSchema>;

export const defaultSettings: Settings = {
  shopName: "Alafia Self-Care",
  contactEmail: "hello@alafia.ng",
  contactPhone: "+234 803 555 0142",
  contactAddress: "12 Admiralty Way, Lekki Phase 1, Lagos",
  // spec §9: VAT 7.5% of the subtotal; USD display rate 0.00073 per naira
  vatRate: 0.075,
  usdRate: 0.00073,
  // spec §9: standard ₦2,000 and express ₦5,000 when no LGA rate applies
  standardDeliveryKobo: 200_000,
  expressSurchargeKobo: 300_000,
  lowStockThreshold: 5,
};
