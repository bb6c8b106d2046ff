import { z } from "zod";
import { listParams, sortParam } from "../../lib/form-fields";

import { cancellable, nextStatus, purchaseStatuses, type PurchaseStatus } from "./statuses";

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
