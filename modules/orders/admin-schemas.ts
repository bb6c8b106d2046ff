import { z } from "zod";
import { listParams, sortParam } from "../admin/form-fields";

export const purchaseStatuses = ["pending", "completed", "processing", "shipped", "delivered", "cancelled", "failed"] as const;
export type PurchaseStatus = (typeof purchaseStatuses)[number];
/** Statuses of an order whose payment was confirmed (the back office moves it on from completed). */
export const PAID_STATUSES = ["completed", "processing", "shipped", "delivered"] as const satisfies readonly PurchaseStatus[];

export const purchaseSorts = ["newest", "oldest", "total_desc", "total_asc"] as const;

export const adminPurchaseListQuery = z
  .object({
    ...listParams(5),
    status: z
      .enum(purchaseStatuses, { error: "Unknown status" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    sort: sortParam(purchaseSorts, "newest"),
  })
  .strict();
export type AdminPurchaseListQuery = z.input<typeof adminPurchaseListQuery>;

// The fulfilment path after payment: completed → processing → shipped → delivered; cancel before shipping.
export const nextStatus: Partial<Record<PurchaseStatus, PurchaseStatus>> = {
  completed: "processing",
  processing: "shipped",
  shipped: "delivered",
};
export const cancellable: PurchaseStatus[] = ["pending", "completed", "processing"];

export const statusChangeInput = z
  .object({
    status: z.enum(["processing", "shipped", "delivered", "cancelled"], {
      error: "Status must be processing, shipped, delivered or cancelled",
    }),
    note: z.string().trim().max(500).optional(),
  })
  .strict();
export type StatusChangeInput = z.input<typeof statusChangeInput>;

export function canMoveTo(from: PurchaseStatus, to: PurchaseStatus): boolean {
  if (to === "cancelled") return cancellable.includes(from);
  return nextStatus[from] === to;
}
