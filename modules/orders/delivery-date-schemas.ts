import { z } from "zod";

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/**
 * The checkout's delivery date and window (docs/product.md "Delivery on a chosen date"): a Lagos
 * calendar date (YYYY-MM-DD) and the id of one of the shop's windows; blank or absent is none.
 * Whether the area needs or takes one, and whether it can be met, is the server's check
 * (modules/delivery/schedule.server.ts). Safe for the browser.
 */
export const deliveryDateFields = {
  deliveryDate: z.preprocess(
    blank,
    z
      .string({ error: "Choose one of the dates offered" })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose one of the dates offered")
      .optional(),
  ),
  deliveryWindow: z.preprocess(blank, z.uuid({ error: "Choose one of the windows offered" }).optional()),
};

/** The back office's move of an order's delivery day (PUT /api/purchases/{id}/delivery-day): a date and window, or none. */
export const deliveryDayInput = z.object(deliveryDateFields).strict();
export type DeliveryDayInput = z.input<typeof deliveryDayInput>;

/** The code of every answer to her order page's 'Change my delivery day' form: it is answered in its own place. */
export const DAY_CHANGE = "delivery-day";
