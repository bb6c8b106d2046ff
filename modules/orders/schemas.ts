import { z } from "zod";
import { shopperCode } from "../discounts/schemas";

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);

// docs/product.md §3 Checkout address and §5: street, city, state, phone required.
export const checkoutFields = {
  street: required("Street").max(200),
  city: required("City").max(100),
  state: required("State").max(100),
  phone: required("Phone")
    .max(30)
    .regex(/^\+?[0-9 ()-]{7,20}$/, "Enter a valid phone number"),
  // one of the shop's delivery areas (checked by the server); absent: the profile's LGA, which must be one too (pricingLga)
  lga: z.string().trim().max(100).optional(),
  deliveryMethod: z.enum(["standard", "express"], { error: "Choose a delivery method" }).default("standard"),
  // a discount code (docs/product.md "Discount codes"); blank is none
  code: shopperCode.optional(),
};

/** The checkout form, in the browser and on the server: the form always names the delivery area. */
export const checkoutInput = z
  .object({ ...checkoutFields, lga: z.string({ error: "Choose your delivery area" }).trim().min(1, "Choose your delivery area").max(100) })
  .strict();
/** What a checkout hands the service: the form's fields, or an API client's without the LGA. */
export type CheckoutInput = z.infer<ReturnType<typeof z.object<typeof checkoutFields>>>;

/**
 * POST /api/purchases/create: the checkout form. The spec's client also sends
 * its own totals and items (docs/product.md §7); they are accepted and ignored: the server
 * prices the server cart (docs/architecture.md "Payments").
 */
export const createPurchaseInput = z
  .object({
    ...checkoutFields,
    email: z.unknown().optional(),
    fname: z.unknown().optional(),
    address: z.unknown().optional(),
    userId: z.unknown().optional(),
    totalAmount: z.unknown().optional(),
    items: z.unknown().optional(),
    cart: z.unknown().optional(),
  })
  .strict();
export type CreatePurchaseInput = z.infer<typeof createPurchaseInput>;

export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, "Idempotency-Key must have 8 to 200 characters")
  .max(200, "Idempotency-Key must have 8 to 200 characters");

/** POST /api/purchases/cancel: the payment popup closed without paying. */
export const abandonPaymentInput = z.object({ reference: z.string().trim().min(1, "Reference is required").max(100) }).strict();
