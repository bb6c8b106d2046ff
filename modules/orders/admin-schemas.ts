import { z } from "zod";
import { blankToUndefined, listParams, sortParam, tick } from "../../lib/form-fields";

import { nextStatusOf, notSentYet, purchaseStatuses, type PurchaseStatus } from "./statuses";

export const orderSources = ["web", "instagram", "whatsapp", "walk_in", "event", "other"] as const;
export const purchaseSorts = ["newest", "oldest", "total_desc", "total_asc"] as const;

export const adminPurchaseListQuery = z
  .object({
    ...listParams(5),
    status: z
      .enum(purchaseStatuses, { error: "Unknown status" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    sort: sortParam(purchaseSorts, "newest"),
    // where the sale was made (docs/product.md "Manual orders")
    source: z
      .enum(orderSources, { error: "Unknown source" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // part paid and waiting for the rest, or past the day agreed for it (docs/product.md "Part payments");
    // holding money to give back (give-back.server.ts); a transfer she says she sent, not recorded yet ("Paying")
    payment: z
      .enum(["part", "rest_overdue", "give_back", "transfer_sent"], { error: "Unknown payment filter" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // holding a pre-order line and not sent yet (docs/product.md "Pre-orders")
    preorder: z
      .literal("1", { error: "preorder is 1 or absent" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
  })
  .strict();
export type AdminPurchaseListQuery = z.input<typeof adminPurchaseListQuery>;

export const statusChangeInput = z
  .object({
    status: z.enum(["processing", "shipped", "delivered", "cancelled"], {
      error: "Status must be processing, shipped, delivered or cancelled",
    }),
    note: z.string().trim().max(500).optional(),
    // a pick-up collected at the counter (docs/product.md "Pick-up"): the code she shows, or none
    code: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^\d{4}$/, "A collection code is four digits")
        .optional(),
    ),
    withoutCode: tick,
  })
  .strict();
export type StatusChangeInput = z.input<typeof statusChangeInput>;

/**
 * The back office's moves: completed → processing → shipped → delivered, cancel before shipping.
 * A pay-on-delivery order goes on its way unpaid: from pending straight to processing.
 */
export function canMoveTo(from: PurchaseStatus, to: PurchaseStatus, paymentMethod = "online"): boolean {
  if (to === "cancelled") return notSentYet(from);
  return nextStatusOf({ status: from, paymentMethod }) === to;
}

/** The back office's 'Delivery refused' on a pay-on-delivery order. */
export const refusedInput = z.object({ note: z.string().trim().max(500, "Note must be at most 500 characters").optional() }).strict();
