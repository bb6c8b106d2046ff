import { z } from "zod";
import { shopperCode } from "../discounts/shopper-code";
import { MOST_UNITS_IN_A_LINE } from "../settings/schemas";

// Quantities are whole units; prices never come from the client (docs/architecture.md "Payments").
export const quantitySchema = z
  .number({ error: "Enter a quantity" })
  .int("Enter a whole number")
  .min(1, "The minimum is 1")
  .max(MOST_UNITS_IN_A_LINE, "That is too many");

/**
 * docs/product.md §7 POST /api/cart/create sends product details and the shopper's name too;
 * they are accepted for compatibility and ignored: the line shows the product's current data.
 */
export const addToCartInput = z
  .object({
    productId: z.uuid("Choose a product"),
    quantity: quantitySchema.default(1),
    userId: z.uuid().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
    imageUrl: z.string().nullable().optional(),
    size: z.string().nullable().optional(),
    color: z.string().nullable().optional(),
    email: z.string().optional(),
    fname: z.string().optional(),
    price: z.unknown().optional(),
    discount: z.unknown().optional(),
    totalPrice: z.unknown().optional(),
  })
  .strict();
export type AddToCartInput = z.infer<typeof addToCartInput>;

export const updateCartItemInput = z.object({ quantity: quantitySchema }).strict();

// the guest cart kept in the browser, merged at login or registration
export const mergeCartInput = z
  .object({
    lines: z.array(z.object({ productId: z.uuid(), quantity: quantitySchema }).strict()).max(100),
  })
  .strict();
export type MergeCartInput = z.infer<typeof mergeCartInput>;

/** POST /api/cart/quote: the guest cart, priced for the delivery area chosen in the cart (if any yet). */
export const quoteCartInput = mergeCartInput.extend({ lga: z.string().trim().max(100).optional(), code: shopperCode.optional() }).strict();
