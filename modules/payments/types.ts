// docs/architecture.md "Payments": one interface, two implementations. A purchase is
// completed only after verify() (or a signed webhook) confirms the exact amount.

export type StartPayment = {
  reference: string;
  amountKobo: number;
  email: string;
  /** where the provider sends the payer back (an absolute URL on the shop's public address) */
  callbackUrl: string;
  /** the owner's channels (card, bank_transfer, ussd…), passed explicitly */
  channels?: readonly string[];
};

export type VerifiedPayment = {
  status: "success" | "failed" | "abandoned" | "pending";
  amountKobo: number;
  currency: string;
  transactionId: string | null;
};

export interface PaymentProvider {
  readonly name: "sandbox" | "paystack";
  initialize(input: StartPayment): Promise<{ authorizationUrl: string; accessCode?: string }>;
  verify(reference: string): Promise<VerifiedPayment>;
}
