import { z } from "zod";

/**
 * A payment reference as the shop makes them (ALF-…) and as Paystack accepts them:
 * letters, digits, '-', '.' and '='. Anything else (a NUL character, a path) names no
 * payment, so it is refused before any query.
 */
export const paymentReference = z
  .string()
  .trim()
  .min(1, "Reference is required")
  .max(100, "Reference is too long")
  .regex(/^[A-Za-z0-9._=-]+$/, "Not a payment reference");
