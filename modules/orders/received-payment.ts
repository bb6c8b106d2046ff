import type { VerifiedPayment } from "../payments/types";

/** A payment as the shop records it: the provider's verified answer, or money the owner recorded by hand. */
export type ReceivedPayment = VerifiedPayment & {
  /** how it arrived (default: through the provider) */
  paidVia?: "provider" | "transfer" | "cash" | "pos";
  /** the owner's reference (transfer narration, POS slip) */
  note?: string | null;
  /** the admin who recorded it */
  actorId?: string | null;
  /** the payment attempt it was made on (the provider's reference) */
  reference?: string;
  /** the attempt was a part chipped in through a payment link: its amount and the payer's name */
  part?: { amountKobo: number; payerName: string | null };
};
