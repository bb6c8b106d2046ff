import { z } from "zod";
import { blankToUndefined, hasCents, numberField } from "../../lib/form-fields";
import { formatNaira, nairaToKobo } from "../../lib/money";
import { email, optionalPersonName } from "../accounts/schemas";
import { MAX_ORDER_KOBO } from "../pricing/price-order";

// Chipping in (docs/product.md "Chipping in"): friends pay a gift together through its payment
// link, each paying part of what is left, with a name the buyer and the others see.

/** The least a payer may chip in, in kobo: ₦1,000. */
export const LEAST_PART_KOBO = 100_000;

/** "Chip in at least ₦1,000." */
export const leastPartWords = `Chip in at least ${formatNaira(LEAST_PART_KOBO)}.`;

export const chipInInput = z.object({
  // naira with kobo, as the order's total may have; compared in whole kobo
  amount: numberField("Amount")
    .refine(hasCents, { message: "Amount can have at most 2 decimals", abort: true })
    .refine((n) => nairaToKobo(n) >= LEAST_PART_KOBO, leastPartWords)
    .refine((n) => nairaToKobo(n) <= MAX_ORDER_KOBO, `Amount must be at most ${formatNaira(MAX_ORDER_KOBO)}`),
  name: optionalPersonName("Your name"),
  // for the provider's receipt: without one, the shop's is used (never the buyer's)
  email: z.preprocess(blankToUndefined, email.optional()),
});

export type ChipIn = z.output<typeof chipInInput>;
