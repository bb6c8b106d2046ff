import { z } from "zod";

// The code a shopper types (docs/product.md "Discount codes"), apart from the owner's rules for
// making codes (./schemas.ts): the cart and the checkout fetch this one in the browser.

/** What a shopper types: blank is no code; anything else is looked up, whatever its case. */
export const shopperCode = z
  .string({ error: "Enter a discount code" })
  .trim()
  .max(40, "That is not one of our codes: codes have at most 30 characters");

/** The /cart form: apply the code typed, or remove the one applied. */
export const cartCodeInput = z.object({ code: shopperCode.min(1, "Enter a discount code") }).strict();
