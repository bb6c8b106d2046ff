import { z } from "zod";
import { paystackChannels, type PaystackChannel } from "./payment-channels";

// How shoppers may pay (docs/product.md "Paying"), set by the owner in /settings. Money in kobo.

export { channelLabels, paystackChannels, type PaystackChannel } from "./payment-channels";

const hours = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of hours`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

export const paymentSettingsFields = {
  paymentChannels: z
    .array(z.enum(paystackChannels, { error: "Unknown payment channel" }))
    .min(1, "Choose at least one way to pay online")
    .max(paystackChannels.length),
  transferEnabled: z.boolean(),
  bankName: z.string().trim().max(80, "Bank must be at most 80 characters"),
  accountName: z.string().trim().max(120, "Account name must be at most 120 characters"),
  accountNumber: z
    .string()
    .trim()
    .regex(/^(\d{10})?$/, "Account number must be the 10 digits of a NUBAN account number"),
  /** an order awaiting transfer holds its stock this long, then expires */
  transferHours: hours("Hours to pay by transfer", 1, 168),
  /** a reminder goes this long before a transfer order expires (0: none) */
  transferReminderHours: hours("Reminder before expiry", 0, 167),
  /** an order left for someone else to pay ('Ask someone to pay') holds its stock this long, then expires */
  payLinkHours: hours("Hours a payment link works", 1, 168),
  podEnabled: z.boolean(),
  /** the delivery areas where pay on delivery is offered; empty: every area */
  podAreas: z.array(z.string().trim().min(1).max(100)).max(200),
  /** the largest order paid on delivery */
  podMaxOrderKobo: z
    .number({ error: "Largest order paid on delivery must be a number" })
    .int()
    .min(0, "Largest order paid on delivery cannot be negative")
    .max(2_000_000_000),
  /** only shoppers with an earlier paid order may pay on delivery */
  podReturningOnly: z.boolean(),
};

export const defaultPaymentSettings = {
  paymentChannels: ["card", "bank_transfer", "ussd"] as PaystackChannel[],
  transferEnabled: false,
  bankName: "",
  accountName: "",
  accountNumber: "",
  transferHours: 24,
  transferReminderHours: 6,
  payLinkHours: 24,
  podEnabled: false,
  podAreas: [] as string[],
  podMaxOrderKobo: 5_000_000,
  podReturningOnly: false,
};

/** Rules between fields, checked on the settings as they would be saved: field → message. */
export function paymentSettingsProblems(s: typeof defaultPaymentSettings): Record<string, string> {
  // docs/product.md "Paying": a transfer needs somewhere to send the money
  if (s.transferEnabled && !(s.bankName && s.accountName && s.accountNumber))
    return { accountNumber: "Give the bank, account name and account number before offering bank transfer" };
  return {};
}
