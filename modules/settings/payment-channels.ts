// Paystack's payment channels and their labels, apart from the schemas: the checkout draws them
// without loading zod (modules/settings/payment-schemas.ts checks a setting against them).

/** Paystack's channels (https://paystack.com/docs/payments/payment-channels), passed on every payment. */
export const paystackChannels = ["card", "bank_transfer", "ussd", "bank", "qr", "mobile_money", "apple_pay"] as const;
export type PaystackChannel = (typeof paystackChannels)[number];
export const channelLabels: Record<PaystackChannel, string> = {
  card: "Card",
  bank_transfer: "Bank transfer",
  ussd: "USSD",
  bank: "Bank account",
  qr: "QR code",
  mobile_money: "Mobile money",
  apple_pay: "Apple Pay",
};
