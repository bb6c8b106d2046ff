import { z } from "zod";
import { hasCents, numberField } from "../../lib/form-fields";

// docs/product.md "Paying" ("I have sent it"): what she says of the transfer she sent, on her
// order's page (transfer-sent.server.ts). Safe for the browser.

/** What the order's answer code is, so the page answers the form in its own place. */
export const TRANSFER_SENT = "transfer_sent";

export const transferSentInput = z
  .object({
    amount: numberField("Amount you sent")
      .refine((n) => n > 0, "Amount you sent must be more than 0")
      .refine(hasCents, "Amount you sent can have at most 2 decimals")
      .refine((n) => n <= 100_000_000, "Amount you sent must be at most ₦100,000,000"),
    from: z
      .string({ error: "Name on the account you sent from is required" })
      .trim()
      .min(2, "Name on the account you sent from is required")
      .max(80, "Name on the account you sent from must be at most 80 characters"),
  })
  .strict();
export type TransferSentInput = z.input<typeof transferSentInput>;
