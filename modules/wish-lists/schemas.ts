import { z } from "zod";
import { nigerianPhone } from "../../lib/form-fields";
import { addressLinkProblem } from "../accounts/schemas";

/** The product a wish list's form names (save, remove). */
export const wishInput = z.object({ productId: z.uuid("Choose a product") });

/** Her list's mails switched on (1) or off (0). */
export const listMailsInput = z.object({ on: z.enum(["0", "1"], "Please reload the page and try again.") });

/** A line of her address: it goes into orders and their mails, so like the checkout's it holds no web address. */
const addressLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    // a line over the limit is refused already, and never scanned at length
    .refine((v) => v.length > max || !addressLinkProblem(label, v), `${label} cannot contain a web address`);

/**
 * Where friends may send her a gift from her list ("Send it to her", docs/product.md "Wish lists"):
 * the rider's number, her area (one of the shop's, checked by the service), street and city.
 */
export const listAddressInput = z.object({
  phone: nigerianPhone("Phone"),
  lga: z.string({ error: "Choose your delivery area" }).trim().min(1, "Choose your delivery area").max(100),
  street: addressLine("Street", 200),
  city: addressLine("City", 100),
});
export type ListAddressInput = z.output<typeof listAddressInput>;
