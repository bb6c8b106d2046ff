// docs/architecture.md "Payments": one interface, two implementations. A purchase is
// completed only after verify() (or a signed webhook) confirms the exact amount.

export type StartPayment = {
  reference: string;
  amountKobo: number;
  email: string;
  /** where the provider sends the shopper back: /checkout/complete?reference=… */
  callbackUrl: string;
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
