import { z } from "zod";

// docs/product.md §3 Review: rating 1 to 5 and a comment. The spec's client also sends
// userId and productId; they are accepted, the session and the URL decide.
export const reviewFields = {
  rating: z.coerce
    .number({ error: "Choose a rating from 1 to 5" })
    .int("Choose a rating from 1 to 5")
    .min(1, "Choose a rating from 1 to 5")
    .max(5, "Choose a rating from 1 to 5"),
  comment: z.string({ error: "Write a comment" }).trim().min(1, "Write a comment").max(2000, "Keep the comment under 2,000 characters"),
};

export const reviewInput = z.object({ ...reviewFields, userId: z.unknown().optional(), productId: z.unknown().optional() }).strict();
export type ReviewInput = z.infer<typeof reviewInput>;

export const NOT_A_BUYER = "You need to purchase this product to review it.";

/** The standalone /review form: the product is chosen on the form. */
export const reviewFormInput = z.object({ productId: z.uuid("Choose a product"), ...reviewFields });
