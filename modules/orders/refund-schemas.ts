import { z } from "zod";
import { hasCents, numberField } from "../../lib/form-fields";

// A refund from the back office (docs/product.md "Refunds"): how much, why, and the order lines
// whose stock goes back. One schema for the API and the order page's form (which names each
// line's field restock_<line id>, see refundFormInput).

export const refundInput = z
  .object({
    amount: numberField("Amount")
      .refine((n) => n > 0, "Amount must be more than 0")
      .refine(hasCents, "Amount can have at most 2 decimals"),
    reason: z.string().trim().max(500, "Reason must be at most 500 characters").optional(),
    restock: z
      .array(
        z
          .object({
            itemId: z.uuid({ error: "Unknown order line" }),
            quantity: numberField("Quantity to put back")
              .refine(Number.isInteger, "Quantity to put back must be a whole number")
              .refine((n) => n >= 1, "Quantity to put back must be at least 1"),
          })
          .strict(),
      )
      .max(100)
      .default([]),
  })
  .strict();
export type RefundInput = z.input<typeof refundInput>;

/** The order page's form as the API's body: restock_<line id> fields with a quantity above 0 become restock lines. */
export function refundFormInput(form: FormData): RefundInput {
  const restock = [...form.entries()]
    .filter(([name, value]) => name.startsWith("restock_") && typeof value === "string" && value.trim() !== "" && value.trim() !== "0")
    .map(([name, value]) => ({ itemId: name.slice("restock_".length), quantity: value as unknown as number }));
  const reason = form.get("reason")?.toString();
  return { amount: form.get("amount")?.toString() as unknown as number, ...(reason ? { reason } : {}), restock };
}

/**
 * Where an order's money stands (refundSummary): nothing refunded, a refund on its way, only what
 * arrived over its total given back (the order itself is not refunded), part or all of it back.
 */
export type RefundState = "none" | "pending" | "overpayment" | "partial" | "full";

export const refundStateLabels: Record<RefundState, string> = {
  none: "Not refunded",
  pending: "Refund on its way",
  overpayment: "Overpayment refunded",
  partial: "Partly refunded",
  full: "Refunded",
};
