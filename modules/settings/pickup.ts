import { z } from "zod";

// docs/product.md "Pick-up": the settings' fields of the shop's pick-up points (one, or two across
// town); an empty address is no point there. Read as points by pickup-points.ts.

const pickupAddressField = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(200, `${label} must be at most 200 characters`)
    .refine((v) => v === "" || v.length >= 5, `${label} must have at least 5 characters`);
const pickupHoursField = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(100, `${label} must be at most 100 characters`);

export const pickupFields = {
  pickupAddress: pickupAddressField("Pick-up address"),
  pickupHours: pickupHoursField("Pick-up hours"),
  // a second point across town (the Island and the Mainland are hours apart in traffic); empty: none
  pickupAddress2: pickupAddressField("Second pick-up address"),
  pickupHours2: pickupHoursField("Second pick-up hours"),
};
