import { z } from "zod";

// The /track form (docs/product.md "Tracking an order"): checked alike in the browser and on the server.

export const trackInput = z
  .object({
    number: z
      .string()
      .trim()
      .transform((s) => s.replace(/^#/, "").toLowerCase())
      .pipe(z.string().regex(/^[0-9a-f]{8}$/, "Order number is the 8 letters and digits in your order mail, like 3f9a1c2e")),
    contact: z.string().trim().min(1, "Phone or email is required").max(254, "Phone or email must be at most 254 characters"),
  })
  .strict();
export type TrackInput = z.output<typeof trackInput>;
