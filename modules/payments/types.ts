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

/** A refund to ask of the provider: part or all of one paid transaction, in kobo. */
export type StartRefund = {
  /** the provider's transaction: its id when known, else the payment reference */
  transaction: string;
  amountKobo: number;
  currency: string;
  /** our own reference of the refund (the sandbox's id is made from it) */
  reference: string;
  /** why, for the provider's records */
  note?: string | null;
};

/** The provider took the refund: its id, and whether the money already went back or will (a webhook says when). */
export type StartedRefund = { providerRefundId: string; status: "pending" | "processed" };

export interface PaymentProvider {
  readonly name: "sandbox" | "paystack";
  initialize(input: StartPayment): Promise<{ authorizationUrl: string; accessCode?: string }>;
  verify(reference: string): Promise<VerifiedPayment>;
  /** Asks for the money back (docs/product.md "Refunds"); a refusal throws AppError payment_failed. */
  refund(input: StartRefund): Promise<StartedRefund>;
}
