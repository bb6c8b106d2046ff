import { z } from "zod";

/** The product a wish list's form names (save, remove). */
export const wishInput = z.object({ productId: z.uuid("Choose a product") });

/** Her list's mails switched on (1) or off (0). */
export const listMailsInput = z.object({ on: z.enum(["0", "1"], "Please reload the page and try again.") });
