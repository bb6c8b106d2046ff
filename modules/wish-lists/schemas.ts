import { z } from "zod";

/** The product a wish list's form names (save, remove). */
export const wishInput = z.object({ productId: z.uuid("Choose a product") });
