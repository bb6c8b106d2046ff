import { z } from "zod";

// docs/product.md "Pick-up": the shop's own address where a shopper may collect her order, free,
// instead of a delivery. Empty: the shop offers no pick-up. Safe for the browser.

export const pickupFields = {
  pickupAddress: z
    .string({ error: "Pick-up address must be text" })
    .trim()
    .max(200, "Pick-up address must be at most 200 characters")
    .refine((v) => v === "" || v.length >= 5, "Pick-up address must have at least 5 characters"),
  pickupHours: z.string({ error: "Pick-up hours must be text" }).trim().max(100, "Pick-up hours must be at most 100 characters"),
};

export const defaultPickup = { pickupAddress: "", pickupHours: "" };

export type PickupPoint = { address: string; hours: string | null };

/** Where she collects an order, or null when the shop offers no pick-up. */
export const pickupPoint = (s: typeof defaultPickup): PickupPoint | null =>
  s.pickupAddress ? { address: s.pickupAddress, hours: s.pickupHours || null } : null;

/** The shopper's refusal when pick-up is asked for and not offered (the checkout, the API). */
export const NO_PICKUP = "This shop does not offer pick-up. Please choose Standard or Express delivery.";
